/**
 * "research X": the task agent delegates to a researcher, another Genkit agent (on the same model), through its
 * `research` tool. The researcher streams its own steps and calls a `webSearch` tool of its own; `forwardSubAgent`
 * (@agent-chat/server) forwards its stream into the task agent's turn, so every route shows it nested under the call.
 */
import { currentTurn, forwardSubAgent, keptRun } from '@agent-chat/server/genkit';
import { z, type GenkitBeta } from './genkit-runtime.js';
import { RESEARCH_BRIEF } from './scripted-replies.js';

/** What the offline webSearch finds: three made-up sources about the topic (nothing is fetched). */
export function searchResults(query: string): { title: string; url: string }[] {
  const slug = query.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'topic';
  return ['overview', 'history', 'latest'].map((kind) => ({ title: `${query}: ${kind}`, url: `https://example.com/${slug}/${kind}` }));
}

/** The model both agents run on. */
type AgentModel = Parameters<GenkitBeta['defineAgent']>[0]['model'];

export function defineResearch(ai: GenkitBeta, model: AgentModel) {
  const webSearch = ai.defineTool(
    {
      name: 'webSearch',
      description: 'Searches the web (offline: made-up results) and returns the sources found.',
      inputSchema: z.object({ query: z.string() }),
      outputSchema: z.array(z.object({ title: z.string(), url: z.string() })),
    },
    async ({ query }) => searchResults(query),
  );
  const researcher = ai.defineAgent({
    name: 'researcher',
    model,
    system: 'You are a researcher. Search the web for the brief with webSearch, then summarize what you found.',
    tools: [webSearch],
    maxTurns: 4,
  });
  const research = ai.defineTool(
    {
      name: 'research',
      description: 'Asks the researcher sub-agent to research a topic; returns its summary.',
      inputSchema: z.object({ topic: z.string().min(1) }),
      outputSchema: z.string(),
      // The result part carries the researcher's run (metadata.subAgent): the session keeps it, a restore shows it.
      multipart: true,
    },
    async ({ topic }) => {
      const response = await forwardSubAgent({ name: 'research', agent: 'researcher' }, (onChunk) =>
        researcher.run(
          { message: { role: 'user', content: [{ text: `${RESEARCH_BRIEF} ${topic}` }] } },
          { init: {}, onChunk, ...(currentTurn() && { abortSignal: currentTurn()!.signal }) },
        ));
      const message = (response.result as { message?: { content?: { text?: string }[] } }).message;
      const summary = (message?.content ?? []).map((part) => part.text ?? '').join('');
      return { output: summary, metadata: { subAgent: keptRun('researcher', response) } };
    },
  );
  return { research, webSearch, researcher };
}
