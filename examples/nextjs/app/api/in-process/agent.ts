// The in-process agent: a Genkit agent (genkit/beta `ai.defineAgent`) that runs inside this Next.js server, on a small
// scripted model defined here, so the example works offline with no API key. Put your model's plugin in `genkit({
// plugins })` and its name in `model` instead.
//
// Each answer first asks for the `countWords` tool (run here, on the server), then streams its text word by word with a
// pause between words, slowly enough to reload the page in the middle of an answer and see it resume.
import { genkit, z } from 'genkit/beta';
import { currentTurn, memorySessionStore, withClientState } from '@agent-chat/server/genkit';

/** The pause between two streamed words, in ms. */
const WORD_DELAY_MS = 80;

const ANSWER =
  'This answer comes from a Genkit agent running inside this Next.js server. Its route handler is genkitRoutes from ' +
  '@agent-chat/server, and every chunk of the answer is kept in the turn’s replay buffer as it streams. Reload the ' +
  'page now: the new page finds the same turn, reads it on from the last chunk it showed, and the answer ends once, ' +
  'without running the turn again.';

const ai = genkit({ plugins: [] });

const countWords = ai.defineTool(
  {
    name: 'countWords',
    description: 'Counts the words of a text.',
    inputSchema: z.object({ text: z.string() }),
    outputSchema: z.object({ words: z.number() }),
  },
  async ({ text }) => ({ words: text.split(/\s+/).filter(Boolean).length }),
);

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

const scriptedModel = ai.defineModel(
  { apiVersion: 'v2', name: 'example/scripted', label: 'Scripted (offline)', supports: { multiturn: true, tools: true, systemRole: true } },
  async (request, { sendChunk, abortSignal }) => {
    const last = request.messages.at(-1);
    const toolAnswer = last?.content.find((part) => part.toolResponse?.name === 'countWords')?.toolResponse;
    if (!toolAnswer) {
      // A new question: ask for the tool first (streamed as a real model streams a tool request).
      const text = (last?.content ?? []).map((part) => part.text ?? '').join('');
      // One line per turn the model starts (the e2e test counts them: a reload must not start the turn again).
      console.log(`[in-process agent] turn: ${JSON.stringify(text)}`);
      const part = { toolRequest: { name: 'countWords', ref: `countWords-${request.messages.length}`, input: { text } } };
      sendChunk({ content: [part] });
      return { message: { role: 'model', content: [part] }, finishReason: 'stop' };
    }
    // The tool answered: stream the answer. A cancelled turn (Stop) or a closed request stops the words.
    const signal = AbortSignal.any([abortSignal, currentTurn()?.signal].filter((s): s is AbortSignal => s !== undefined));
    const { words } = toolAnswer.output as { words: number };
    let text = '';
    for (const word of `Your message has ${words} word${words === 1 ? '' : 's'}. ${ANSWER}`.split(/(?<= )/)) {
      await pause(WORD_DELAY_MS, signal);
      if (signal.aborted) break;
      text += word;
      sendChunk({ content: [{ text: word }] });
    }
    return { message: { role: 'model', content: [{ text }] }, finishReason: signal.aborted ? 'aborted' : 'stop' };
  },
);

/** The agent's sessions, in this server's memory (`withClientState`: the client's state writes reach the turn; a delete removes a session). */
export const store = withClientState(memorySessionStore());

export const agent = ai.defineAgent({
  name: 'inProcessAgent',
  model: scriptedModel,
  system: 'Count the words of the user’s message with countWords, then answer.',
  tools: [countWords],
  store,
});
