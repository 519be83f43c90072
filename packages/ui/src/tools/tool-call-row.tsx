import { isInterruptPart, type ChatMessage, type ToolRequestPart, type ToolResponsePart } from '@agent-chat/core';
import type { ReactNode } from 'react';
import { interruptQuestion } from '../interrupt-prompt/interrupt-answers.js';
import { toolCallStatus, toolErrorOf } from './tool-call-status.js';
import { LazySubAgentView } from './lazy-sub-agent-view.js';
import { subAgentRunOf } from '../sub-agent/sub-agent-run.js';
import { LazyToolActivity } from './lazy-tool-activity.js';
import type { RowToolLinks } from './tool-links.js';
import { ToolCallContext, type ToolRegistryValue, type ToolRenderProps } from './tool-registry.js';

/**
 * One tool call of a row: the registry's renderer for its name, else the default {@link ToolActivity}; a call that ran
 * a sub-agent shows the run's work under it.
 */
export function renderToolCall(
  message: ChatMessage,
  part: ToolRequestPart,
  index: number,
  responsePart: ToolResponsePart | undefined,
  links: RowToolLinks,
  registry: ToolRegistryValue | null,
): ReactNode {
  const call = renderCall(message, part, index, responsePart, links, registry);
  const run = subAgentRunOf(part);
  if (!run) return call;
  return (
    <div className="acu-tool-group">
      {call}
      <LazySubAgentView run={run} />
    </div>
  );
}

function renderCall(
  message: ChatMessage,
  part: ToolRequestPart,
  index: number,
  responsePart: ToolResponsePart | undefined,
  links: RowToolLinks,
  registry: ToolRegistryValue | null,
): ReactNode {
  const { name, ref, input, partial } = part.toolRequest;
  const call = links.calls?.[index];
  const interrupt = isInterruptPart(part);
  const response = responsePart?.toolResponse;
  // A call whose sub-agent asked the user waits with it (the question is the sub-agent's).
  const status = !response && subAgentRunOf(part)?.status === 'interrupted'
    ? 'waiting'
    : toolCallStatus({ partial: partial === true, interrupt, response, responsePart, call, messageStatus: message.status, waiting: links.waiting, active: links.active });
  const output = response?.output ?? call?.response?.toolResponse.output;
  const target = { toolCallId: ref ?? name, name, ref };
  const answer = (value: unknown) => registry?.answer(target, value);
  const confirm = () => answer(true);
  const deny = (reason?: string) => answer(reason ? { approved: false, reason } : false);
  const renderer = registry?.renderer(name, interrupt);
  if (renderer) {
    const asked = links.asked?.[index];
    const props: ToolRenderProps = {
      toolCallId: target.toolCallId, name, input, output, status, error: toolErrorOf(output), resume: answer, confirm, deny, request: part,
      interrupt: asked ? { part: asked, prompt: interruptQuestion(asked) } : undefined,
    };
    return <ToolCallContext.Provider value={props}>{renderer(props)}</ToolCallContext.Provider>;
  }
  const shown = output !== undefined ? { name, ...(ref !== undefined ? { ref } : {}), output } : undefined;
  const answerable = registry && interrupt && status === 'awaiting-answer';
  return <LazyToolActivity request={part.toolRequest} response={shown} state={status} {...(answerable ? { onConfirm: (text?: string) => answer(text ?? true), onDeny: () => deny(), prompt: interruptQuestion(part) } : {})} />;
}
