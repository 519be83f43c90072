// Re-records the conversations kept in packages/testing/recordings/ (the demo agent and the live test servers); with
// file names as arguments (`npm run record:demo -w packages/testing -- genkit-app-state`), only those.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_CONVERSATIONS, RECORDINGS_DIR, recordConversation } from '../test/demo-conversations.js';

mkdirSync(RECORDINGS_DIR, { recursive: true });
const only = process.argv.slice(2);
for (const conversation of DEMO_CONVERSATIONS.filter(({ file }) => only.length === 0 || only.includes(file))) {
  const recording = await recordConversation(conversation);
  const path = join(RECORDINGS_DIR, `${conversation.file}.json`);
  writeFileSync(path, `${JSON.stringify(recording, null, 1)}\n`);
  console.log(`${path}: ${recording.turns.length} turns, ${recording.turns.reduce((sum, turn) => sum + turn.frames.length, 0)} frames`);
}
