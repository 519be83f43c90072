// The recordings kept in packages/testing/recordings/ (see demo-conversations.ts for how they are made).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseRecording, type Recording } from '../src/recording.js';

/** The folder of the kept recordings (from `dirname`: under jsdom, `import.meta.url` is not a file URL). */
export const RECORDINGS_DIR = join(import.meta.dirname, '../recordings');

/** A kept recording, by file name without `.json`. */
export function keptRecording(file: string): Recording {
  return parseRecording(JSON.parse(readFileSync(join(RECORDINGS_DIR, `${file}.json`), 'utf8')));
}

