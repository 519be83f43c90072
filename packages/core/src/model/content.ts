import { isReasoningPart, isTextPart, isToolRequestPart, isToolResponsePart, type Part } from './part.js';

// Edits of a message's content shared by the reducer (on immer drafts) and the decoders that mirror a message while
// it streams, so that a decoder's message-complete and the store agree part for part.

/** Appends streamed text: grows the last plain part of that kind in place, else adds one. */
export function appendTextPart(content: Part[], text: string, kind: 'text' | 'reasoning'): void {
  const last = content[content.length - 1];
  if (last && !last.metadata) {
    if (kind === 'text' && isTextPart(last)) return void (last.text += text);
    if (kind === 'reasoning' && isReasoningPart(last)) return void (last.reasoning += text);
  }
  content.push(kind === 'text' ? { text } : { reasoning: text });
}

/** Index of the part repeating the same tool call (same kind, same ref and name; a call without ref never matches). */
function sameToolCall(length: number, partAt: (index: number) => Part, part: Part): number {
  const call = isToolRequestPart(part) ? part.toolRequest : isToolResponsePart(part) ? part.toolResponse : undefined;
  if (call?.ref === undefined) return -1;
  const request = isToolRequestPart(part);
  for (let index = 0; index < length; index++) {
    const existing = partAt(index);
    const other = request
      ? (isToolRequestPart(existing) ? existing.toolRequest : undefined)
      : (isToolResponsePart(existing) ? existing.toolResponse : undefined);
    if (other && call.ref === other.ref && call.name === other.name) return index;
  }
  return -1;
}

/**
 * A later copy of the same tool call replaces the earlier one, keeping its metadata (the interrupt marker); else appends.
 * `partAt` reads the parts searched (default: `content`'s own): the store passes one that reads past an immer draft,
 * so that the search drafts none of them.
 */
export function upsertToolPart(content: Part[], part: Part, partAt: (index: number) => Part = (index) => content[index]!): void {
  const index = sameToolCall(content.length, partAt, part);
  if (index < 0) {
    content.push(part);
    return;
  }
  const previous = content[index]!;
  const metadata = previous.metadata || part.metadata ? { ...previous.metadata, ...part.metadata } : undefined;
  content[index] = metadata ? { ...part, metadata } : part;
}
