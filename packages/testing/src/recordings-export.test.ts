// The kept recordings are part of the package: `@agent-chat/testing/recordings/<name>.json` (the stories take them
// from there), resolved here through the package's exports as an app's resolver does.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseRecording } from './index.js';

const folder = fileURLToPath(new URL('../recordings/', import.meta.url));
const require = createRequire(import.meta.url);

describe('@agent-chat/testing/recordings', () => {
  it.each(readdirSync(folder).filter((file) => file.endsWith('.json')))('%s is exported and parses as a recording', (file) => {
    const resolved = require.resolve(`@agent-chat/testing/recordings/${file}`);
    expect(resolved).toBe(`${folder}${file}`);
    expect(parseRecording(JSON.parse(readFileSync(resolved, 'utf8'))).turns.length).toBeGreaterThan(0);
  });
});
