import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// /api goes to the agent server (`npm start -w apps/agent-server` in the kit's checkout listens on 127.0.0.1:3400).
const proxy = { '/api': { target: process.env.AGENT_SERVER_URL ?? 'http://127.0.0.1:3400' } };

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', proxy },
  preview: { host: '127.0.0.1', proxy },
});
