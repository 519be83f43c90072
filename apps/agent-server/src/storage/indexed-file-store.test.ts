import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSessionStore } from '../agent/genkit-runtime.js';
import { IndexedFileSessionStore } from './indexed-file-store.js';
import { postJson, startTestServer, withTempDir } from '../test-support.js';


/** `count` unparsable snapshot files: any store that opens one of them fails or logs. */
async function fillWithCorruptSnapshots(dataDir: string, count: number): Promise<void> {
  await mkdir(join(dataDir, 'global', '.pointers'), { recursive: true });
  for (let i = 0; i < count; i++) await writeFile(join(dataDir, 'global', `corrupt-${i}.json`), `{"sessionId": "victim-${i}", "state": {`);
}

describe('IndexedFileSessionStore', () => {
  it('looks an unknown sessionId up without opening any snapshot (Genkit’s store reads them all)', () =>
    withTempDir(async (dataDir) => {
      await fillWithCorruptSnapshots(dataDir, 200);
      // The baseline, to show the files are a trap: FileSessionStore scans them and trips on the first.
      await expect(new FileSessionStore(dataDir).getSnapshot({ sessionId: 'unknown' })).rejects.toThrow(SyntaxError);
      const logged: string[] = [];
      const store = new IndexedFileSessionStore(dataDir, { log: (line) => logged.push(line) });
      expect(await store.getSnapshot({ sessionId: 'unknown' })).toBeUndefined();
      expect(await store.storedBytes({ sessionId: 'unknown' })).toBe(0);
      expect(logged).toEqual([]);
    }));

  it('reads a session through its pointer, like FileSessionStore, and refuses a pointer to another session', () =>
    withTempDir(async (dataDir) => {
      const store = new IndexedFileSessionStore<{ n: number }>(dataDir);
      const id = await store.saveSnapshot(undefined, () => ({ sessionId: 's1', createdAt: '', status: 'completed', state: { sessionId: 's1', messages: [], artifacts: [], custom: { n: 1 } } }));
      expect((await store.getSnapshot({ sessionId: 's1' }))?.state?.custom).toEqual({ n: 1 });
      expect(await new FileSessionStore(dataDir).getSnapshot({ sessionId: 's1' })).toEqual(await store.getSnapshot({ snapshotId: id! }));
      expect(await store.storedBytes({ sessionId: 's1' })).toBeGreaterThan(100);
      await writeFile(join(dataDir, 'global', '.pointers', 's2.json'), JSON.stringify({ currentSnapshotId: id }));
      expect(await store.getSnapshot({ sessionId: 's2' })).toBeUndefined();
    }));
});

describe('a corrupt file in the store, over HTTP', () => {
  it('is logged and fails only its own session: new and other sessions keep working', () =>
    withTempDir(async (dataDir) => {
      const errors: string[] = [];
      const t = await startTestServer({ store: 'file', dataDir, errorLog: (line) => errors.push(line) });
      try {
        const ok = t.chat({ sessionId: 'healthy' });
        expect((await ok.send('add Buy milk')).text).toBe('Added “Buy milk” (task #1).');
        const broken = t.chat({ sessionId: 'broken' });
        const { snapshotId } = await broken.send('add Bread');
        await t.chat({ sessionId: 'broken-pointer' }).send('add Jam');

        await fillWithCorruptSnapshots(dataDir, 50);
        await writeFile(join(dataDir, 'global', `${snapshotId}.json`), '{"snapshotId": "trunc');
        await writeFile(join(dataDir, 'global', '.pointers', 'broken-pointer.json'), 'not json');

        expect((await ok.send('add Eggs')).custom?.tasks).toHaveLength(2);
        expect((await t.chat({ sessionId: 'brand-new' }).send('add Tea')).text).toBe('Added “Tea” (task #1).');
        expect((await t.chat().send('add Coffee')).text).toBe('Added “Coffee” (task #1).');

        // By snapshotId alone (the same client): whose the unreadable snapshot is cannot be read, so it is nobody's (404).
        const bySnapshot = await broken.send('add More');
        expect(bySnapshot.finishReason).toBe('failed');
        expect(bySnapshot.error?.status).toBe(404);
        // By sessionId (a new client: pointer, then snapshot), and a corrupt pointer: the owner hears what is wrong.
        const cases = [
          [t.chat({ sessionId: 'broken' }), `${snapshotId}.json`],
          [t.chat({ sessionId: 'broken-pointer' }), '.pointers/broken-pointer.json'],
        ] as const;
        for (const [chat, file] of cases) {
          const response = await chat.send('add More');
          expect(response.finishReason).toBe('failed');
          expect(response.error?.message).toContain(`This session's stored data is unreadable (${file} is corrupt); start a new session.`);
        }
        // The owner reading the session hears that it is unreadable; an unreadable snapshot read by id names no owner: 404.
        const read = await postJson(`${t.server.url}/api/agent/getSnapshot`, { data: { sessionId: 'broken' } }, false);
        expect(read.status).toBe(400);
        expect(await read.json()).toMatchObject({ status: 'FAILED_PRECONDITION' });
        expect((await postJson(`${t.server.url}/api/agent/getSnapshot`, { data: { snapshotId } }, false)).status).toBe(404);

        const skipped = errors.filter((line) => line.startsWith('[agent-server] skipped unreadable store file'));
        expect(skipped.some((line) => line.includes(`${snapshotId}.json: Unterminated string`))).toBe(true);
        expect(skipped.some((line) => line.includes('broken-pointer.json'))).toBe(true);
        expect(errors.join('\n')).not.toMatch(/corrupt-\d+\.json/); // the other sessions' files were never opened
        expect((await readdir(join(dataDir, 'global'))).filter((name) => name.startsWith('corrupt-'))).toHaveLength(50);
      } finally {
        await t.dispose();
      }
    }));
});
