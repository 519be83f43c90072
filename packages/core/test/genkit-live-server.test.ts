/**
 * Raw-HTTP smoke test of the live Genkit agent server: proves the server
 * produces the wire shapes captured in the genkit fixtures (chat-turn.sse,
 * interrupt-turn.sse, resume-turn.sse, ...), using nothing but global fetch.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  startGenkitLiveServer,
  type GenkitLiveServer,
} from './genkit-live-server.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

interface Frame {
  field: 'data' | 'error';
  json: any;
}

interface Turn {
  status: number;
  contentType: string | null;
  raw: string;
  frames: Frame[];
  /** The `message` payloads of the `data:` frames, in order. */
  chunks: any[];
  /** The final `result` payload, if any. */
  result: any;
  /** The `error:` frame payload, if any. */
  error: any;
}

const user = (text: string) => ({ role: 'user', content: [{ text }] });

/** Splits an express-genkit stream into `data:` / `error:` frames. */
function parseFrames(raw: string): Frame[] {
  return raw
    .split('\n\n')
    .filter((f) => f.trim() !== '')
    .map((f) => {
      const m = /^(data|error): (.*)$/s.exec(f);
      if (!m) throw new Error(`unexpected frame: ${JSON.stringify(f)}`);
      return { field: m[1] as Frame['field'], json: JSON.parse(m[2]!) };
    });
}

/** Replaces every UUID with `<uuid>` so raw bytes can be compared to captures. */
const normalize = (raw: string) => raw.replace(UUID, '<uuid>');

describe('genkit live server (raw HTTP)', () => {
  let server: GenkitLiveServer;

  beforeAll(async () => {
    server = await startGenkitLiveServer({ tokenDelayMs: 5 });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function turn(agent: string, data: unknown, init: unknown = {}): Promise<Turn> {
    const res = await fetch(server.agentUrl(agent), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ data, init }),
    });
    const raw = await res.text();
    const frames = parseFrames(raw);
    const dataFrames = frames.filter((f) => f.field === 'data');
    return {
      status: res.status,
      contentType: res.headers.get('content-type'),
      raw,
      frames,
      chunks: dataFrames.filter((f) => 'message' in f.json).map((f) => f.json.message),
      result: dataFrames.find((f) => 'result' in f.json)?.json.result,
      error: frames.find((f) => f.field === 'error')?.json.error,
    };
  }

  async function call(path: string, data: unknown) {
    const res = await fetch(server.baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data }),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  it('chatAgent streams modelChunk frames, turnEnd, then result (chat-turn.sse)', async () => {
    const t = await turn('chatAgent', { message: user('hi there') });
    expect(t.status).toBe(200);
    expect(t.contentType).toMatch(/^text\/plain/);
    // Byte-for-byte the capture, modulo ids.
    expect(normalize(t.raw)).toBe(
      'data: {"message":{"modelChunk":{"role":"model","index":0,"content":[{"text":"Hello"}]}}}\n\n' +
        'data: {"message":{"modelChunk":{"role":"model","index":0,"content":[{"text":", "}]}}}\n\n' +
        'data: {"message":{"modelChunk":{"role":"model","index":0,"content":[{"text":"world!"}]}}}\n\n' +
        'data: {"message":{"turnEnd":{"snapshotId":"<uuid>","finishReason":"stop"}}}\n\n' +
        'data: {"result":{"sessionId":"<uuid>","message":{"role":"model","content":[{"text":"Hello, world!"}]},"finishReason":"stop","snapshotId":"<uuid>"}}\n\n'
    );
    expect(t.chunks[3].turnEnd.snapshotId).toBe(t.result.snapshotId);
    expect(t.result.sessionId).not.toBe(t.result.snapshotId);
  });

  it('interrupt turn, then resume by sessionId (interrupt-turn.sse / resume-turn.sse)', async () => {
    const first = await turn('chatAgent', { message: user('hi there') });
    const { sessionId, snapshotId } = first.result;

    const intr = await turn('chatAgent', { message: user('please interrupt') }, { snapshotId });
    expect(normalize(intr.raw)).toBe(
      'data: {"message":{"modelChunk":{"role":"tool","content":[{"toolRequest":{"name":"askUser","ref":"r1","input":{"question":"Proceed?"}},"metadata":{"interrupt":true}}]}}}\n\n' +
        'data: {"message":{"turnEnd":{"snapshotId":"<uuid>","finishReason":"interrupted"}}}\n\n' +
        'data: {"result":{"sessionId":"<uuid>","message":{"role":"model","content":[{"toolRequest":{"name":"askUser","ref":"r1","input":{"question":"Proceed?"}},"metadata":{"interrupt":true}}]},"finishReason":"interrupted","snapshotId":"<uuid>"}}\n\n'
    );
    expect(intr.result.sessionId).toBe(sessionId);
    expect(intr.result.snapshotId).not.toBe(snapshotId);

    const resume = await turn(
      'chatAgent',
      { resume: { respond: [{ toolResponse: { name: 'askUser', ref: 'r1', output: 'yes' } }] } },
      { sessionId }
    );
    expect(normalize(resume.raw)).toBe(
      'data: {"message":{"modelChunk":{"role":"tool","index":0,"content":[{"toolResponse":{"name":"askUser","ref":"r1","output":"yes"}}]}}}\n\n' +
        'data: {"message":{"modelChunk":{"role":"model","index":1,"content":[{"text":"Got \\"yes\\"."}]}}}\n\n' +
        'data: {"message":{"turnEnd":{"snapshotId":"<uuid>","finishReason":"stop"}}}\n\n' +
        'data: {"result":{"sessionId":"<uuid>","message":{"role":"model","content":[{"text":"Got \\"yes\\"."}]},"finishReason":"stop","snapshotId":"<uuid>"}}\n\n'
    );
    expect(resume.result.sessionId).toBe(sessionId);

    // The resumed snapshot chains onto the interrupted one.
    const snap = await call('/chatAgent/getSnapshot', { snapshotId: resume.result.snapshotId });
    expect(snap.body.result.parentId).toBe(intr.result.snapshotId);
    expect(snap.body.result.state.messages.map((m: any) => m.role)).toEqual([
      'user', 'model', 'user', 'model', 'tool', 'model',
    ]);
  });

  it('customAgent emits model chunks, customPatch, artifact, turnEnd in order', async () => {
    const t = await turn('customAgent', { message: user('say hello') });
    expect(t.chunks).toEqual([
      { modelChunk: { role: 'model', content: [{ text: 'Hel' }] } },
      { modelChunk: { role: 'model', content: [{ text: 'lo!' }] } },
      { customPatch: [{ op: 'replace', path: '', value: { status: 'thinking' } }] },
      { artifact: { name: 'draft', parts: [] } },
      { turnEnd: { snapshotId: t.result.snapshotId, finishReason: 'stop' } },
    ]);
    expect(t.result).toEqual({
      sessionId: expect.stringMatching(UUID),
      snapshotId: expect.stringMatching(UUID),
      message: { role: 'model', content: [{ text: 'Hello!' }] },
      finishReason: 'stop',
    });
  });

  it('taskAgent: customPatch re-bases each turn, named artifact replaces, unnamed appends', async () => {
    const t1 = await turn('taskAgent', { message: user('buy milk') });
    expect(t1.chunks.map((c) => Object.keys(c)[0])).toEqual([
      'customPatch', 'modelChunk', 'artifact', 'artifact', 'turnEnd',
    ]);
    expect(t1.chunks[0].customPatch).toEqual([
      { op: 'replace', path: '', value: { tasks: [{ id: 1, title: 'buy milk', done: false }], nextId: 2 } },
    ]);
    expect(t1.result.artifacts).toEqual([
      { name: 'report.md', parts: [{ text: '# Tasks\n- [ ] #1 buy milk' }] },
      { parts: [{ text: 'turn note: buy milk' }] },
    ]);

    const t2 = await turn('taskAgent', { message: user('walk dog') }, { sessionId: t1.result.sessionId });
    expect(t2.chunks[0].customPatch[0]).toMatchObject({ op: 'replace', path: '' });
    expect(t2.chunks[0].customPatch[0].value.tasks).toHaveLength(2);
    expect(t2.chunks.filter((c) => c.artifact).map((c) => c.artifact)).toEqual(
      expect.arrayContaining([
        { name: 'report.md', parts: [{ text: '# Tasks\n- [ ] #1 buy milk\n- [ ] #2 walk dog' }] },
        { parts: [{ text: 'turn note: walk dog' }] },
      ])
    );
    expect(t2.result.artifacts).toEqual([
      { name: 'report.md', parts: [{ text: '# Tasks\n- [ ] #1 buy milk\n- [ ] #2 walk dog' }] },
      { parts: [{ text: 'turn note: buy milk' }] },
      { parts: [{ text: 'turn note: walk dog' }] },
    ]);
  });

  it('clientAgent (no store) returns the full state and a turnEnd without snapshotId', async () => {
    const t = await turn('clientAgent', { message: user('hi') }, { state: { custom: { k: 1 }, messages: [] } });
    expect(t.chunks.at(-1)).toEqual({ turnEnd: { finishReason: 'stop' } });
    expect(t.result.snapshotId).toBeUndefined();
    expect(t.result.state).toEqual({
      custom: { k: 1 },
      messages: [user('hi'), { role: 'model', content: [{ text: 'Hello, world!' }] }],
      sessionId: t.result.sessionId,
    });
  });

  it('a throwing model ends the turn failed with result.error (failed-turn.sse)', async () => {
    const t = await turn('chatAgent', { message: user('boom') });
    expect(normalize(t.raw)).toBe(
      'data: {"message":{"turnEnd":{"snapshotId":"<uuid>","finishReason":"failed"}}}\n\n' +
        'data: {"result":{"sessionId":"<uuid>","finishReason":"failed","error":{"status":"INTERNAL","message":"model exploded"}}}\n\n'
    );
    // The failed turn is persisted (not resumable) under the turnEnd id.
    const snap = await call('/chatAgent/getSnapshot', { snapshotId: t.chunks[0].turnEnd.snapshotId });
    expect(snap.body.result).toMatchObject({ status: 'failed', finishReason: 'failed' });
  });

  it('unknown snapshot resolves gracefully (unknown-snapshot.sse)', async () => {
    const t = await turn('chatAgent', { message: user('hi') }, { snapshotId: 'nope' });
    expect(t.raw).toBe(
      'data: {"result":{"finishReason":"failed","error":{"status":"NOT_FOUND","message":"NOT_FOUND: Snapshot nope not found"}}}\n\n'
    );
  });

  it('init misuse is an error: frame with the real status (not INTERNAL)', async () => {
    const toStore = await turn('chatAgent', { message: user('hi') }, { state: { messages: [] } });
    expect(toStore.raw).toBe(
      `error: {"error":{"status":"FAILED_PRECONDITION","message":"Cannot send 'state' to agent 'chatAgent': this agent uses a server-managed store. Send 'snapshotId' or 'sessionId' instead."}}\n\n`
    );
    const toClient = await turn('clientAgent', { message: user('hi') }, { sessionId: 'some-session' });
    expect(toClient.frames).toEqual([
      {
        field: 'error',
        json: {
          error: {
            status: 'FAILED_PRECONDITION',
            message:
              "Cannot use 'sessionId' with agent 'clientAgent': this agent has no store configured (client-managed state). Send 'state' instead.",
          },
        },
      },
    ]);
    // Non-streaming, the same misuse is an HTTP 400.
    const plain = await fetch(server.agentUrl('clientAgent'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { message: user('hi') }, init: { snapshotId: 'x' } }),
    });
    expect(plain.status).toBe(400);
    expect(await plain.json()).toMatchObject({ status: 'FAILED_PRECONDITION' });
  });

  it('getSnapshot returns {result: SessionSnapshot}; unknown id is HTTP 404 NOT_FOUND', async () => {
    const t = await turn('chatAgent', { message: user('hi there') });
    const ok = await call('/chatAgent/getSnapshot', { snapshotId: t.result.snapshotId });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      result: {
        snapshotId: t.result.snapshotId,
        sessionId: t.result.sessionId,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        state: {
          artifacts: [],
          messages: [user('hi there'), { role: 'model', content: [{ text: 'Hello, world!' }] }],
          sessionId: t.result.sessionId,
        },
        status: 'completed',
        finishReason: 'stop',
      },
    });
    const bySession = await call('/chatAgent/getSnapshot', { sessionId: t.result.sessionId });
    expect(bySession.body.result.snapshotId).toBe(t.result.snapshotId);

    const missing = await call('/chatAgent/getSnapshot', { snapshotId: 'nope' });
    expect(missing).toEqual({
      status: 404,
      body: { status: 'NOT_FOUND', message: "Snapshot 'nope' not found for agent 'chatAgent'." },
    });
  });

  it('abort returns the status before the abort; a detached turn can be aborted', async () => {
    const t = await turn('chatAgent', { message: user('hi there') });
    expect(await call('/chatAgent/abort', { snapshotId: t.result.snapshotId })).toEqual({
      status: 200,
      body: { result: { snapshotId: t.result.snapshotId, status: 'completed' } },
    });
    expect(await call('/chatAgent/abort', { snapshotId: 'nope' })).toEqual({
      status: 200,
      body: { result: { snapshotId: 'nope' } },
    });

    // detach: the stream is just the result frame (detach-turn.sse).
    const d = await turn('chatAgent', { message: user('long story'), detach: true });
    expect(normalize(d.raw)).toBe(
      'data: {"result":{"sessionId":"<uuid>","snapshotId":"<uuid>","finishReason":"detached"}}\n\n'
    );
    expect((await call('/chatAgent/getSnapshot', { snapshotId: d.result.snapshotId })).body.result.status).toBe('pending');
    expect((await call('/chatAgent/abort', { snapshotId: d.result.snapshotId })).body).toEqual({
      result: { snapshotId: d.result.snapshotId, status: 'pending' },
    });
    // The abort lands when the detached turn next checks its signal: wait for the stored status, however long that takes.
    await vi.waitFor(async () => {
      expect((await call('/chatAgent/getSnapshot', { snapshotId: d.result.snapshotId })).body.result.status).toBe('aborted');
    }, { timeout: 15_000, interval: 10 });
    expect((await call('/chatAgent/abort', { snapshotId: d.result.snapshotId })).body.result.status).toBe('aborted');
  });

  it('init.snapshotId of an earlier snapshot forks the history', async () => {
    const a = await turn('chatAgent', { message: user('first') });
    const b = await turn('chatAgent', { message: user('second') }, { snapshotId: a.result.snapshotId });
    const c = await turn('chatAgent', { message: user('fork') }, { snapshotId: a.result.snapshotId });
    expect(c.result.sessionId).toBe(a.result.sessionId);
    const snap = (await call('/chatAgent/getSnapshot', { snapshotId: c.result.snapshotId })).body.result;
    expect(snap.parentId).toBe(a.result.snapshotId);
    expect(snap.state.messages.map((m: any) => m.content[0].text)).toEqual([
      'first', 'Hello, world!', 'fork', 'Hello, world!',
    ]);
    expect(b.result.snapshotId).not.toBe(c.result.snapshotId);
  });

  it('a client disconnect does not stop the turn: it completes and is stored', async () => {
    const seed = await turn('chatAgent', { message: user('hi') });
    const ac = new AbortController();
    const res = await fetch(server.agentUrl('chatAgent'), {
      method: 'POST',
      signal: ac.signal,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ data: { message: user('long please') }, init: { snapshotId: seed.result.snapshotId } }),
    });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"text":"word0 "');
    ac.abort();

    // 200 tokens x 5 ms: poll the session's leaf until the turn lands.
    const leaf = await vi.waitFor(async () => {
      const current = (await call('/chatAgent/getSnapshot', { sessionId: seed.result.sessionId })).body.result;
      expect(current.snapshotId).not.toBe(seed.result.snapshotId);
      return current;
    }, { timeout: 15_000, interval: 20 });
    expect(leaf).toMatchObject({ parentId: seed.result.snapshotId, status: 'completed', finishReason: 'stop' });
    expect(leaf.state.messages.at(-1).content[0].text).toMatch(/^word0 .* word199 $/);
  });

  it('records every request path and body', () => {
    expect(server.requests.length).toBeGreaterThan(10);
    expect(server.requests[0]).toEqual({
      path: '/chatAgent',
      body: { data: { message: user('hi there') }, init: {} },
    });
    expect(server.requests.some((r) => r.path === '/chatAgent/getSnapshot')).toBe(true);
    expect(server.requests.some((r) => r.path === '/chatAgent/abort')).toBe(true);
  });
});

describe('genkit live server lifecycle', () => {
  it('close() stops the server', async () => {
    const s = await startGenkitLiveServer();
    const res = await fetch(s.agentUrl('chatAgent') + '/getSnapshot', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { snapshotId: 'nope' } }),
    });
    expect(res.status).toBe(404);
    await s.close();
    await expect(fetch(s.baseUrl + '/chatAgent', { method: 'POST' })).rejects.toThrow();
  });

  it('does not keep the process alive', async () => {
    const url = new URL('./genkit-live-server.ts', import.meta.url).href;
    const script = `
      const { startGenkitLiveServer } = await import(${JSON.stringify(url)});
      const s = await startGenkitLiveServer({ tokenDelayMs: 500 });
      const post = (text, extra) => fetch(s.agentUrl('chatAgent'), { method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ data: { message: { role: 'user', content: [{ text }] }, ...extra }, init: {} }) });
      await (await post('hi', { detach: true })).text();
      // A 100 s "long" turn still streaming when close() is called.
      const res = await post('long', {});
      await res.body.getReader().read();
      await s.close();
      console.log('closed');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const code = await new Promise<number | null>((resolve) => {
      // The process has 15 s to exit once close() has returned ('closed'): what it takes to start (tsx, the imports)
      // is not counted, so a loaded machine does not fail the test.
      const listen = (data: Buffer) => {
        out += data;
        if (timer === undefined && out.includes('closed')) {
          timer = setTimeout(() => {
            child.kill();
            resolve(-1);
          }, 15_000);
        }
      };
      child.stdout.on('data', listen);
      child.stderr.on('data', listen);
      child.on('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(out).toContain('closed');
    expect(code).toBe(0);
  }, 60_000);
});
