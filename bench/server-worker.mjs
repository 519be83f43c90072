// One server configuration under load: the task agent of apps/agent-server (its offline scripted model, memory
// sessions) served on node:http either by @agent-chat/server (genkitRoutes, the README's shortest server) or by plain
// @genkit-ai/express (Genkit's own handler: the peer). For each size N, N conversations stream the story at once from a
// client process (bench/server/load.mjs); this process measures its own CPU time and RSS. Every answer is checked whole.
// node --expose-gc --import ./bench/server/register.mjs bench/server-worker.mjs '{"impl","protocol","resumable","turnStore","sizes","tokenDelayMs","newConnections"?}'
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { childOutput } from './lib/child-output.mjs';
import { createTaskAgents } from '../apps/agent-server/src/agent/agent.ts';
import { requireCjs } from '../apps/agent-server/src/agent/genkit-runtime.ts';
import { STORY_TEXT, tokenize } from '../apps/agent-server/src/agent/scripted-replies.ts';
import { memoryTurnStore, redisTurnStore, resumableTurns, toNodeListener } from '@agent-chat/server';
import { genkitRoutes } from '@agent-chat/server/genkit';

// The peer: Genkit's own Express handler, loaded through the agent's CommonJS entry (the app loads genkit that way, and
// no longer serves with @genkit-ai/express itself).
const { expressHandler } = requireCjs('@genkit-ai/express');

const spec = JSON.parse(process.argv[2]);
const root = fileURLToPath(new URL('..', import.meta.url));
const { agent, store } = createTaskAgents({ store: 'memory', tokenDelayMs: spec.tokenDelayMs });

let server, path, turns;
if (spec.impl === 'genkit-express') {
  const app = express();
  app.post('/api/agent', express.json({ limit: '10mb' }), expressHandler(agent));
  server = createServer(app);
  path = '/api/agent';
} else {
  const turnStore = spec.turnStore === 'redis' ? redisTurnStore({ url: spec.redisUrl }) : memoryTurnStore();
  turns = resumableTurns({ store: turnStore });
  server = createServer(toNodeListener(genkitRoutes({ agent, store, turns, user: 'anonymous' })));
  path = { genkit: '/api/agent', agui: '/api/agui', 'ai-sdk': '/api/ai-sdk' }[spec.protocol];
}
// Time to first token in the server's own CPU: its CPU time (user + system) from a size's first request to each
// response's first text frame. On a quiet machine it is close to the clients' wall-clock figure; on a loaded one it
// leaves the other processes' share out.
const FIRST_TEXT = /"text-delta"|"TEXT_MESSAGE_CONTENT"|"modelChunk"/;
let firstTokenCpu;
server.prependListener('request', (req, res) => {
  // The conversations' POSTs (the load client opens its connections with a GET each first).
  if (!firstTokenCpu || req.method !== 'POST') return;
  firstTokenCpu.since ??= process.cpuUsage();
  const write = res.write;
  res.write = function (chunk, ...rest) {
    if (FIRST_TEXT.test(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString())) {
      const cpu = process.cpuUsage(firstTokenCpu.since);
      firstTokenCpu.ms.push((cpu.user + cpu.system) / 1000);
      res.write = write;
    }
    return write.call(this, chunk, ...rest);
  };
});
server.listen(0, '127.0.0.1');
await once(server, 'listening');
const url = `http://127.0.0.1:${server.address().port}${path}`;

async function load(conversations) {
  const child = spawn(process.execPath, ['bench/server/load.mjs', JSON.stringify({ url, protocol: spec.protocol, resumable: spec.resumable, conversations, newConnections: spec.newConnections })], { cwd: root });
  // Decoded across pipe reads (bench/lib/child-output.mjs): the answers' text has curly quotes.
  const { code, out, err } = await childOutput(child);
  if (code !== 0) throw new Error(err);
  return JSON.parse(out);
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const chunksPerAnswer = tokenize(STORY_TEXT).length;
/** Where a broken answer's text leaves the story, with the text around it on both sides (to tell a lost, a repeated or an extra chunk apart). */
function differenceOf(text) {
  let at = 0;
  while (at < text.length && text[at] === STORY_TEXT[at]) at++;
  return at === text.length && at === STORY_TEXT.length ? {} : { differsAt: at, got: text.slice(Math.max(0, at - 40), at + 40), expected: STORY_TEXT.slice(Math.max(0, at - 40), at + 40) };
}

async function measure(conversations) {
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
  const cpuBefore = process.cpuUsage();
  firstTokenCpu = { since: undefined, ms: [] };
  const answers = await load(conversations);
  const ttftCpuMs = firstTokenCpu.ms;
  firstTokenCpu = undefined;
  // From the first request to the last answer's end, as the clients timed it (their process's start-up left out).
  const wallMs = Math.max(...answers.map((a) => a.endMs));
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const bad = answers.filter((a) => a.status !== 200 || a.error || a.text !== STORY_TEXT || !a.ended || (a.final !== undefined && a.final !== STORY_TEXT) || (spec.impl === 'package' && !a.idsInOrder));
  const chunks = conversations * chunksPerAnswer;
  return {
    conversations, wallMs, cpuMs, chunks, frames: answers.reduce((s, a) => s + a.frames, 0),
    chunksPerSec: chunks / (wallMs / 1000), cpuUsPerChunk: (cpuMs * 1000) / chunks,
    ttft: { p50: percentile(answers.map((a) => a.firstMs), 50), p95: percentile(answers.map((a) => a.firstMs), 95) },
    ttftCpu: ttftCpuMs.length ? { p50: percentile(ttftCpuMs, 50), p95: percentile(ttftCpuMs, 95) } : undefined,
    end: { p50: percentile(answers.map((a) => a.endMs), 50), p95: percentile(answers.map((a) => a.endMs), 95), max: Math.max(...answers.map((a) => a.endMs)) },
    rssGrowthMiB: (rssPeak - rssBefore) / 2 ** 20, rssPerStreamKiB: (rssPeak - rssBefore) / 1024 / conversations,
    whole: answers.length - bad.length, broken: bad.slice(0, 3).map((a) => ({ status: a.status, error: a.error, textLength: a.text.length, ended: a.ended, idsInOrder: a.idsInOrder, lastFrame: a.last, ...differenceOf(a.text) })),
  };
}

await measure(10); // warm-up: JIT, the agent's first turns
const rows = [];
for (const size of spec.sizes) rows.push(await measure(size));
server.closeAllConnections?.();
server.close();
await turns?.dispose();
process.stdout.write(`${JSON.stringify({ ...spec, chunksPerAnswer, rows })}\n`);
process.exit(0);
