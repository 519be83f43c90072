import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userFromHeader } from '@agent-chat/server';
import { startTestServer, type TestServer } from './test-support.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const README_URL = 'http://127.0.0.1:3400/api/agent';

/** The README's quickstart block, as written. */
function quickstart(): string {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const section = readme.slice(readme.indexOf('## Quickstart'));
  const match = /```ts\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error('README.md has no ```ts block under ## Quickstart');
  return match[1]!;
}

let t: TestServer;
beforeAll(async () => {
  // The server as `npm start` runs it: the user only from x-agent-user (no request is anyone by default).
  t = await startTestServer({ user: userFromHeader() });
  // The snippet imports the built package, as a user's project would.
  await run(`${root}node_modules/.bin/tsc`, ['-b', 'packages/core'], { cwd: root });
}, 120_000);
afterAll(() => t.dispose());

describe("the README's quickstart", () => {
  it('runs as written with plain Node against a live agent server', async () => {
    const code = quickstart();
    expect(code).toContain(README_URL);
    mkdirSync(`${root}node_modules/.cache`, { recursive: true });
    const file = `${root}node_modules/.cache/readme-quickstart.mjs`;
    writeFileSync(file, code.replace(README_URL, `${t.server.url}/api/agent`));
    const { stdout } = await run(process.execPath, [file], { cwd: root, timeout: 30_000 });
    expect(stdout).toContain('Added “Buy milk” (task #1).');
    expect(stdout).toContain('state now: {"tasks":[{"id":1,"title":"Buy milk","done":false}],"nextId":2}');
    expect(stdout).toMatch(/finished: stop snapshot: [0-9a-f-]{36}/);
  }, 60_000);
});
