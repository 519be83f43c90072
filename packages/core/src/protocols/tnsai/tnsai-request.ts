// The request of a TnsAI turn: the encoding is described at the top of tnsai-decoder.ts.
import type { AgentInput } from '../../model/chunk.js';
import type { Message } from '../../model/message.js';
import { AgentChatError } from '../../model/error.js';
import { isMediaPart, isToolRequestPart, isToolResponsePart, textOf } from '../../model/part.js';

/** A tool call as TOOL_CALL chunks and the history carry it. */
export interface TnsaiToolCall {
  id?: string;
  name: string;
  arguments: unknown;
}

/** One history entry of the request. */
export type TnsaiHistoryEntry =
  | { role: 'user' | 'system'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: TnsaiToolCall[] }
  | { role: 'tool'; content: string; toolCallId?: string; name: string };

/** The request body. */
export interface TnsaiRequestBody {
  message: string;
  sessionId: string;
  history: TnsaiHistoryEntry[];
  toolResults?: Array<{ toolCallId?: string; name: string; output: unknown }>;
}

/** What a TnsAI request is built from. */
export interface TnsaiTurnContext {
  input: AgentInput;
  history: readonly Message[];
  /** TnsAI has no field for state or context: a turn with either is refused (`unsupported`) before any request. */
  customWrites?: readonly unknown[];
  context?: readonly unknown[];
}

/** `{[key]: ref}` when the part has a ref. */
export const refAs = <K extends string>(key: K, ref: string | undefined) => (ref !== undefined ? { [key]: ref } : {}) as { [P in K]?: string };

function historyEntries(message: Message): TnsaiHistoryEntry[] {
  const { role, content } = message;
  switch (role) {
    case 'user':
    case 'system':
      return [{ role, content: textOf(content) }];
    case 'model': {
      const toolCalls = content.filter(isToolRequestPart).map(({ toolRequest: { name, ref, input } }) => ({ ...refAs('id', ref), name, arguments: input ?? {} }));
      return [{ role: 'assistant', content: textOf(content), ...(toolCalls.length > 0 ? { toolCalls } : {}) }];
    }
    case 'tool':
      return content.filter(isToolResponsePart).map(({ toolResponse: { name, ref, output } }) => ({
        role: 'tool' as const,
        content: JSON.stringify(output ?? null),
        ...refAs('toolCallId', ref),
        name,
      }));
  }
}

/**
 * The body of one turn: `{message, sessionId, history, toolResults?}` (see the top of this file). TnsAI's request
 * carries text only: a message with an image or file is refused with an `unsupported` error rather than sent without it.
 */
export function buildTnsaiRequestBody(context: TnsaiTurnContext, sessionId: string): TnsaiRequestBody {
  const { message, resume } = context.input;
  if (message?.content.some(isMediaPart)) {
    throw new AgentChatError('unsupported', 'TnsAI chat requests carry text only: images and files cannot be sent.');
  }
  if (context.customWrites?.length) throw new AgentChatError('unsupported', 'TnsAI chat requests carry no state: local custom-state writes (setCustom) cannot be sent.');
  if (context.context?.length) throw new AgentChatError('unsupported', 'TnsAI chat requests carry no context: app context cannot be sent.');
  const body: TnsaiRequestBody = { message: message ? textOf(message.content) : '', sessionId, history: context.history.flatMap(historyEntries) };
  const respond = resume?.respond;
  if (respond?.length) {
    body.toolResults = respond.map(({ toolResponse: { name, ref, output } }) => ({ ...refAs('toolCallId', ref), name, output }));
  }
  return body;
}
