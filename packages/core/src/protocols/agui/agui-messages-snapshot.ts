import type { Role } from '../../model/message.js';
import { parseArguments, partsOfContent, roleOf, toolOutputOf, toolRequestOf } from './agui-content.js';
import type { AguiEntry } from './agui-message-mirror.js';
import { isRecord, recordsOf, stringOr } from '../../util/guards.js';

/** The tool calls of a snapshot message: id, name and argument text, where they are strings. */
function toolCallsOf(message: Record<string, unknown>) {
  return recordsOf(message.toolCalls).map((call) => {
    const fn = isRecord(call.function) ? call.function : {};
    return { id: stringOr(call.id), name: stringOr(fn.name), args: stringOr(fn.arguments) };
  });
}

/**
 * MESSAGES_SNAPSHOT: the server's whole conversation. The store cannot drop or rewrite messages of earlier turns,
 * so: messages the request sent (`knownIds`) are skipped; so are unknown messages placed before the last of those (a
 * server that renamed history must not duplicate it); the rest — this run's — are built into entries keyed like the
 * streamed ones (`keyById`, which learns the new ids), so a streamed message is replaced by its snapshot and a new
 * one appended. `callName` names the results of calls no assistant message of the snapshot makes.
 */
export function messagesSnapshot(
  list: unknown,
  knownIds: ReadonlySet<string>,
  keyById: Map<string, string>,
  callName: (id: string) => string | undefined,
): Map<string, AguiEntry> {
  const messages = recordsOf(list);
  /** Tool call id → tool name, from the assistant messages of the snapshot. */
  const names = new Map<string, string>();
  let lastKnown = -1;
  messages.forEach((message, index) => {
    if (typeof message.id === 'string' && knownIds.has(message.id)) lastKnown = index;
    if (message.role !== 'assistant') return;
    for (const call of toolCallsOf(message)) if (call.id !== undefined && call.name !== undefined) names.set(call.id, call.name);
  });
  const built = new Map<string, AguiEntry>();
  /**
   * The message `id` is built into (`merge`: the reasoning message just before it), with `role` when new; `named`
   * messages give it their id (a reasoning message does not).
   */
  const target = (id: string, role: Role, named: boolean, merge?: string): AguiEntry => {
    const key = keyById.get(id) ?? merge ?? id;
    keyById.set(id, key);
    let entry = built.get(key);
    if (!entry) built.set(key, (entry = { role, content: [], dirty: false }));
    if (named) entry.messageId = id;
    return entry;
  };
  let reasoningKey: string | undefined;
  messages.forEach((message, index) => {
    const id = stringOr(message.id);
    const merge = reasoningKey;
    reasoningKey = undefined;
    if (id === undefined || knownIds.has(id)) return;
    if (index < lastKnown && !keyById.has(id)) return;
    const text = stringOr(message.content);
    switch (message.role) {
      case 'reasoning': {
        const entry = target(id, 'model', false, merge);
        if (text) entry.content.push({ reasoning: text });
        reasoningKey = keyById.get(id);
        return;
      }
      case 'assistant': {
        const entry = target(id, 'model', true, merge);
        if (text) entry.content.push({ text });
        for (const call of toolCallsOf(message)) {
          entry.content.push({ toolRequest: toolRequestOf(call.name ?? 'tool', call.id || undefined, parseArguments(call.args ?? '')) });
        }
        return;
      }
      case 'tool': {
        const toolCallId = stringOr(message.toolCallId);
        const name = (toolCallId && (names.get(toolCallId) ?? callName(toolCallId))) || 'tool';
        const error = stringOr(message.error);
        target(id, 'tool', true).content.push({
          toolResponse: { name, ...(toolCallId ? { ref: toolCallId } : {}), output: toolOutputOf(message.content) },
          ...(error !== undefined ? { metadata: { isError: true, error } } : {}),
        });
        return;
      }
      case 'user':
      case 'system':
      case 'developer':
        target(id, roleOf(message.role), true).content.push(...partsOfContent(message.content));
        return;
      default:
        return; // activity messages are not conversation content
    }
  });
  return built;
}
