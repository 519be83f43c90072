#!/usr/bin/env node
// `npm start`: build the packages (tsc -b) and the demo (vite build), start the Genkit agent server and the demo
// (Vite preview, proxying /api to the agent server), print the URL, and stop both on Ctrl-C / SIGTERM.
//
//   npm start               production build, served by `vite preview`
//   npm start -- --dev      the Vite dev server instead (hot reload, no demo build)
//   node scripts/start.mjs --build-only   only build (the browser suite's global setup uses this)
//   node scripts/start.mjs --build-only --packages-built   only the demo (npm test has just built the packages)
//   PORT=5173               the app's port (the next free one when taken)
//   AGENT_PORT=0            the agent server's port (default: any free one); AGENT_STORE, AGENT_DATA_DIR,
//                           AGENT_TOKEN_DELAY_MS and AGENT_MODEL are passed through (apps/agent-server/README.md)
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL, fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const demoDir = `${root}apps/demo`;
const serverDir = `${root}apps/agent-server`;
const dev = process.argv.includes('--dev');
const buildOnly = process.argv.includes('--build-only');
const packagesBuilt = buildOnly && process.argv.includes('--packages-built');
const log = (line) => console.log(`[start] ${line}`);

let agent = null;
let app = null;
let stopping = false;

async function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  log('stopping the app and the agent server…');
  const agentExited = agent && agent.exitCode === null && agent.signalCode === null ? new Promise((resolve) => agent.once('exit', resolve)) : null;
  if (agentExited) {
    agent.kill('SIGTERM');
    const force = setTimeout(() => agent.kill('SIGKILL'), 5000);
    force.unref();
  }
  await Promise.allSettled([app?.close(), agentExited]);
  process.exit(exitCode);
}
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));
// `npm start` may die of a SIGTERM without passing it on (its `sh -c` does not): stop when our parent goes away.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) void stop(0);
}, 500).unref();

// 1. The kit's packages (incremental: quick when nothing changed).
if (!packagesBuilt) log('building the packages (tsc -b)…');
const built = packagesBuilt ? { status: 0 } : spawnSync(`${root}node_modules/.bin/tsc`, ['-b'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) {
  console.error('[start] tsc -b failed; fix the errors above and run npm start again.');
  process.exit(1);
}
// A package whose build does more than tsc (e.g. copies its stylesheet into dist) runs its own build script.
const workspaces = packagesBuilt ? [] : JSON.parse(readFileSync(`${root}package.json`, 'utf8')).workspaces.filter((path) => path.startsWith('packages/'));
for (const path of workspaces) {
  const script = JSON.parse(readFileSync(`${root}${path}/package.json`, 'utf8')).scripts?.build;
  if (!script || script.trim() === 'tsc -b') continue;
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', path], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[start] npm run build -w ${path} failed.`);
    process.exit(1);
  }
}
const vitePath = createRequire(`${demoDir}/package.json`).resolve('vite');
const vite = await import(pathToFileURL(vitePath).href);
if (buildOnly) {
  log('building the demo (vite build)…');
  await vite.build({ root: demoDir, logLevel: 'warn' });
  process.exit(0);
}

// 2. The agent server, as its own process (TypeScript run through tsx); it prints its URL when listening.
const agentUrl = await new Promise((resolve, reject) => {
  agent = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: process.env.AGENT_PORT ?? '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: agent.stdout });
  lines.on('line', (line) => {
    console.log(line);
    const match = /task agent on (http:\/\/\S+?)\/api\/agent\b/.exec(line);
    if (match) resolve(match[1]);
  });
  agent.once('exit', (code, signal) => {
    reject(new Error(`the agent server exited (${signal ?? `code ${code}`})`));
    if (!stopping) {
      console.error(`[start] the agent server exited (${signal ?? `code ${code}`}); stopping.`);
      void stop(1);
    }
  });
}).catch((error) => {
  console.error(`[start] ${error.message}`);
  process.exit(1);
});

// 3. The demo, with the Vite the demo pins; its config proxies /api to AGENT_SERVER_URL.
process.env.AGENT_SERVER_URL = agentUrl;
const port = Number(process.env.PORT || 5173);
try {
  if (dev) {
    app = await vite.createServer({ root: demoDir, server: { port } });
    await app.listen();
  } else {
    log('building the demo (vite build)…');
    await vite.build({ root: demoDir, logLevel: 'warn' });
    app = await vite.preview({ root: demoDir, preview: { port } });
  }
} catch (error) {
  console.error(`[start] could not start the demo: ${error?.stack ?? error}`);
  await stop(1);
}
if (stopping) await new Promise(() => {}); // a signal arrived meanwhile: stop() exits

const url = app.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`;
console.log(`
  agent-chat-kit demo   ${url}
  agent server          ${agentUrl}/api/agent  (proxied at ${url}api)
  ${dev ? 'Vite dev server (hot reload)' : 'production build (vite preview)'} · Ctrl-C stops both
`);
