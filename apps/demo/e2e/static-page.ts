import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

export interface StaticPage {
  url: string;
  close(): Promise<void>;
}

/** Builds the Vite page in `root` (its index.html, a production build) into a temp folder and serves it on 127.0.0.1 (port 0). */
export async function serveBuiltPage(root: string): Promise<StaticPage> {
  const outDir = await mkdtemp(join(tmpdir(), 'agent-chat-page-'));
  // A production build, as an app ships (vitest's NODE_ENV=test would otherwise give React's development build, whose
  // checks cost the main thread several times what the kit's own work does).
  // Vite reads the mode from NODE_ENV (the JSX transform too): set for the build, then put back.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, mode: 'production', logLevel: 'error', configFile: false, plugins: [react()], build: { outDir, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const server = createServer(async (request, response) => {
    const path = normalize(join(outDir, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)));
    const file = path.startsWith(outDir) && (await stat(path).catch(() => null))?.isFile() ? path : join(outDir, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
