// The clients of the server bench, in a process of their own (so the server's CPU is the server's): N conversations
// at once, each one POST that asks for the scripted story and reads its stream to the end. Prints one JSON line:
// per conversation the time to the first text delta and to the end, the text, and the frame count.
// node bench/server/load.mjs '{"url","protocol","resumable","conversations","newConnections"?}'
//
// Each conversation's connection is open before the POSTs go (one GET on each, answered and kept alive), as a browser
// that loaded the app, or a proxy's pool of upstream connections, has it: the POSTs then leave together, and the clock
// of each starts as it is made. `newConnections: true` opens them in the burst instead; Node's server (libuv 1.46)
// accepts one new connection per pass of its event loop, so under load the later POSTs are not even read before the
// earlier answers' tokens of many passes (bench/server/RESULTS.md, the fourth round).
import { request, Agent } from 'node:http';

const spec = JSON.parse(process.argv[2]);
const PROMPT = 'tell me a long story';
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

/** The request of one conversation on each protocol (a new session each time). */
function body(protocol, index) {
  if (protocol === 'genkit') return { data: { message: { role: 'user', content: [{ text: PROMPT }] } }, init: {} };
  if (protocol === 'agui') return { threadId: `bench-${process.pid}-${index}-${Date.now()}`, runId: `r${index}`, messages: [{ id: `u${index}`, role: 'user', content: PROMPT }], state: {}, tools: [], context: [], forwardedProps: {} };
  return { id: `bench-${process.pid}-${index}-${Date.now()}`, trigger: 'submit-message', messages: [{ id: `u${index}`, role: 'user', parts: [{ type: 'text', text: PROMPT }] }] };
}

/** The text delta a frame's JSON carries on the protocol ('' for none), and its end. */
function textOf(protocol, json) {
  if (protocol === 'genkit') {
    const chunk = json.message?.modelChunk; // an agent's stream: the model's chunks (tool and state chunks carry no text)
    if (chunk) return { text: chunk.role === 'model' ? (chunk.content ?? []).map((part) => part.text ?? '').join('') : '' };
    if (json.result) return { text: '', end: true, final: (json.result.message?.content ?? []).map((part) => part.text ?? '').join('') };
    return { text: '' };
  }
  if (protocol === 'agui') return { text: json.type === 'TEXT_MESSAGE_CONTENT' ? json.delta : '', end: json.type === 'RUN_FINISHED' || json.type === 'RUN_ERROR' };
  return { text: json.type === 'text-delta' ? json.delta : '', end: json.type === 'finish' || json.type === 'error' };
}

function conversation(index) {
  return new Promise((resolve) => {
    const started = performance.now();
    const payload = JSON.stringify(body(spec.protocol, index));
    const result = { index, status: 0, firstMs: -1, endMs: -1, text: '', final: undefined, frames: 0, ids: [], ended: false, error: undefined };
    const req = request(spec.url, { method: 'POST', agent, headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'content-length': Buffer.byteLength(payload), 'x-agent-resumable': String(spec.resumable), 'x-agent-user': 'bench' } }, (res) => {
      result.status = res.statusCode;
      res.setEncoding('utf8');
      let buffered = '';
      res.on('data', (chunk) => {
        buffered += chunk;
        let cut;
        while ((cut = buffered.indexOf('\n\n')) !== -1) {
          const block = buffered.slice(0, cut);
          buffered = buffered.slice(cut + 2);
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('id:')) result.ids.push(Number(line.slice(3)));
            else if (line.startsWith('data:')) data += line.slice(line[5] === ' ' ? 6 : 5);
            else if (line.startsWith('error:')) result.error = line;
          }
          if (!data || data === '[DONE]') continue;
          result.frames++;
          result.last = data.length > 300 ? `${data.slice(0, 300)}…` : data;
          const { text, end, final } = textOf(spec.protocol, JSON.parse(data));
          if (text && result.firstMs < 0) result.firstMs = performance.now() - started;
          result.text += text;
          if (final !== undefined) result.final = final;
          if (end) result.ended = true;
        }
      });
      res.on('end', () => {
        result.endMs = performance.now() - started;
        resolve(result);
      });
      res.on('error', (error) => resolve({ ...result, error: String(error) }));
    });
    req.on('error', (error) => resolve({ ...result, error: String(error) }));
    req.end(payload);
  });
}

/** Opens `count` kept-alive connections to the server: one GET each, all at once (its answer, whatever it is, read and dropped). */
async function openConnections(count) {
  await Promise.all(Array.from({ length: count }, () => new Promise((resolve, reject) => {
    request(spec.url, { method: 'GET', agent }, (res) => {
      res.resume();
      res.on('end', resolve);
    }).on('error', reject).end();
  })));
}

if (!spec.newConnections) await openConnections(spec.conversations);
const results = await Promise.all(Array.from({ length: spec.conversations }, (_, index) => conversation(index)));
agent.destroy();
process.stdout.write(`${JSON.stringify(results.map(({ ids, ...rest }) => ({ ...rest, idsInOrder: ids.every((id, i) => id === i), idCount: ids.length })))}\n`);
