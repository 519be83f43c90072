// A test server's listen and close around a block of tests (node-adapter.test, light-requests.test).
import type { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** Listens on 127.0.0.1 (a port the OS gives) before the enclosing block's tests and closes after them; its port. */
export function listenForTests(server: ReturnType<typeof createServer>, { afterClose }: { afterClose?: () => Promise<unknown> } = {}): () => number {
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await afterClose?.();
  });
  return () => port;
}
