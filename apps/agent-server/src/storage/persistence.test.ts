import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer, withTempDir } from '../test-support.js';

describe('FileSessionStore persistence', () => {
  it('a new server on the same data folder continues the session: restore(), getSnapshot and the next turn', () =>
    withTempDir(async (dataDir) => {
      const first = await startTestServer({ store: 'file', dataDir });
      const chat = first.chat();
      await chat.send('add Buy milk');
      await chat.send('report');
      const { sessionId, snapshotId } = chat.getState();
      expect(sessionId).toBeTruthy();
      await first.dispose();

      // The snapshots are files under <dataDir>/global, one per turn, plus the session pointer.
      const files = await readdir(join(dataDir, 'global'));
      expect(files.filter((file) => file.endsWith('.json'))).toHaveLength(2);
      expect(await readdir(join(dataDir, 'global', '.pointers'))).toEqual([`${sessionId}.json`]);

      const second = await startTestServer({ store: 'file', dataDir });
      try {
        const again = second.chat({ sessionId: sessionId! });
        const info = await again.restore();
        expect(info?.snapshotId).toBe(snapshotId);
        expect(info?.status).toBe('completed');
        const state = again.getState();
        expect(state.messages.filter((m) => m.role === 'user').map((m) => m.content[0])).toEqual([{ text: 'add Buy milk' }, { text: 'report' }]);
        expect(state.messages.at(-1)?.content[0]).toEqual({ text: "I wrote report.md with 1 task. You'll find it with the artifacts." });
        expect(state.custom).toEqual({ tasks: [{ id: 1, title: 'Buy milk', done: false }], nextId: 2 });
        expect(state.artifacts.map((artifact) => artifact.name)).toEqual(['report.md']);

        const bySnapshot = await again.getSnapshot({ snapshotId: snapshotId! });
        expect(bySnapshot.state?.messages.length).toBe(state.messages.length);

        const next = await again.send('add Bread');
        expect(next.text).toBe('Added “Bread” (task #2).');
        expect(next.sessionId).toBe(sessionId);
        expect(again.getState().custom?.tasks).toHaveLength(2);
      } finally {
        await second.dispose();
      }
    }));

  it('a snapshot id that is valid but unknown is a 404 NOT_FOUND from getSnapshot', () =>
    withTempDir(async (dataDir) => {
      const t = await startTestServer({ store: 'file', dataDir });
      try {
        await expect(t.chat().getSnapshot({ snapshotId: 'no-such-snapshot' })).rejects.toMatchObject({
          name: 'AgentChatError',
          status: 404,
          serverStatus: 'NOT_FOUND',
        });
      } finally {
        await t.dispose();
      }
    }));
});
