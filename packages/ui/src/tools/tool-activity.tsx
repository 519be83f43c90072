import type { ToolRequest, ToolResponse } from '@agent-chat/core';
import type { DetailsHTMLAttributes } from 'react';
import { cx } from '../util/class-names.js';
import { formatValue } from '../util/format-value.js';
import { InterruptPrompt, type InlinePrompt } from '../interrupt-prompt/interrupt-prompt.js';
import { useLabels, type AgentChatLabels } from '../labels/labels.js';
import { toolErrorOf, type ToolCallStatus } from './tool-call-status.js';
import { readableToolName } from '../util/readable-name.js';
import { useAnswerFailure } from './answer-failure.js';

/** Where a tool call stands (see {@link ToolCallStatus}). */
export type ToolActivityState = ToolCallStatus;

/** Props of {@link ToolActivity}. */
export interface ToolActivityProps extends DetailsHTMLAttributes<HTMLDetailsElement> {
  /** The call; absent for a result whose request is not in view. */
  request?: ToolRequest;
  response?: ToolResponse;
  state: ToolActivityState;
  /** Shown as Confirm / Deny buttons while the call awaits approval (Confirm gets the typed text when the agent asks for text). */
  onConfirm?: (text?: string) => void;
  onDeny?: () => void;
  /**
   * What the agent asked, for an interrupt: its title and question, whether it wants text, its own button words
   * (`confirmLabel`, `denyLabel`) and whether it is destructive (danger styling), as `interruptQuestion(part)` reads them.
   */
  prompt?: InlinePrompt;
  /** Replaces some of the row's strings (its status words, Input, Result, Confirm…). */
  labels?: Partial<AgentChatLabels>;
}

/** A labelled full value in the expanded details, or nothing when there is no value. */
function detail(label: string, value: unknown) {
  if (value === undefined) return null;
  return (
    <>
      <div className="acu-tool__label">{label}</div>
      <pre className="acu-tool__value">{formatValue(value)}</pre>
    </>
  );
}

/**
 * One row for a tool call: its readable name and status in words; the input and result, formatted, behind a
 * disclosure; while an interrupt awaits an answer, its question and Confirm / Deny inline (focus moves there).
 */
export function ToolActivity({ request, response, state, onConfirm, onDeny, prompt, labels: own, className, ...rest }: ToolActivityProps) {
  const labels = useLabels(own);
  const name = request?.name ?? response?.name ?? labels.roleTool;
  const input = request?.input;
  const output = response?.output;
  const error = toolErrorOf(output);
  const asking = state === 'awaiting-answer' && (onConfirm || onDeny);
  // The answer the user gave did not reach the agent: the question is open again, and says so.
  const failure = useAnswerFailure();
  const failed = state === 'awaiting-answer' && failure !== null;
  return (
    <div className={cx('acu-tool-row', className)} data-state={state} data-answer={failed ? 'failed' : undefined}>
      <details {...rest} className="acu-tool" data-state={state}>
        <summary className="acu-tool__summary">
          <span className="acu-tool__icon" data-state={state} aria-hidden="true" />
          <span className="acu-tool__name" title={name}>{readableToolName(name)}</span>
          <span className="acu-tool__status" data-state={state}>{labels.toolStatus[state]}</span>
        </summary>
        <div className="acu-tool__details">
          {detail(labels.toolInput, input)}
          {error !== undefined ? detail(labels.toolError, error) : detail(labels.toolResult, output)}
          {input === undefined && output === undefined ? <div className="acu-tool__label">{labels.toolNoDetails}</div> : null}
        </div>
      </details>
      {failed ? <p className="acu-tool__failure" role="alert">{labels.answerFailed(failure)}</p> : null}
      {asking ? <InterruptPrompt toolName={readableToolName(name)} prompt={prompt} onConfirm={onConfirm} onDeny={onDeny} labels={labels} /> : null}
    </div>
  );
}
