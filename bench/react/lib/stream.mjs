// The streamed turn of the React benchmarks, as the AI SDK UI message stream v1 (SSE), behind a fetch stub that hands out
// one SSE frame per pull, each pull waiting one macrotask first. Ours reads it with aiSdkTransport, the AI SDK with
// DefaultChatTransport: the same bytes, at the same pace.

// ASCII, 2-, 3- and 4-byte UTF-8 and a JSON escape; no Markdown syntax, so the rendered text equals the streamed text.
const WORDS = ['The', ' quick', ' brown', ' fox', ' jumps', ' over', ' the', ' lazy', ' dog', ',', ' café', ' 世界', ' 🎉', ' "quoted"', ' agent', ' stream'];
export const token = (index) => WORDS[index % WORDS.length];
export const expectedText = (deltas) => Array.from({ length: deltas }, (_, index) => token(index)).join('');

const encoder = new TextEncoder();

/** The frames of one reply of `deltas` text deltas: start … text-delta × deltas … finish, [DONE]. */
export function replyFrames(deltas, messageId = 'msg-reply') {
  const chunks = [{ type: 'start', messageId }, { type: 'start-step' }, { type: 'text-start', id: 'text-0' }];
  for (let index = 0; index < deltas; index++) chunks.push({ type: 'text-delta', id: 'text-0', delta: token(index) });
  chunks.push({ type: 'text-end', id: 'text-0' }, { type: 'finish-step' }, { type: 'finish', finishReason: 'stop' });
  const frames = chunks.map((chunk) => encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`));
  frames.push(encoder.encode('data: [DONE]\n\n'));
  return frames;
}

/** How the stream waits before each frame: 'immediate' (setImmediate: as fast as a macrotask goes) or 'timeout' (setTimeout 0, ≥ 1 ms in Node). */
export const PACES = {
  immediate: () => new Promise((resolve) => setImmediate(resolve)),
  timeout: () => new Promise((resolve) => setTimeout(resolve, 0)),
};

/** A pull-based stream: one frame per pull, each in its own macrotask; the consumer's pace sets delivery. */
function pacedStream(frames, pace) {
  let index = 0;
  return new ReadableStream({
    async pull(controller) {
      await pace();
      if (index < frames.length) controller.enqueue(frames[index++]);
      else controller.close();
    },
  }, { highWaterMark: 0 });
}

/** A `fetch` answering each request with the next reply's stream (SSE). */
export function fetchStub(nextFrames, pace) {
  const stub = async (_url, init) => {
    stub.calls++;
    if (init?.body !== undefined && typeof init.body !== 'string') await new Response(init.body).text();
    return new Response(pacedStream(nextFrames(), pace), {
      status: 200,
      headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' },
    });
  };
  stub.calls = 0;
  return stub;
}
