/**
 * The request body's two caps, before anything parses it: its size (413 before it is read when Content-Length says
 * so, else as soon as it passes the cap) and its JSON nesting depth (400, measured on the raw bytes before
 * JSON.parse or anything recursive sees the value). A body that is not JSON is 400.
 */
import type { WebHandler } from '../http/web-handler.js';
import { jsonResponse } from '../http/web-handler.js';
import { exceedsJsonDepth } from './json-depth.js';
import { hasBody, readKnownBody, rememberParsedBody } from '../http/request-body.js';

/** One decoder for every body (`decode` without `stream` keeps no state). */
const decoder = new TextDecoder();

/** 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** 64 levels. */
export const DEFAULT_MAX_JSON_DEPTH = 64;

/** The caps, and how the answers name them. */
export interface BodyLimits {
  /** Largest request body in bytes (default 1 MiB); larger → 413. */
  maxBodyBytes?: number;
  /** Deepest nesting of arrays/objects in a request body (default 64); deeper → 400. */
  maxJsonDepth?: number;
  /** How to change each cap, said in the answer (default `option maxBodyBytes`, `option maxJsonDepth`). */
  hints?: { maxBodyBytes?: string; maxJsonDepth?: string };
}

/** The answer for a body past a cap, or that is not JSON. */
export function bodyLimitResponse(problem: 'too-large' | 'too-deep' | 'not-json', limits: BodyLimits = {}): Response {
  switch (problem) {
    case 'too-large':
      return jsonResponse(413, {
        status: 'RESOURCE_EXHAUSTED',
        message: `The request body is larger than ${limits.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES} bytes (${limits.hints?.maxBodyBytes ?? 'option maxBodyBytes'}).`,
      });
    case 'too-deep':
      return jsonResponse(400, {
        status: 'INVALID_ARGUMENT',
        message: `The request JSON nests deeper than ${limits.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH} levels (${limits.hints?.maxJsonDepth ?? 'option maxJsonDepth'}).`,
      });
    case 'not-json':
      return jsonResponse(400, { status: 'INVALID_ARGUMENT', message: 'The request body is not valid JSON.' });
  }
}

/** Reads at most `max` bytes of a body; undefined when it is longer. */
async function readCapped(body: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > max) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(new ArrayBuffer(length));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Wraps a handler: a body past a cap, or not JSON, is answered before it runs; it gets the same bytes otherwise. */
export function bodyLimits(limits: BodyLimits = {}): (handler: WebHandler) => WebHandler {
  const maxBodyBytes = limits.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxJsonDepth = limits.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH;
  return (handler) => async (request) => {
    if (!hasBody(request)) return handler(request);
    const declared = Number(request.headers.get('content-length') ?? NaN);
    if (declared > maxBodyBytes) return bodyLimitResponse('too-large', limits);
    // A body the Node adapter reads as one buffer (http/request-body.ts): checked as it is, the request passed on unread.
    const reading = readKnownBody(request);
    const known = reading !== undefined;
    const bytes = reading ? await reading : request.body ? await readCapped(request.body, maxBodyBytes) : undefined;
    if (!bytes || bytes.byteLength > maxBodyBytes) return bodyLimitResponse('too-large', limits);
    if (exceedsJsonDepth(bytes, maxJsonDepth)) return bodyLimitResponse('too-deep', limits);
    let parsed: unknown;
    if (bytes.byteLength > 0) {
      try {
        parsed = JSON.parse(decoder.decode(bytes));
      } catch {
        return bodyLimitResponse('not-json', limits);
      }
    }
    const checked = known ? request : new Request(request.url, { method: request.method, headers: request.headers, body: bytes, signal: request.signal });
    // The handler's body reader (readJsonBody) takes this value instead of parsing the same bytes again.
    if (bytes.byteLength > 0) rememberParsedBody(checked, { body: parsed, bytes: bytes.byteLength });
    return handler(checked);
  };
}
