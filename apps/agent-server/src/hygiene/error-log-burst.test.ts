import { describe, expect, it } from 'vitest';
import { postJson, startTestServer } from '../test-support.js';

const bytes = (lines: string[]) => lines.reduce((total, line) => total + Buffer.byteLength(line) + 1, 0);

describe('a burst of tiny bad requests', () => {
  it('writes at most 20 error lines and 20 failed-turn lines, each cut to 1000 characters', async () => {
    const errors: string[] = [];
    const t = await startTestServer({ errorLog: (line) => errors.push(line) });
    try {
      // Each `{}` makes Genkit log its schema error with the whole JSON schema and a stack (≈47 kB unlimited).
      const bad: Array<[string, unknown]> = [
        ['/api/agent', {}],
        ['/api/agent', { data: { message: 5 } }],
        ['/api/agent', { data: { message: { role: 'user', content: [{ text: 'hi' }] } }, init: { snapshotId: 'no-such-snapshot' } }],
        ['/api/agent/getSnapshot', { data: { snapshotId: 'no-such-snapshot' } }],
      ];
      for (let round = 0; round < 50; round++) {
        const responses = await Promise.all(bad.map(([path, body]) => postJson(`${t.server.url}${path}`, body, path !== '/api/agent')));
        await Promise.all(responses.map((response) => response.text()));
      }
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.length).toBeLessThanOrEqual(20);
      expect(errors.every((line) => line.length <= 1001)).toBe(true);
      expect(t.lines.length).toBeLessThanOrEqual(20);
      expect(t.lines.every((line) => line.length <= 1001)).toBe(true);
      // 40 lines of at most 1000 characters, the cut's '…' (3 bytes in UTF-8) and a newline.
      expect(bytes(errors) + bytes(t.lines)).toBeLessThanOrEqual(40 * (1000 + Buffer.byteLength('…') + 1));
      // A good turn is still logged: only failures are limited.
      await t.chat().send('add Buy milk');
      expect(t.lines.at(-1)).toMatch(/^POST \/api\/agent session=\S+ finishReason=stop/);
    } finally {
      await t.dispose();
    }
  });
});
