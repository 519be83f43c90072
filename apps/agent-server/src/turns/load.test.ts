import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aguiText, aiSdkText, genkitText, idsOf, range, readFrames, STORY_TEXT, type ReadFrame } from './resume-support.js';
import { postJson, startTestServer, type TestServer } from '../test-support.js';

// Many conversations at once on the three protocols (issue 45): every answer whole, exactly once, its SSE ids 0, 1, 2 …
// with none missing or repeated. `npm run bench` (section 7) runs the same load at full size with timings.
const PER_PROTOCOL = 12; // × 3 protocols = 36 streams at once, each the ~340-chunk story
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ tokenDelayMs: 1 });
});
afterAll(() => t.dispose());

const PROMPT = 'tell me a long story';
const requests = {
  genkit: (_i: number) => [t.server.agentUrl, { data: { message: { role: 'user', content: [{ text: PROMPT }] } } }] as const,
  agui: (i: number) => [t.server.aguiUrl, { threadId: `load-agui-${i}`, runId: `r${i}`, messages: [{ id: `u${i}`, role: 'user', content: PROMPT }], state: {}, tools: [], context: [], forwardedProps: {} }] as const,
  aiSdk: (i: number) => [t.server.aiSdkUrl, { id: `load-ai-sdk-${i}`, trigger: 'submit-message', messages: [{ id: `u${i}`, role: 'user', parts: [{ type: 'text', text: PROMPT }] }] }] as const,
};
const textOf = { genkit: (frames: ReadFrame[]) => genkitText(frames).streamed, agui: aguiText, aiSdk: aiSdkText };

describe('many streams at once', () => {
  it(`${PER_PROTOCOL * 3} concurrent answers on Genkit, AG-UI and the AI SDK (resumable and not) all arrive whole, exactly once, in order`, async () => {
    const runs = (Object.keys(requests) as Array<keyof typeof requests>).flatMap((protocol) =>
      range(0, PER_PROTOCOL).map(async (i) => {
        const [url, body] = requests[protocol](i);
        const resumable = i % 2 === 0;
        const response = await postJson(url, body, true, { 'x-agent-resumable': String(resumable) });
        expect(response.status).toBe(200);
        const frames = await readFrames(response);
        return { protocol, resumable, frames };
      }),
    );
    const answers = await Promise.all(runs);
    expect(answers).toHaveLength(PER_PROTOCOL * 3);
    for (const { protocol, resumable, frames } of answers) {
      expect(textOf[protocol](frames)).toBe(STORY_TEXT);
      // A Genkit client that cannot resume gets @genkit-ai/express's frames, without ids.
      const ids = protocol === 'genkit' && !resumable ? frames.map(() => undefined) : range(0, frames.length);
      expect(idsOf(frames)).toEqual(ids);
    }
    // Each protocol's last frame ends the turn.
    const last = (protocol: keyof typeof requests) => answers.filter((a) => a.protocol === protocol).map((a) => a.frames.at(-1)!.value);
    for (const value of last('genkit')) expect(genkitText([{ id: 0, field: 'data', value }]).result).toBe(STORY_TEXT);
    for (const value of last('agui')) expect(JSON.parse(value)).toMatchObject({ type: 'RUN_FINISHED' });
    for (const value of last('aiSdk')) expect(value).toBe('[DONE]');
  }, 30_000);
});
