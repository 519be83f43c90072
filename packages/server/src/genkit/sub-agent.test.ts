/**
 * A Genkit agent that delegates to a sub-agent through a tool, served by the package's three handlers: the
 * sub-agent's stream reaches each client in its protocol's own shape (Genkit custom.subAgent chunks, AG-UI SUBAGENT_*
 * events, AI SDK preliminary tool outputs) and every client shows the same nested run. Real `genkit/beta` agents on
 * small offline models; the clients are @agent-chat/core's transports.
 */
import { aguiTransport, aiSdkTransport, createAgentChat, genkitTransport, subAgents, isToolRequestPart, textOf, type ChatMessage, type SubAgentRun, type Transport } from '@agent-chat/core';
import { genkit, z, type Part } from 'genkit/beta';
import { describe, expect, it } from 'vitest';
import { currentTurn, forwardSubAgent, genkitRoutes, memorySessionStore, withClientState } from './index.js';

/** One model step per call: `steps[n]` is what the n-th call of the conversation's model says (by tool results seen). */
function scriptedModel(ai: ReturnType<typeof genkit>, name: string, say: (toolResults: number) => Part[]) {
  return ai.defineModel({ apiVersion: 'v2', name, supports: { multiturn: true, tools: true } }, async (request, { sendChunk }) => {
    const results = request.messages.filter((message) => message.role === 'tool').length;
    const content = say(results);
    for (const part of content) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (currentTurn()?.signal.aborted) break;
      if (part.text) for (const word of part.text.split(/(?<= )/)) sendChunk({ content: [{ text: word }] });
      else sendChunk({ content: [part] });
    }
    return { message: { role: 'model', content }, finishReason: 'stop' };
  });
}

function delegatingAgent() {
  const ai = genkit({});
  const search = ai.defineTool({ name: 'search', description: 'Searches.', inputSchema: z.object({ q: z.string() }) }, async () => ['moon', 'gravity']);
  const researcherModel = scriptedModel(ai, 'test/researcher', (results) => results === 0
    ? [{ text: 'Searching the web.' }, { toolRequest: { name: 'search', ref: 'search-1', input: { q: 'tides' } } }]
    : [{ text: 'The moon pulls the sea.' }]);
  const researcher = ai.defineAgent({ name: 'researcher', model: researcherModel, tools: [search] });
  const research = ai.defineTool(
    { name: 'research', description: 'Asks the researcher.', inputSchema: z.object({ topic: z.string() }), outputSchema: z.string() },
    async ({ topic }) => {
      const { result } = await forwardSubAgent({ name: 'research', agent: 'researcher' }, (onChunk) =>
        researcher.run({ message: { role: 'user', content: [{ text: `research ${topic}` }] } }, { init: {}, onChunk }));
      return textOf((result as { message?: { content: Part[] } }).message?.content as never ?? []);
    },
  );
  const model = scriptedModel(ai, 'test/parent', (results) => results === 0
    ? [{ text: 'Asking the researcher.' }, { toolRequest: { name: 'research', ref: 'research-1', input: { topic: 'tides' } } }]
    : [{ text: 'Tides come from the moon.' }]);
  const store = withClientState(memorySessionStore());
  return { agent: ai.defineAgent({ name: 'parent', model, tools: [research], store }), store };
}

const PROTOCOLS: Record<string, (base: string, fetch: typeof globalThis.fetch) => Transport> = {
  genkit: (base, fetch) => genkitTransport({ url: `${base}/agent`, fetch }),
  agui: (base, fetch) => aguiTransport({ url: `${base}/agui`, fetch }),
  aiSdk: (base, fetch) => aiSdkTransport({ url: `${base}/ai-sdk`, fetch }),
};

const runOf = (messages: readonly ChatMessage[], ref: string): SubAgentRun | undefined => {
  for (const message of messages) {
    for (const part of message.content) {
      if (isToolRequestPart(part) && part.toolRequest.ref === ref) return part.metadata?.subAgent as SubAgentRun | undefined;
    }
  }
  return undefined;
};

describe('a sub-agent run in a tool, forwarded by every handler', () => {
  const { agent, store } = delegatingAgent();
  const routes = genkitRoutes({ agent, store, user: 'anonymous' });
  const fetch: typeof globalThis.fetch = async (input, init) => routes(new Request(input, init));

  for (const [protocol, transportOf] of Object.entries(PROTOCOLS)) {
    it(`${protocol}: the researcher's text and its own search call stream nested under the research call; the answer follows`, async () => {
      const chat = createAgentChat({ transport: transportOf('http://localhost:3000/api', fetch), features: [subAgents()] });
      const seen: string[] = [];
      chat.subscribe((state) => {
        const run = runOf(state.messages, 'research-1');
        if (run) seen.push(`${run.status}:${textOf(run.messages.flatMap((message) => message.content))}`);
      });
      await chat.send('research tides');
      const { messages, status, error } = chat.getState();
      expect(error).toBeNull();
      expect(status).toBe('ready');
      const run = runOf(messages, 'research-1')!;
      expect(run).toMatchObject({ agent: 'researcher', status: 'done' });
      const parts = run.messages.flatMap((message) => message.content);
      expect(textOf(parts)).toBe('Searching the web.The moon pulls the sea.');
      expect(parts).toContainEqual(expect.objectContaining({ toolRequest: expect.objectContaining({ name: 'search', ref: 'search-1' }) }));
      expect(parts).toContainEqual(expect.objectContaining({ toolResponse: expect.objectContaining({ name: 'search', output: ['moon', 'gravity'] }) }));
      // It streamed: seen running with only part of its text.
      expect(seen.some((entry) => entry.startsWith('running:Searching') && !entry.includes('moon'))).toBe(true);
      expect(textOf(messages[messages.length - 1]!.content)).toBe('Tides come from the moon.');
    });
  }
});
