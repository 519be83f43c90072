import type { Role } from '../../model/message.js';
import { isTextPart, textOf, type Part, type ToolRequest, type ToolRequestPart, type ToolResponsePart } from '../../model/part.js';
import { isRecord, parseJsonOr, recordsOf, stringOr } from '../../util/guards.js';

/** A tool call's accumulated argument text as its input: parsed JSON, the text as written if it does not parse, none if empty. */
export function parseArguments(text: string): unknown {
  return text.trim() === '' ? undefined : parseJsonOr(text);
}

/** A tool request without the keys it has no value for. */
export function toolRequestOf(name: string, ref: string | undefined, input: unknown): ToolRequest {
  return { name, ...(ref !== undefined ? { ref } : {}), ...(input !== undefined ? { input } : {}) };
}

const MEDIA_TYPES: unknown[] = ['image', 'audio', 'video', 'document'];

/** One AG-UI content part as a canonical part (undefined: not representable). */
function contentPartToPart(part: Record<string, unknown>): Part | undefined {
  if (part.type === 'text') return { text: stringOr(part.text) ?? '' };
  const source = part.source;
  if (!MEDIA_TYPES.includes(part.type) || !isRecord(source)) return undefined;
  const contentType = stringOr(source.mimeType);
  const value = stringOr(source.value) ?? '';
  const url = source.type === 'data' ? `data:${contentType ?? 'application/octet-stream'};base64,${value}` : value;
  const filename = isRecord(part.metadata) ? stringOr(part.metadata.filename) : undefined;
  const metadata = { ...(source.type === 'file' ? { source } : {}), ...(filename ? { filename } : {}) };
  return { media: { url, ...(contentType ? { contentType } : {}) }, ...(Object.keys(metadata).length > 0 ? { metadata } : {}) };
}

/** A user, system or tool message body (text or content parts) as canonical parts. */
export function partsOfContent(content: unknown): Part[] {
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  return recordsOf(content).map(contentPartToPart).filter((part): part is Part => part !== undefined);
}

/** A tool result's content as our `output`: JSON text parsed, other text kept, media parts as canonical parts. */
export function toolOutputOf(content: unknown): unknown {
  if (typeof content === 'string') return parseJsonOr(content);
  const parts = partsOfContent(content);
  return parts.every(isTextPart) ? parseJsonOr(textOf(parts)) : parts;
}

/** An AG-UI role as ours: developer counts as system, anything unknown as the model. */
export function roleOf(role: unknown): Role {
  if (role === 'developer') return 'system';
  return role === 'user' || role === 'system' || role === 'tool' ? role : 'model';
}

/** Upserts a tool part the way the reducer does: same ref and name replaces, else appends. */
export function upsertTool(content: Part[], part: ToolRequestPart | ToolResponsePart): void {
  const field = 'toolRequest' in part ? 'toolRequest' : 'toolResponse';
  const call = (part as ToolRequestPart & ToolResponsePart)[field];
  const index = content.findIndex((existing) => {
    const other = (existing as Partial<ToolRequestPart & ToolResponsePart>)[field];
    return other !== undefined && other.ref === call.ref && other.name === call.name;
  });
  if (index < 0) content.push(part);
  else content[index] = part;
}
