import { randomUUID } from 'node:crypto';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer, withTempDir } from '../test-support.js';

/** A pid no process has: beyond Linux's largest pid_max (2^22). */
const GONE_PID = 999_999_999;
const tempName = (base: string, pid: number) => `${base}.json.${pid}.${randomUUID()}.tmp`;

describe('stale .tmp files on start', () => {
  it('removes those whose writer is gone (kill -9 mid-write), keeps live writers’ and every snapshot', () =>
    withTempDir(async (dataDir) => {
      const global = join(dataDir, 'global');
      await mkdir(join(global, '.pointers'), { recursive: true });
      const stale = [tempName('a', GONE_PID), tempName('b', GONE_PID), tempName('mine-from-before', process.pid)];
      const live = [tempName('c', process.ppid), tempName('mine-now', process.pid)];
      for (const name of [...stale, ...live]) await writeFile(join(global, name), 'x'.repeat(1000));
      await writeFile(join(global, '.pointers', tempName('s1', GONE_PID)), '{}');
      // Written before this process started: a previous process with the same pid (pids recur in containers).
      const before = new Date(performance.timeOrigin - 60_000);
      await utimes(join(global, stale[2]!), before, before);
      await writeFile(join(global, 'kept.json'), '{}');

      const t = await startTestServer({ store: 'file', dataDir });
      try {
        expect(t.lines).toEqual(['[agent-server] removed 4 stale .tmp files (3002 bytes) left by an interrupted write']);
        expect((await readdir(global)).sort()).toEqual(['.pointers', 'kept.json', ...live].sort());
        expect(await readdir(join(global, '.pointers'))).toEqual([]);
        expect((await t.chat().send('add Buy milk')).text).toBe('Added “Buy milk” (task #1).');
      } finally {
        await t.dispose();
      }
    }));
});
