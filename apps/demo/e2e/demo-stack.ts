import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startAgentServer, type AgentServer } from '@agent-chat/agent-server';

const demoDir = fileURLToPath(new URL('../', import.meta.url));

/** The real agent server (file store in a temp folder) and the built demo behind `vite preview`, both on port 0. */
export interface DemoStack {
  /** The demo's URL, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  agent: AgentServer;
  /** One line per turn, as the agent server logs them. */
  agentLog: string[];
  /** Destroys every open connection between the browser and the demo server, as a dropped network does. */
  dropConnections(): number;
  close(): Promise<void>;
}

export async function startDemoStack(options: { tokenDelayMs: number }): Promise<DemoStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'agent-chat-e2e-sessions-'));
  const agentLog: string[] = [];
  const agent = await startAgentServer({ port: 0, store: 'file', dataDir, tokenDelayMs: options.tokenDelayMs, log: (line) => agentLog.push(line) });
  // The demo's own Vite (the version it pins) and its own vite.config.ts, which proxies /api to AGENT_SERVER_URL.
  const vite = (await import(pathToFileURL(createRequire(join(demoDir, 'package.json')).resolve('vite')).href)) as typeof import('vite');
  process.env.AGENT_SERVER_URL = agent.url;
  let app: import('vite').PreviewServer;
  try {
    app = await vite.preview({ root: demoDir, logLevel: 'warn', preview: { port: 0, strictPort: true, host: '127.0.0.1' } });
  } catch (error) {
    await agent.dispose();
    throw error;
  }
  const url = app.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview reported no URL');
  const sockets = new Set<import('node:net').Socket>();
  app.httpServer.on('connection', (socket: import('node:net').Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    url,
    agent,
    agentLog,
    dropConnections() {
      const count = sockets.size;
      for (const socket of sockets) socket.destroy();
      return count;
    },
    async close() {
      await app.close();
      await agent.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
