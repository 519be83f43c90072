/**
 * Shared HTTP plumbing for the live test servers (*-live-server.ts): reading a
 * request body, sending a JSON response, listening on / closing a loopback port, and sleeps that closing cuts short.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The whole request body as UTF-8 text. */
export async function readTextBody(req: IncomingMessage): Promise<string> {
  const pieces: Buffer[] = [];
  for await (const piece of req) pieces.push(piece as Buffer);
  return Buffer.concat(pieces).toString('utf8');
}

/** The request body parsed as JSON; `undefined` when it is empty or not valid JSON. */
export async function readJsonBody(req: IncomingMessage): Promise<any> {
  const text = await readTextBody(req);
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Sends `body` as a JSON response with an exact Content-Length. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export interface LoopbackServer {
  server: Server;
  port: number;
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  /**
   * Runs `onClose` (once), stops listening and drops every open connection.
   * Memoized: later calls return the same promise.
   */
  close(): Promise<void>;
}

export interface ListenOnLoopbackOptions {
  /** Unref the server so it does not keep the process alive. */
  unref?: boolean;
  /** Runs synchronously at the start of the first close(), before the server stops. */
  onClose?: () => void;
}

/** Serves `handler` on 127.0.0.1, on a free port; rejects if listening fails. */
export async function listenOnLoopback(handler: RequestListener, options: ListenOnLoopbackOptions = {}): Promise<LoopbackServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  if (options.unref) server.unref();
  const { port } = server.address() as AddressInfo;

  let closed: Promise<void> | undefined;
  return {
    server,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    close() {
      closed ??= new Promise<void>((resolve, reject) => {
        options.onClose?.();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

/** Timed sleeps a server can cut short, so that no timer or paused stream outlives it. */
export interface Sleeper {
  /** Resolves after `ms`, or sooner when woken: by the `wake` handed to `onWake`, or by `close()`. */
  sleep(ms: number, onWake?: (wake: () => void) => void): Promise<void>;
  /** Wakes every pending sleep and makes later ones resolve at once. */
  close(): void;
  readonly closed: boolean;
}

export function createSleeper(): Sleeper {
  const pending = new Set<() => void>();
  let closed = false;
  return {
    sleep: (ms, onWake) =>
      new Promise<void>((resolve) => {
        if (closed) return resolve();
        const wake = () => {
          clearTimeout(timer);
          pending.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, ms);
        pending.add(wake);
        onWake?.(wake);
      }),
    close() {
      closed = true;
      for (const wake of [...pending]) wake();
    },
    get closed() {
      return closed;
    },
  };
}
