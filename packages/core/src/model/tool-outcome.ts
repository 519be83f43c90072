/**
 * A tool call's true outcome when a human refused it: the tool response carries `metadata.denied: true` on every
 * protocol (the AI SDK says so on the wire; elsewhere the answer itself says it: `false` or `{approved: false}` to a
 * request that asked a human), so that `denied` is never shown as `done`, live or restored.
 */
import { isRecord } from '../util/guards.js';
import { isToolRequestPart, isToolResponsePart, type Part, type ToolRequestPart, type ToolResponsePart } from './part.js';

/** A refusal, as the kit's deny answers one: `false`, or `{approved: false}`. */
const isDenialOutput = (output: unknown): boolean => output === false || (isRecord(output) && output.approved === false);

/** A tool response marked as a human's refusal. */
export function isDeniedResponse(part: ToolResponsePart): boolean {
  return part.metadata?.denied === true;
}

/** A tool request that asked a human: an interrupt, open (`metadata.interrupt`) or answered (`metadata.resolvedInterrupt`). */
const askedHuman = (part: ToolRequestPart): boolean => part.metadata?.interrupt !== undefined || part.metadata?.resolvedInterrupt !== undefined;

/** The id that pairs a tool request with its response: its `ref`, else its name. */
export const toolCallKey = (call: { ref?: string | undefined; name: string }): string => call.ref ?? call.name;

/** The response marked denied when it refuses a call in `asked`; the same part otherwise. */
export function markedDenial(part: ToolResponsePart, asked: ReadonlySet<string>): ToolResponsePart {
  if (isDeniedResponse(part) || !isDenialOutput(part.toolResponse.output) || !asked.has(toolCallKey(part.toolResponse))) return part;
  return { ...part, metadata: { ...part.metadata, denied: true } };
}

/**
 * A conversation with its refused answers marked: a tool response whose output is a refusal, to a request that asked
 * a human (in the messages, or named in `asked`), gets `metadata.denied: true`. Unchanged messages keep their identity.
 */
export function markDenials<M extends { content: Part[] }>(messages: readonly M[], asked: Iterable<string> = []): M[] {
  const humans = new Set(asked);
  for (const message of messages) {
    for (const part of message.content) if (isToolRequestPart(part) && askedHuman(part)) humans.add(toolCallKey(part.toolRequest));
  }
  if (humans.size === 0) return [...messages];
  return messages.map((message) => {
    let changed = false;
    const content = message.content.map((part) => {
      if (!isToolResponsePart(part)) return part;
      const marked = markedDenial(part, humans);
      changed ||= marked !== part;
      return marked;
    });
    return changed ? { ...message, content } : message;
  });
}
