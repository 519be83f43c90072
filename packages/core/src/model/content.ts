import { isReasoningPart, isTextPart, isToolRequestPart, type Part, type ToolRequestPart, type ToolResponsePart } from './part.js';

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

/**
 * A later copy of the same tool call (same kind, same ref and name; a call without ref never matches) replaces the
 * earlier one, keeping its metadata (the interrupt marker); else appends. `base`: the parts as the store's update
 * found them (an immer draft's original), read instead of `content`'s own where it has them, so that the search drafts
 * none of them (the update replaces a part only by a copy of the same call or text: kind, name and ref are the same).
 */
export function upsertToolPart(content: Part[], part: Part, base: readonly Part[] = content): void {
  const kind = isToolRequestPart(part) ? 'toolRequest' : 'toolResponse';
  const call = (part as Partial<ToolRequestPart & ToolResponsePart>)[kind];
  let index = call?.ref === undefined ? 0 : content.length;
  // Latest first: a result, or a later copy, is most often of a call just made.
  while (index-- > 0) {
    const other = ((base[index] ?? content[index]) as Partial<ToolRequestPart & ToolResponsePart>)[kind];
    if (other?.ref === call!.ref && other?.name === call!.name) break;
  }
  if (index < 0) {
    content.push(part);
    return;
  }
  const previous = content[index]!;
  const metadata = previous.metadata || part.metadata ? { ...previous.metadata, ...part.metadata } : undefined;
  content[index] = metadata ? { ...part, metadata } : part;
}
