import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const threads = fileURLToPath(new URL('./index.ts', import.meta.url));
const core = fileURLToPath(new URL('../index.ts', import.meta.url));
let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Runs a Node script (TypeScript sources through tsx) and gives how it ended; a script still running after `limitMs` is killed. */
async function runScript(source: string, limitMs = 15_000): Promise<{ code: number | null; killed: boolean; stdout: string; stderr: string }> {
  dir = await mkdtemp(join(tmpdir(), 'node-exit-'));
  const file = join(dir, 'script.mts');
  await writeFile(file, source);
  const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let killed = false;
  const limit = setTimeout(() => {
    killed = true;
    child.kill('SIGKILL');
  }, limitMs);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(limit);
  return { code, killed, stdout, stderr };
}

/** A script's fake thread server: a list, PATCH of an unknown thread 404, POST 201 with the thread, DELETE 204. */
const FAKE_SERVER = `
const fetch = async (url: string, init: RequestInit) => {
  if (init.method === 'GET') return Response.json({ threads: [], cursor: null });
  if (init.method === 'PATCH') return new Response(null, { status: 404 });
  if (init.method === 'POST') return Response.json({ thread: JSON.parse(String(init.body)) }, { status: 201 });
  console.log(init.method, new URL(url).pathname);
  return new Response(null, { status: 204 });
};
`;

describe('a Node script with a thread list over httpThreadAdapter', () => {
  it('exits when it is done even without dispose(): the change channel and the refetch timer do not hold it', async () => {
    const result = await runScript(`
import { createThreadList, httpThreadAdapter } from ${JSON.stringify(threads)};
import { createAgentChat, scriptedTransport, versionTree } from ${JSON.stringify(core)};
${FAKE_SERVER}
const adapter = httpThreadAdapter({ url: 'http://threads.test/api/threads', fetch, refetchInterval: 1000 });
const list = createThreadList({ adapter, createChat: () => createAgentChat({ transport: scriptedTransport([]), features: [versionTree()] }) });
const id = await list.create({ title: 'kept' });
console.log('created', id.length > 0, list.getState().threads.length);
`);
    expect(result).toMatchObject({ killed: false, code: 0, stdout: 'created true 1\n' });
  });

  it('await using: the removal waiting for its undo time is sent before the block ends', async () => {
    const result = await runScript(`
import { createThreadList, httpThreadAdapter } from ${JSON.stringify(threads)};
import { createAgentChat, scriptedTransport, versionTree } from ${JSON.stringify(core)};
${FAKE_SERVER}
{
  await using list = createThreadList({ adapter: httpThreadAdapter({ url: 'http://threads.test/api/threads', fetch }), createChat: () => createAgentChat({ transport: scriptedTransport([]), features: [versionTree()] }), undoMs: 600_000 });
  await list.create({ id: 'gone', title: 'gone' });
  await list.remove('gone');
}
console.log('disposed');
`);
    expect(result).toMatchObject({ killed: false, code: 0, stdout: 'DELETE /api/threads/gone\ndisposed\n' });
  });
});
