import type { Message } from '../../model/message.js';
import { isMediaPart, isTextPart, isToolRequestPart, isToolResponsePart, mediaFilenameOf, textOf, type Media, type Part } from '../../model/part.js';
import type { AguiContentPart, AguiMessage, AguiPartSource, AguiToolCall } from './agui-wire-types.js';
import { isRecord, stringOr } from '../../util/guards.js';

/** The AG-UI id a message of ours carries (`metadata.agui.messageId`, set by the decoder). */
export function aguiMessageIdOf(message: Message): string | undefined {
  const agui = message.metadata?.agui;
  return isRecord(agui) ? stringOr(agui.messageId) : undefined;
}

const DATA_URL = /^data:([^;,]*)(?:;[^;,]*)*;base64,(.*)$/s;

function mediaToContentPart(media: Media, filename: string | undefined): AguiContentPart {
  const match = DATA_URL.exec(media.url);
  const mimeType = media.contentType ?? (match?.[1] || undefined);
  const type = /^(image|audio|video)\//.exec(mimeType ?? '')?.[1] ?? 'document';
  const source: AguiPartSource = match
    ? { type: 'data', value: match[2]!, mimeType: mimeType ?? 'application/octet-stream' }
    : { type: 'url', value: media.url, ...(mimeType ? { mimeType } : {}) };
  // AG-UI media parts have no name field; their free-form metadata carries it.
  return { type, source, ...(filename ? { metadata: { filename } } : {}) } as AguiContentPart;
}

function userContent(parts: readonly Part[]): string | AguiContentPart[] {
  const out: AguiContentPart[] = [];
  for (const part of parts) {
    if (isTextPart(part)) out.push({ type: 'text', text: part.text });
    else if (isMediaPart(part)) out.push(mediaToContentPart(part.media, mediaFilenameOf(part)));
    else if ('data' in part) out.push({ type: 'text', text: JSON.stringify(part.data) });
  }
  return out.every((part) => part.type === 'text') ? out.map((part) => (part as { text: string }).text).join('') : out;
}

/** A value as JSON text; a string is sent as written (tool arguments that never parsed, text output). */
const jsonText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Canonical messages as AG-UI messages. Ids: the message's own AG-UI id when it came from an AG-UI stream
 * (`metadata.agui.messageId`), else `<threadId>:<index>` — stable across turns, so a server reconciling by id sees
 * the same conversation every time. A `tool` message becomes one AG-UI tool message per tool response; reasoning parts
 * are not sent back.
 */
export function toAguiMessages(messages: readonly Message[], threadId: string): AguiMessage[] {
  const out: AguiMessage[] = [];
  const callIdsByName = new Map<string, string>();
  /** One AG-UI tool message per tool response in `content`. */
  const toolMessages = (id: string, content: readonly Part[]) => {
    content.filter(isToolResponsePart).forEach((part, index) => {
      const { name, ref, output } = part.toolResponse;
      const toolCallId = ref ?? callIdsByName.get(name) ?? `${id}:call`;
      out.push({ id: index === 0 ? id : `${id}:${index}`, role: 'tool', toolCallId, content: output === undefined ? '' : jsonText(output) });
    });
  };
  messages.forEach((message, index) => {
    const id = aguiMessageIdOf(message) ?? `${threadId}:${index}`;
    switch (message.role) {
      case 'user':
        out.push({ id, role: 'user', content: userContent(message.content) });
        toolMessages(`${id}:tool`, message.content);
        return;
      case 'system':
        out.push({ id, role: 'system', content: textOf(message.content) });
        return;
      case 'tool':
        toolMessages(id, message.content);
        return;
      case 'model': {
        const text = textOf(message.content);
        const toolCalls = message.content.filter(isToolRequestPart).map((part, callIndex): AguiToolCall => {
          const { name, ref, input } = part.toolRequest;
          const callId = ref ?? `${id}:call${callIndex}`;
          callIdsByName.set(name, callId);
          return { id: callId, type: 'function', function: { name, arguments: jsonText(input ?? {}) } };
        });
        if (text !== '' || toolCalls.length > 0) {
          out.push({ id, role: 'assistant', ...(text !== '' ? { content: text } : {}), ...(toolCalls.length > 0 ? { toolCalls } : {}) });
        }
        toolMessages(`${id}:tool`, message.content);
        return;
      }
    }
  });
  return out;
}
