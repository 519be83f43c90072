import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeTempDir, postJson, rawRequest, removeDir } from './test-support.js';

const appDir = fileURLToPath(new URL('..', import.meta.url));

function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: appDir,
    env: { ...process.env, PORT: '0', AGENT_TOKEN_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (data: string) => (stdout += data));
  child.stderr.setEncoding('utf8').on('data', (data: string) => (stderr += data));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const url = new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /task agent on (http:\/\/127\.0\.0\.1:\d+)\/api\/agent/.exec(stdout);
      if (match) resolve(match[1]!);
    };
    child.stdout.on('data', check);
    void exited.then(() => reject(new Error(`exited early: ${stdout}${stderr}`)));
  });
  return { child, url, exited, output: () => ({ stdout, stderr }) };
}

describe('main entry (npm start)', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('serves turns, logs one line each, and exits 0 on %s', async (signal) => {
    const dataDir = await makeTempDir();
    try {
      const main = startMain({ AGENT_DATA_DIR: dataDir });
      const url = await main.url;
      const turn = { data: { message: { role: 'user', content: [{ text: 'add Buy milk' }] } }, init: {} };
      // Every route is a user's (x-agent-user, the stand-in for auth): none is 401.
      expect((await postJson(`${url}/api/agent`, turn)).status).toBe(401);
      const response = await postJson(`${url}/api/agent`, turn, true, { 'x-agent-user': 'main-test' });
      expect(await response.text()).toContain('Added “Buy milk” (task #1).');
      main.child.kill(signal);
      const [code] = await main.exited;
      expect(code).toBe(0);
      const lines = main.output().stdout.trim().split('\n');
      expect(lines.filter((line) => line.startsWith('POST /api/agent '))).toHaveLength(1);
      expect(lines.at(-1)).toBe(`[agent-server] ${signal}: shutting down`);
    } finally {
      await removeDir(dataDir);
    }
  });

  it('reads ALLOWED_HOSTS and the AGENT_MAX_* limits from the environment', async () => {
    const main = startMain({ AGENT_STORE: 'memory', ALLOWED_HOSTS: 'agent.test,localhost', AGENT_MAX_BODY_BYTES: '300', AGENT_MAX_JSON_DEPTH: '6' });
    try {
      const url = await main.url;
      const turn = (text: string, extra: unknown = null) => JSON.stringify({ data: { message: { role: 'user', content: [{ text, metadata: { extra } }] } }, init: {} });
      const send = (host: string, body: string) => rawRequest(`${url}/api/agent`, { headers: { host, 'x-agent-user': 'main-test', 'content-length': String(Buffer.byteLength(body)) }, body });
      expect((await send('agent.test:80', turn('add Buy milk'))).body).toContain('Added “Buy milk” (task #1).');
      expect((await send(new URL(url).host, turn('add Buy milk'))).status).toBe(403);
      const big = await send('localhost', turn('x'.repeat(300)));
      expect([big.status, JSON.parse(big.body).message]).toEqual([413, expect.stringContaining('larger than 300 bytes')]);
      const deep = await send('localhost', turn('hi', [[[1]]]));
      expect([deep.status, JSON.parse(deep.body).message]).toEqual([400, expect.stringContaining('deeper than 6 levels')]);
    } finally {
      main.child.kill('SIGTERM');
      await main.exited;
    }
  });

  it('exits 1 with a clear message when AGENT_MODEL needs a plugin that is not installed', async () => {
    const main = startMain({ AGENT_MODEL: 'googleai/gemini-2.5-flash', AGENT_STORE: 'memory' });
    main.url.catch(() => {});
    const [code] = await main.exited;
    expect(code).toBe(1);
    expect(main.output().stderr).toMatch(/could not start: AGENT_MODEL="googleai\/gemini-2.5-flash" needs the Genkit plugin @genkit-ai\/google-genai/);
  });
});
