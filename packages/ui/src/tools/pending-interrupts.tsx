import type { ToolRequestPart } from '@agent-chat/core';
import { interruptQuestion } from '../interrupt-prompt/interrupt-answers.js';
import { LazyToolActivity } from './lazy-tool-activity.js';
import { ToolCallContext, useToolRegistry, type ToolRenderProps } from './tool-registry.js';

/**
 * The interrupts waiting for an answer that no message row shows (a protocol may send them with the run's end, apart
 * from its messages): each asked inline after the rows, as a tool row that awaits approval.
 */
export function PendingInterrupts({ interrupts }: { interrupts: readonly ToolRequestPart[] }) {
  const registry = useToolRegistry();
  if (interrupts.length === 0 || !registry) return null;
  return (
    <div className="acu-message-list__interrupts">
      {interrupts.map((part) => {
        const { name, ref } = part.toolRequest;
        const answer = (output: unknown) => registry.answer({ toolCallId: ref ?? name, name, ref }, output);
        const renderer = registry.renderer(name, true);
        if (renderer) {
          const key = `${name}\u0000${ref ?? ''}`;
          const props: ToolRenderProps = {
            toolCallId: ref ?? name, name, input: part.toolRequest.input, output: undefined, status: 'awaiting-answer', error: undefined, request: part,
            interrupt: { part, prompt: interruptQuestion(part) }, resume: answer, confirm: () => answer(true), deny: (reason) => answer(reason ? { approved: false, reason } : false),
          };
          return <ToolCallContext.Provider key={key} value={props}>{renderer(props)}</ToolCallContext.Provider>;
        }
        return (
          <LazyToolActivity key={`${name}\u0000${ref ?? ''}`} request={part.toolRequest} state="awaiting-answer" prompt={interruptQuestion(part)}
            onConfirm={(text) => answer(text ?? true)} onDeny={() => answer(false)} />
        );
      })}
    </div>
  );
}
