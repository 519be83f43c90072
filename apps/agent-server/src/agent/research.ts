/**
 * "research X": the task agent delegates to a researcher, another Genkit agent (on the same model), through its
 * `research` tool. The researcher streams its own steps and calls a `webSearch` tool of its own; `forwardSubAgent`
 * (@agent-chat/server) forwards its stream into the task agent's turn, so every route shows it nested under the call.
 */
import { askedBy, currentTurn, forwardSubAgent, keptRun, type SubAgentQuestion } from '@agent-chat/server/genkit';
import { z, type GenkitBeta } from './genkit-runtime.js';
import { ASK_FIRST, RESEARCH_BRIEF } from './scripted-replies.js';

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
  // The researcher's question to the user, before it searches ("research X carefully").
  const approveSearch = ai.defineInterrupt({
    name: 'approveSearch',
    description: 'Asks the user whether to search the web for the query. Answer true/"yes" to search.',
    inputSchema: z.object({ question: z.string(), query: z.string() }),
    outputSchema: z.any(),
  });
  const researcher = ai.defineAgent({
    name: 'researcher',
    model,
    system: 'You are a researcher. Search the web for the brief with webSearch, then summarize what you found.',
    tools: [webSearch, approveSearch],
    maxTurns: 4,
  });
  const research = ai.defineTool(
    {
      name: 'research',
      description: 'Asks the researcher sub-agent to research a topic; returns its summary.',
      inputSchema: z.object({ topic: z.string().min(1), askFirst: z.boolean().optional() }),
      outputSchema: z.string(),
      // The result part carries the researcher's run (metadata.subAgent): the session keeps it, a restore shows it.
      multipart: true,
    },
    async ({ topic, askFirst }, { interrupt, resumed, metadata }) => {
      // Resumed after the researcher asked: its kept state, and the user's answers to give it.
      const asked = (metadata?.interrupt as SubAgentQuestion | undefined)?.subAgent;
      const { answers, ref } = (resumed ?? {}) as { answers?: unknown; ref?: string };
      const input = asked && Array.isArray(answers)
        ? { resume: { respond: answers } }
        : { message: { role: 'user' as const, content: [{ text: `${RESEARCH_BRIEF} ${askFirst ? `${ASK_FIRST} ` : ''}${topic}` }] } };
      const response = await forwardSubAgent({ name: 'research', agent: 'researcher', ...(ref !== undefined && { ref }) }, (onChunk) =>
        researcher.run(input, {
          init: asked ? { state: asked.state as never } : {},
          onChunk,
          ...(currentTurn() && { abortSignal: currentTurn()!.signal }),
        }));
      // The researcher asked the user: this call waits too, with what it needs to resume the researcher.
      const question = askedBy(response, 'researcher');
      if (question) interrupt(question as unknown as Record<string, unknown>);
      const message = (response.result as { message?: { content?: { text?: string }[] } }).message;
      const summary = (message?.content ?? []).map((part) => part.text ?? '').join('');
      return { output: summary, metadata: { subAgent: keptRun('researcher', response) } };
    },
  );
  return { research, webSearch, researcher };
}
