import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The real Genkit captures (test/fixtures/genkit, byte for byte as a Genkit 1.42 server sent them). */
export const GENKIT_FIXTURES = fileURLToPath(new URL('./fixtures/genkit/', import.meta.url));

/** Bytes of one capture. */
export function fixtureBytes(name: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(readFileSync(GENKIT_FIXTURES + name));
}

/** Names of every `.sse` capture. */
export function sseFixtureNames(): string[] {
  return readdirSync(GENKIT_FIXTURES).filter((name) => name.endsWith('.sse')).sort();
}

/** Splits bytes at the given offsets. */
export function splitAt(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
  const sorted = [...new Set(offsets)].filter((offset) => offset > 0 && offset < bytes.length).sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const offset of sorted) {
    pieces.push(bytes.slice(start, offset));
    start = offset;
  }
  pieces.push(bytes.slice(start));
  return pieces;
}

/** A body that delivers the given pieces, one read each. */
export function streamOf(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream({
    pull(controller) {
      if (index < pieces.length) controller.enqueue(pieces[index++]!);
      else controller.close();
    },
  });
}

/** A fetch that answers every request with the given body pieces (and records the requests). */
export function replayFetch(
  pieces: Uint8Array[] | (() => Uint8Array[]),
  init: ResponseInit = { status: 200, headers: { 'Content-Type': 'text/plain' } },
) {
  const calls: Array<{ url: string; body: unknown; headers: Headers }> = [];
  const fetchImpl = (async (url: string | URL | Request, request?: RequestInit) => {
    calls.push({ url: String(url), body: request?.body ? JSON.parse(String(request.body)) : undefined, headers: new Headers(request?.headers) });
    const body = streamOf(typeof pieces === 'function' ? pieces() : pieces);
    return new Response(body, init);
  }) as typeof fetch;
  return Object.assign(fetchImpl, { calls });
}

export const encode = (text: string) => new TextEncoder().encode(text);
