import type { Role } from '../model/message.js';
import { isTextPart, isToolRequestPart, isToolResponsePart, textOf, type Part, type ToolRequestPart, type ToolResponsePart } from '../model/part.js';
import { isRecord, parseJsonOr, stringOr } from './decoder.js';

/** A tool call's accumulated argument text as its input: parsed JSON, the text as written if it does not parse, none if empty. */
export function parseArguments(text: string): unknown {
  return text.trim() === '' ? undefined : parseJsonOr(text);
}

/** One AG-UI content part as a canonical part (undefined: not representable). */
function contentPartToPart(part: Record<string, unknown>): Part | undefined {
  if (part.type === 'text') return { text: stringOr(part.text) ?? '' };
  if ((part.type === 'image' || part.type === 'audio' || part.type === 'video' || part.type === 'document') && isRecord(part.source)) {
    const source = part.source;
    const contentType = stringOr(source.mimeType);
    const value = stringOr(source.value) ?? '';
    const url = source.type === 'data' ? `data:${contentType ?? 'application/octet-stream'};base64,${value}` : value;
    return { media: { url, ...(contentType ? { contentType } : {}) }, ...(source.type === 'file' ? { metadata: { source } } : {}) };
  }
  return undefined;
}

/** A user, system or tool message body (text or content parts) as canonical parts. */
export function partsOfContent(content: unknown): Part[] {
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  if (!Array.isArray(content)) return [];
  return content.filter(isRecord).map(contentPartToPart).filter((part): part is Part => part !== undefined);
}

/** A tool result's content as our `output`: JSON text parsed, other text kept, media parts as canonical parts. */
export function toolOutputOf(content: unknown): unknown {
  if (typeof content === 'string') return parseJsonOr(content);
  const parts = partsOfContent(content);
  return parts.every(isTextPart) ? parseJsonOr(textOf(parts)) : parts;
}

/** An AG-UI role as ours: developer counts as system, anything unknown as the model. */
export function roleOf(role: unknown): Role {
  switch (role) {
    case 'user':
      return 'user';
    case 'system':
    case 'developer':
      return 'system';
    case 'tool':
      return 'tool';
    default:
      return 'model';
  }
}

/** Upserts a tool part the way the reducer does: same ref and name replaces, else appends. */
export function upsertTool(content: Part[], part: ToolRequestPart | ToolResponsePart): void {
  const isRequest = isToolRequestPart(part);
  const call = isRequest ? part.toolRequest : (part as ToolResponsePart).toolResponse;
  const index = content.findIndex((existing) => {
    const other = isRequest
      ? (isToolRequestPart(existing) ? existing.toolRequest : undefined)
      : (isToolResponsePart(existing) ? existing.toolResponse : undefined);
    return other !== undefined && other.ref === call.ref && other.name === call.name;
  });
  if (index < 0) content.push(part);
  else content[index] = part;
}
