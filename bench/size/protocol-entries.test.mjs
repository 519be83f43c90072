// The size report makes a row per protocol descriptor: the core's five, and a sixth (the test-only echo protocol of
// packages/testing/test/echo-protocol) with no edit to the report — its row bundles like the others.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { protocols } from '../../packages/core/src/protocols/protocol-list.ts';
import { echoProtocol } from '../../packages/testing/test/echo-protocol/echo-protocol.ts';
import { protocolEntries } from './protocol-entries.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const echoModule = fileURLToPath(new URL('../../packages/testing/test/echo-protocol/echo-transport.ts', import.meta.url));

describe('protocolEntries', () => {
  it('one row per descriptor, held to its ceiling, or a new one to the largest', () => {
    const rows = protocolEntries([...protocols, echoProtocol], { ceilings: { 'app-genkit': 27.6, 'app-agui': 31.4 } });
    expect(rows.map((row) => row.id)).toEqual(['app-genkit', 'app-agentflow', 'app-agui', 'app-ai-sdk', 'app-tnsai', 'app-echo']);
    expect(rows.find((row) => row.id === 'app-genkit')).toMatchObject({ ceiling: 27.6, budget: 15, label: '… + `genkitTransport` (SSE)' });
    expect(rows.find((row) => row.id === 'app-echo')).toMatchObject({ ceiling: 31.4, label: '… + `echoTransport` (NDJSON)' });
    expect(rows.find((row) => row.id === 'app-tnsai').source).toContain("export { tnsaiTransport } from '@agent-chat/core/tnsai';");
  });

  it('a row with a budget of its own keeps it; the others take the common one', () => {
    const rows = protocolEntries(protocols, { budgets: { 'app-genkit': 18 } });
    expect(rows.find((row) => row.id === 'app-genkit').budget).toBe(18);
    expect(rows.filter((row) => row.id !== 'app-genkit').map((row) => row.budget)).toEqual([15, 15, 15, 15]);
  });

  it("a row with a budget of its own is held to it: no fallback ceiling (the largest app's) lets it pass over", () => {
    const rows = protocolEntries(protocols, { ceilings: { 'app-agui': 27.3 }, budgets: { 'app-genkit': 23 } });
    expect(rows.find((row) => row.id === 'app-genkit')).toMatchObject({ budget: 23, ceiling: undefined });
    expect(rows.find((row) => row.id === 'app-tnsai')).toMatchObject({ budget: 15, ceiling: 27.3 });
  });

  it("the sixth protocol's row bundles its transport beside the engine", async () => {
    const [row] = protocolEntries([echoProtocol], { moduleOf: () => echoModule });
    const result = await build({
      stdin: { contents: row.source, resolveDir: root, loader: 'js' },
      bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, metafile: true, logLevel: 'silent',
      external: ['react', 'react-dom', 'react/jsx-runtime'],
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((input) => input.endsWith('echo-protocol/echo-transport.ts'))).toBe(true);
    expect(inputs.some((input) => /packages\/core\/(dist|src)\/chat\/agent-chat\.(js|ts)$/.test(input))).toBe(true);
    expect(new TextDecoder().decode(result.outputFiles[0].contents)).toContain('"echo"');
  });
});
