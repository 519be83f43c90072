import type { AgentInput } from '../../model/chunk.js';
import { contextValueText, type AgentContextEntry } from '../../model/context.js';
import type { Message } from '../../model/message.js';
import { isToolRequestPart, type ToolRequestPart, type ToolResponsePart } from '../../model/part.js';
import type { TurnRequest } from '../../transport/transport.js';
import { toAguiMessages } from './agui-messages.js';
import type { AguiResumeEntry, AguiRunAgentInput } from './agui-wire-types.js';
import { isRecord, stringOr } from '../../util/guards.js';
import { randomId } from '../../util/ids.js';

/** A client tool as the turn request declares it (the chat's `tools`, without `execute`). */
type ToolDeclaration = NonNullable<TurnRequest['tools']>[number];

/** The AG-UI protocol version this dialect speaks (sent as `RunAgentInput.protocolVersion`). */
export const AGUI_PROTOCOL_VERSION = '1.0';

/** The id of the interrupt a part stands for: `metadata.interrupt.id`, else the part's `ref`. */
export function aguiInterruptIdOf(part: ToolRequestPart): string | undefined {
  const interrupt = part.metadata?.interrupt;
  return (isRecord(interrupt) ? stringOr(interrupt.id) : undefined) ?? part.toolRequest.ref;
}

/**
 * The `resume` entries of a run: every open interrupt answered by id. A response answers the interrupt whose `ref`
 * (or interrupt id) it names, or — without a ref — the one with its name. `metadata.cancelled: true` on a response, or
 * no response at all, sends `status: 'cancelled'` (AG-UI requires every open interrupt to be addressed, so a plain
 * new message abandons them). Responses naming no open interrupt are sent by their ref.
 */
export function buildAguiResume(respond: readonly ToolResponsePart[] | undefined, interrupts: readonly ToolRequestPart[]): AguiResumeEntry[] | undefined {
  const responses = [...(respond ?? [])];
  const entries: AguiResumeEntry[] = [];
  const answered = (interruptId: string | undefined) => interruptId === undefined || entries.some((entry) => entry.interruptId === interruptId);
  const answer = (interruptId: string, response: ToolResponsePart | undefined) => {
    const output = response?.toolResponse.output;
    entries.push(!response || response.metadata?.cancelled === true
      ? { interruptId, status: 'cancelled' }
      : { interruptId, status: 'resolved', ...(output !== undefined ? { payload: output } : {}) });
  };
  for (const interrupt of interrupts) {
    const interruptId = aguiInterruptIdOf(interrupt);
    if (answered(interruptId)) continue;
    const { ref, name } = interrupt.toolRequest;
    const index = responses.findIndex(({ toolResponse: reply }) => (reply.ref !== undefined ? reply.ref === ref || reply.ref === interruptId : reply.name === name));
    answer(interruptId!, index >= 0 ? responses.splice(index, 1)[0] : undefined);
  }
  for (const response of responses) {
    const ref = response.toolResponse.ref;
    if (!answered(ref)) answer(ref!, response);
  }
  return entries.length > 0 ? entries : undefined;
}

/** What an AG-UI run request is built from (a subset of the transport's `TurnRequest`). */
export interface AguiTurnContext {
  input: AgentInput;
  /** The conversation before this turn: AG-UI sends the whole history every run. */
  history: readonly Message[];
  /** The thread id, once known. */
  sessionId: string | null;
  /** The custom state as the client has it, sent as `state`. */
  custom: unknown;
  /** Interrupts left open by the previous run, answered by id in `resume`. */
  interrupts: readonly ToolRequestPart[];
  /** Client-side tools, declared as `tools`. */
  tools?: readonly ToolDeclaration[];
  /** App context, sent as `context` entries (`value` as text: JSON unless it is a string). */
  context?: readonly AgentContextEntry[];
}

/** The answers to plain tool calls of the history (client-side tools, not interrupts): sent as `tool` messages. */
function toolCallAnswers(context: AguiTurnContext): ToolResponsePart[] {
  const calls = new Set<string>();
  for (const message of context.history) {
    for (const part of message.content) {
      const plainCall = isToolRequestPart(part) && part.metadata?.interrupt === undefined ? part.toolRequest.ref : undefined;
      if (plainCall !== undefined) calls.add(plainCall);
    }
  }
  for (const interrupt of context.interrupts) {
    calls.delete(interrupt.toolRequest.ref!);
    calls.delete(aguiInterruptIdOf(interrupt)!);
  }
  return (context.input.resume?.respond ?? []).filter((response) => response.toolResponse.ref !== undefined && calls.has(response.toolResponse.ref));
}

/** AG-UI's `Tool`: a name, a description and the JSON Schema of its parameters. */
const toAguiTool = ({ name, description, inputSchema }: ToolDeclaration) => ({
  name,
  description: description ?? name,
  parameters: inputSchema ?? { type: 'object', properties: {} },
});

/**
 * The `RunAgentInput` of one turn: the thread (the session id, or a new one), a new run id, the whole conversation
 * with the new message, the client's custom state (local writes included) as `state`, the app context as `context`,
 * and `resume` when interrupts are open.
 */
export function buildAguiRunInput(
  context: AguiTurnContext,
  options: { threadId?: string; runId?: string; generateId?: () => string } = {},
): AguiRunAgentInput {
  const generateId = options.generateId ?? randomId;
  const threadId = context.sessionId ?? options.threadId ?? generateId();
  const runId = options.runId ?? generateId();
  const answers = toolCallAnswers(context);
  const respond = context.input.resume?.respond?.filter((response) => !answers.includes(response));
  const conversation: Message[] = [...context.history, ...(answers.length > 0 ? [{ role: 'tool' as const, content: answers }] : []), ...(context.input.message ? [context.input.message] : [])];
  const resume = buildAguiResume(respond, context.interrupts);
  return {
    threadId,
    runId,
    protocolVersion: AGUI_PROTOCOL_VERSION,
    messages: toAguiMessages(conversation, threadId),
    tools: (context.tools ?? []).map(toAguiTool),
    context: (context.context ?? []).map(({ description, value }) => ({ description, value: contextValueText(value) })),
    state: context.custom ?? {},
    forwardedProps: {},
    ...(resume ? { resume } : {}),
  };
}
