import type { AgentEvent } from '../model/events.js';
import type { Message, Role } from '../model/message.js';
import { parseArguments, partsOfContent, roleOf, toolOutputOf } from './agui-content.js';
import type { AguiEntry, AguiStreamState } from './agui-stream-state.js';
import { isRecord, stringOr } from './decoder.js';

/** Tool call id → tool name, for the assistant messages of a snapshot. */
function toolNames(messages: readonly Record<string, unknown>[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const message of messages) {
    if (message.role !== 'assistant' || !Array.isArray(message.toolCalls)) continue;
    for (const call of message.toolCalls.filter(isRecord)) {
      const fn = isRecord(call.function) ? call.function : {};
      if (typeof call.id === 'string' && typeof fn.name === 'string') names.set(call.id, fn.name);
    }
  }
  return names;
}

/**
 * MESSAGES_SNAPSHOT: the server's whole conversation. The store cannot drop or rewrite messages of earlier turns,
 * so: messages the request sent (by id) are skipped; so are unknown messages placed before the last of those (a
 * server that renamed history must not duplicate it); the rest — this run's — become message-complete events keyed
 * like the streamed ones, so a streamed message is replaced by its snapshot and a new one appended.
 */
export function messagesSnapshot(state: AguiStreamState, list: unknown[], events: AgentEvent[]): void {
  const { knownIds, keyById } = state;
  const messages = list.filter(isRecord);
  const names = toolNames(messages);
  let lastKnown = -1;
  messages.forEach((message, index) => {
    if (typeof message.id === 'string' && knownIds.has(message.id)) lastKnown = index;
  });
  const built = new Map<string, AguiEntry>();
  const target = (key: string, role: Role, id: string | undefined): AguiEntry => {
    let entry = built.get(key);
    if (!entry) {
      entry = { role, content: [], dirty: false };
      built.set(key, entry);
    }
    if (id !== undefined) entry.messageId = id;
    return entry;
  };
  let reasoningKey: string | undefined;
  messages.forEach((message, index) => {
    const id = stringOr(message.id);
    const merge = reasoningKey;
    reasoningKey = undefined;
    if (id === undefined || knownIds.has(id)) return;
    if (index < lastKnown && !keyById.has(id)) return;
    switch (message.role) {
      case 'reasoning': {
        const key = keyById.get(id) ?? merge ?? id;
        keyById.set(id, key);
        const text = stringOr(message.content);
        const entry = target(key, 'model', undefined);
        if (text) entry.content.push({ reasoning: text });
        reasoningKey = key;
        return;
      }
      case 'assistant': {
        const key = keyById.get(id) ?? merge ?? id;
        keyById.set(id, key);
        const entry = target(key, 'model', id);
        const text = stringOr(message.content);
        if (text) entry.content.push({ text });
        for (const call of Array.isArray(message.toolCalls) ? message.toolCalls.filter(isRecord) : []) {
          const fn = isRecord(call.function) ? call.function : {};
          const callId = stringOr(call.id);
          const input = parseArguments(stringOr(fn.arguments) ?? '');
          entry.content.push({ toolRequest: { name: stringOr(fn.name) ?? 'tool', ...(callId ? { ref: callId } : {}), ...(input !== undefined ? { input } : {}) } });
        }
        return;
      }
      case 'tool': {
        const key = keyById.get(id) ?? id;
        keyById.set(id, key);
        const toolCallId = stringOr(message.toolCallId);
        const name = (toolCallId && (names.get(toolCallId) ?? state.calls.get(toolCallId)?.name ?? state.knownCalls.get(toolCallId)?.name)) || 'tool';
        const error = stringOr(message.error);
        target(key, 'tool', id).content.push({
          toolResponse: { name, ...(toolCallId ? { ref: toolCallId } : {}), output: toolOutputOf(message.content) },
          ...(error !== undefined ? { metadata: { isError: true, error } } : {}),
        });
        return;
      }
      case 'user':
      case 'system':
      case 'developer': {
        const key = keyById.get(id) ?? id;
        keyById.set(id, key);
        target(key, roleOf(message.role), id).content.push(...partsOfContent(message.content));
        return;
      }
      default:
        return; // activity messages are not conversation content
    }
  });
  for (const [key, entry] of built) {
    if (entry.content.length === 0) continue;
    state.entries.set(key, { role: entry.role, content: entry.content.map((part) => ({ ...part })), dirty: false, ...(entry.messageId !== undefined ? { messageId: entry.messageId } : {}) });
    const message: Message = { role: entry.role, content: entry.content };
    if (entry.messageId !== undefined) message.metadata = { agui: { messageId: entry.messageId } };
    events.push({ type: 'message-complete', message, messageKey: key });
  }
}
