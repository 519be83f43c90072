/**
 * The kit's content conventions on Genkit's wire, whose part schema has no source part and no suggestions:
 *
 *   {custom: {source: {url?, title?, documentId?, mediaType?}}}   a source part {source} (other part metadata kept)
 *   {custom: {suggestions: string[]}}                             the turn's follow-up prompts, not kept as a part
 *   result.usage, else result.message.metadata.usage              the turn's usage ({inputTokens, outputTokens, totalTokens},
 *                                                                 Genkit's GenerationUsage names)
 */
import type { MessageUsage } from '../../model/message.js';
import { isSourcePart, type Part } from '../../model/part.js';
import { isRecord } from '../../util/guards.js';
import { sourceOf, suggestionsOf, usageOf } from '../../wire/decoder-helpers.js';

/** A Genkit part in the canonical model: a `custom.source` part becomes a source part. */
export function fromGenkitPart(part: Part): Part {
  const custom = (part as { custom?: unknown }).custom;
  const source = isRecord(custom) ? sourceOf(custom.source) : undefined;
  if (!source) return part;
  return part.metadata ? { source, metadata: part.metadata } : { source };
}

/** A canonical part as Genkit's schema takes it: a source part goes as `{custom: {source}}`. */
export function toGenkitPart(part: Part): Part {
  if (!isSourcePart(part)) return part;
  return part.metadata ? { custom: { source: part.source }, metadata: part.metadata } : { custom: { source: part.source } };
}

/** The follow-up prompts a `custom.suggestions` part carries, else undefined. */
export function genkitSuggestionsOf(part: Part): string[] | undefined {
  const custom = (part as { custom?: unknown }).custom;
  return isRecord(custom) ? suggestionsOf(custom.suggestions) : undefined;
}

/** The usage an agent's result reports: its own `usage`, else its message's `metadata.usage`. */
export function genkitUsageOf(output: Record<string, unknown>): MessageUsage | undefined {
  const message = output.message;
  return usageOf(output.usage) ?? (isRecord(message) && isRecord(message.metadata) ? usageOf(message.metadata.usage) : undefined);
}
