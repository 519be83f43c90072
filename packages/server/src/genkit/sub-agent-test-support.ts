/** A real genkit/beta agent that delegates to a researcher sub-agent through its research tool (sub-agent.ts), for tests. */
import { textOf } from '@agent-chat/core';
import { genkit, z, type Part } from 'genkit/beta';
import { currentTurn, forwardSubAgent, memorySessionStore, withClientState } from './index.js';

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

/** The parent: says it asks, calls research (which runs the researcher, forwarded), then answers. */
export function delegatingAgent() {
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

