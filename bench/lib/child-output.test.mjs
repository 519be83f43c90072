// The worker pipes of the bench read whole: a character split between two pipe reads is one character.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { childOutput } from './child-output.mjs';

describe('childOutput', () => {
  it('decodes a child’s multi-byte output across pipe reads (3 MB of curly quotes: reads of 64 KiB split characters)', async () => {
    const script = "process.stdout.write('\\u201c'.repeat(1_000_000)); process.stderr.write('\\u201d'.repeat(100_000)); process.exitCode = 3";
    const { code, out, err } = await childOutput(spawn(process.execPath, ['-e', script]));
    expect(code).toBe(3);
    expect(out.length).toBe(1_000_000);
    expect(out).toBe('\u201c'.repeat(1_000_000)); // per-read decoding: U+FFFD at every read boundary inside a quote
    expect(err).toBe('\u201d'.repeat(100_000));
  });
});
