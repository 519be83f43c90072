import type { ToolRequest, ToolResponse } from '@agent-chat/core';
import type { HTMLAttributes } from 'react';
import { cx } from './class-names.js';
import { formatValue, previewValue } from './format-value.js';

/** Where a tool call stands. */
export type ToolActivityState = 'running' | 'done' | 'waiting' | 'answered' | 'cancelled';

/** Props of {@link ToolActivity}. */
export interface ToolActivityProps extends HTMLAttributes<HTMLDetailsElement> {
  /** The call; absent for a result whose request is not in view. */
  request?: ToolRequest;
  response?: ToolResponse;
  state: ToolActivityState;
}

const STATUS_TEXT: Record<ToolActivityState, string> = {
  running: 'running',
  done: 'done',
  waiting: 'waiting for your answer',
  answered: 'answered',
  cancelled: 'no result',
};

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

/** One compact row for a tool call: name, input, result, and a spinner while it runs. Expands to the full values. */
export function ToolActivity({ request, response, state, className, ...rest }: ToolActivityProps) {
  const name = request?.name ?? response?.name ?? 'tool';
  const input = request?.input;
  const output = response?.output;
  return (
    <details {...rest} className={cx('acu-tool', className)} data-state={state}>
      <summary className="acu-tool__summary">
        <span className="acu-tool__icon" data-state={state} aria-hidden="true" />
        <span className="acu-tool__name" title={name}>{name}</span>
        {input !== undefined ? <code className="acu-tool__input">{previewValue(input)}</code> : null}
        {output !== undefined ? (
          <>
            <span className="acu-tool__arrow" aria-hidden="true">→</span>
            <code className="acu-tool__output">{previewValue(output)}</code>
          </>
        ) : null}
        <span className="acu-tool__status" data-state={state}>{STATUS_TEXT[state]}</span>
      </summary>
      <div className="acu-tool__details">
        {detail('Input', input)}
        {detail('Result', output)}
        {input === undefined && output === undefined ? <div className="acu-tool__label">No input or result.</div> : null}
      </div>
    </details>
  );
}
