import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Where `/api` goes: the agent server `npm start` (or the e2e suite) started, or its default port.
const agentServerUrl = process.env.AGENT_SERVER_URL || 'http://127.0.0.1:3400';
const proxy = { '/api': { target: agentServerUrl } };

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', proxy },
  preview: { host: '127.0.0.1', proxy },
  build: { outDir: 'dist', sourcemap: true },
  // The highlighter's worker as an ES module: each Shiki grammar stays a chunk of its own, loaded at its language's first block.
  worker: { format: 'es' },
});
