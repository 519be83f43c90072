import type { FrameDecoder } from '../dialects/decoder.js';
import { isRecord, stringOr } from '../dialects/decoder.js';
import { AgentChatError } from '../model/error.js';
import type { DecodedFrame } from '../model/events.js';
import type { Framer } from '../wire/frame.js';
import { readFrames } from '../wire/read-frames.js';
import type { HeadersOption, HttpTransportOptions } from './transport.js';

/** Resolves the headers option for one request. */
export async function resolveHeaders(option: HeadersOption | undefined, base: Record<string, string>): Promise<Headers> {
  const headers = new Headers(base);
  const extra = typeof option === 'function' ? await option() : option;
  if (extra) new Headers(extra).forEach((value, key) => headers.set(key, value));
  return headers;
}

/** Builds the error for a non-2xx response, keeping the server's own message and status name. */
export async function httpError(response: Response): Promise<AgentChatError> {
  let text = '';
  try {
    text = (await response.text()).slice(0, 4096);
  } catch {
    // the body is gone; the status line is all we have
  }
  let message = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  let serverStatus: string | undefined;
  let details: unknown = text || undefined;
  try {
    const body: unknown = JSON.parse(text);
    details = body;
    const error = isRecord(body) && isRecord(body.error) ? body.error : body;
    if (isRecord(error)) {
      const serverMessage = stringOr(error.message) ?? stringOr(error.detail) ?? stringOr(error.errorText);
      if (serverMessage) message = serverMessage;
      serverStatus = stringOr(error.status) ?? stringOr(error.code);
    }
  } catch {
    if (text.trim()) message = `${message}: ${text.trim().slice(0, 200)}`;
  }
  return new AgentChatError('http-error', message, {
    status: response.status,
    ...(serverStatus !== undefined ? { serverStatus } : {}),
    ...(details !== undefined ? { details } : {}),
  });
}

/** POSTs JSON and returns the response, throwing an {@link AgentChatError} for network failures and 4xx/5xx. */
export async function postJson(
  url: string,
  body: unknown,
  options: HttpTransportOptions & { accept?: string; signal?: AbortSignal | undefined },
): Promise<Response> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const headers = await resolveHeaders(options.headers, {
    'Content-Type': 'application/json',
    Accept: options.accept ?? 'application/json',
  });
  let response: Response;
  try {
    response = await fetchImpl(url, { method: 'POST', headers, body: JSON.stringify(body), signal: options.signal ?? null });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new AgentChatError('network-error', `Could not reach ${url}: ${(error as Error)?.message ?? error}`, { cause: error });
  }
  if (!response.ok) throw await httpError(response);
  return response;
}

/** Streams a turn: POST, frame the body, decode each frame; one array of decoded frames per network read. */
export async function* streamTurn(
  url: string,
  body: unknown,
  options: HttpTransportOptions & { accept: string; signal: AbortSignal; framer: Framer; decoder: FrameDecoder },
): AsyncGenerator<DecodedFrame[]> {
  const response = await postJson(url, body, options);
  if (!response.body) throw new AgentChatError('network-error', 'The response has no body to stream.', { status: response.status });
  const { decoder } = options;
  try {
    for await (const frames of readFrames(response.body, options.framer)) {
      const decoded: DecodedFrame[] = new Array(frames.length);
      for (let i = 0; i < frames.length; i++) {
        const frame = frames[i]!;
        decoded[i] = { raw: frame.type === 'value' ? frame.value : frame.text, events: decoder.decode(frame) };
      }
      yield decoded;
    }
  } catch (error) {
    if ((error as Error)?.name === 'AbortError' || options.signal.aborted) throw error;
    throw new AgentChatError('network-error', `The stream broke off: ${(error as Error)?.message ?? error}`, { cause: error });
  }
  const closing = decoder.end();
  if (closing.length > 0) yield [{ raw: null, events: closing }];
}

/** Joins a base URL and a path without doubling slashes. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
