/**
 * Requests to an AI SDK chat route, as `DefaultChatTransport` posts them: `{id, messages, trigger, messageId?}`.
 *   - `id` is the chat id: the session id; the transport generates one when the chat has none.
 *   - `messages` are UI messages `{id, role, parts, metadata?}` converted from the history plus the new message.
 *     Consecutive model/tool messages form one assistant message (a `step-start` part before each model message);
 *     a tool request and its response form one `tool-<name>` part (`dynamic-tool` when `metadata.dynamic`).
 *     Message ids: the server's `start.messageId` when the message carries it (`metadata.messageId`), else
 *     `<chat id>-<history index>` (stable across turns).
 *   - `trigger` is 'submit-message', and 'regenerate-message' when a turn runs again for a new answer (`regenerate`,
 *     `retry`), with `messageId` the replaced assistant message's id, as `Chat.regenerate({messageId})` sends it. An edit
 *     is 'submit-message' with `messageId` the edited user message's id, as `Chat.sendMessage({text, messageId})`.
 *     `messageId` is also set when answering tool approvals (the assistant message whose parts were answered), as
 *     `Chat.addToolApprovalResponse` does.
 *   - Answering a `tool-approval-request` (`chat.resume(...)`): the tool part is sent in state 'approval-responded'
 *     with `approval: {id, approved, reason?}` (plus the request's `signature` / `inputSchemaInput` / `descriptor`),
 *     which `convertToModelMessages` turns into a `tool-approval-response` that `streamText` executes or denies.
 *     The answer is read from the tool response's output: `true`/`false`, `{approved, reason?}`, or text ('yes',
 *     'y', 'ok', 'approve', 'approved', 'allow', 'confirm', 'true' approve; anything else denies, with the text as
 *     the reason unless it is a plain 'no'/'deny'/…). Answering a plain tool call (a client-side tool) sends it as
 *     'output-available' with the output, as `addToolOutput` does. A question a sub-agent asked (a tool call of its run,
 *     `metadata.subAgent`) is answered as the approval of the call that runs it, with the question's approval id.
 */
import type { AgentInput } from '../../model/chunk.js';
import type { Message } from '../../model/message.js';
import type { ToolResponsePart } from '../../model/part.js';
import type { TurnRerun } from '../../transport/transport.js';
import { approvalDecision, approvalOf } from './ai-sdk-approval.js';
import { isToolRequestPart } from '../../model/part.js';
import { subAgentOf } from '../../model/sub-agent.js';
import { toAiSdkUiMessages, type AiSdkUiMessage } from './ai-sdk-ui-messages.js';
import { isRecord } from '../../util/guards.js';
import type { AgentContextEntry } from '../../model/context.js';
import type { JsonPatchOperation } from '../../model/events.js';

/** The body `DefaultChatTransport` posts. */
export interface AiSdkRequestBody {
  id: string;
  messages: AiSdkUiMessage[];
  trigger: 'submit-message' | 'regenerate-message';
  messageId?: string;
  /** The kit's field: the client's pending custom-state writes, one RFC 6902 patch for the route to apply first. */
  customPatch?: JsonPatchOperation[];
  /** The kit's field: app context entries for this turn. */
  context?: AgentContextEntry[];
}

/** What an AI SDK request is built from. */
export interface AiSdkTurnContext {
  input: AgentInput;
  history: readonly Message[];
  /** A turn run again from an earlier point: the history is the conversation up to there. */
  rerun?: TurnRerun;
  /** Local custom-state writes the agent has not seen, sent as `customPatch`. */
  customWrites?: readonly JsonPatchOperation[];
  /** App context, sent as `context`. */
  context?: readonly AgentContextEntry[];
}

/**
 * The call that waits on question `ref` of its sub-agent, and the question's approval id: the AI SDK answers approvals
 * of top-level calls only, so the call's approval, named after the question, carries the answer.
 */
function askingCall(history: readonly Message[], ref: string): { callRef: string; approvalId: string } | undefined {
  for (let index = history.length - 1; index >= 0; index--) {
    for (const part of history[index]!.content) {
      const run = subAgentOf(part);
      if (!run || !isToolRequestPart(part) || part.toolRequest.ref === undefined) continue;
      for (const message of run.messages) {
        for (const asked of message.content) {
          const approval = isToolRequestPart(asked) && asked.toolRequest.ref === ref ? approvalOf(asked) : undefined;
          if (approval) return { callRef: part.toolRequest.ref, approvalId: approval.approvalId };
        }
      }
    }
  }
  return undefined;
}

/**
 * Applies tool answers to the UI messages: an approval request becomes 'approval-responded', a plain tool call
 * 'output-available'; the answer to a sub-agent's question, the approval of the call that runs it. Returns the id of
 * the last assistant message that was answered.
 */
function applyAnswers(messages: AiSdkUiMessage[], answers: readonly ToolResponsePart[], history: readonly Message[]): string | undefined {
  let answered: string | undefined;
  for (const answer of answers) {
    const { name } = answer.toolResponse;
    let ref = answer.toolResponse.ref;
    const asking = ref !== undefined && !messages.some((message) => message.parts.some((part) => part.toolCallId === ref)) ? askingCall(history, ref) : undefined;
    if (asking) ref = asking.callRef;
    search: for (let m = messages.length - 1; m >= 0; m--) {
      const message = messages[m]!;
      if (message.role !== 'assistant') continue;
      for (const part of message.parts) {
        if (typeof part.toolCallId !== 'string') continue;
        const partName = part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length);
        const matches = ref !== undefined ? part.toolCallId === ref : partName === name && (part.state === 'approval-requested' || part.state === 'input-available');
        if (!matches) continue;
        if (asking) {
          part.state = 'approval-responded';
          part.approval = { id: asking.approvalId, ...approvalDecision(answer.toolResponse.output) };
          if (part.input === undefined) part.input = {};
        } else if (part.state === 'approval-requested' && isRecord(part.approval)) {
          part.state = 'approval-responded';
          part.approval = { ...part.approval, ...approvalDecision(answer.toolResponse.output) };
        } else if (part.state === 'input-available' || part.state === 'input-streaming') {
          part.state = 'output-available';
          part.output = answer.toolResponse.output;
          if (part.input === undefined) part.input = {};
        }
        answered = message.id;
        break search;
      }
    }
  }
  return answered;
}

/**
 * The body of one turn for an AI SDK chat route: `{id, messages, trigger, messageId?}`, and the kit's
 * `customPatch` / `context` when there are local writes / app context (extra body fields, as `useChat`'s `body` adds).
 * `chatId` is the session id (the transport generates one for a new chat).
 */
export function buildAiSdkRequestBody(context: AiSdkTurnContext, chatId: string): AiSdkRequestBody {
  const messages = toAiSdkUiMessages(context.history, chatId);
  const answered = applyAnswers(messages, context.input.resume?.respond ?? [], context.history);
  if (context.input.message) {
    const [message] = toAiSdkUiMessages([context.input.message], chatId);
    if (message) {
      message.id = `${chatId}-${context.history.length}`;
      messages.push(message);
    }
  }
  const body: AiSdkRequestBody = { id: chatId, messages, trigger: 'submit-message' };
  if (context.customWrites?.length) body.customPatch = [...context.customWrites];
  if (context.context?.length) body.context = [...context.context];
  if (answered !== undefined && !context.input.message) body.messageId = answered;
  const rerun = context.rerun;
  if (rerun?.operation === 'edit' && messages.length > 0) body.messageId = messages[messages.length - 1]!.id;
  else if (rerun) {
    body.trigger = 'regenerate-message';
    // The replaced answer's id as the previous request's conversation named it.
    const replaced = rerun.replaced?.role === 'model' ? rerun.replaced : null;
    const conversation = context.input.message ? [...context.history, context.input.message] : [...context.history];
    if (replaced) body.messageId = toAiSdkUiMessages([...conversation, replaced], chatId).at(-1)!.id;
  }
  return body;
}
