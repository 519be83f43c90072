// The synthetic turn of benchmark 1, encoded in each protocol, and the final state every pipeline must reach.
import { EventEncoder } from '@ag-ui/encoder';

// Tokens with JSON escapes and multi-byte UTF-8 (2-, 3- and 4-byte characters), so framing and decoding are exercised.
const WORDS = ['The', ' quick', ' brown', ' fox', ' jumps', ' over', ' the', ' lazy', ' dog', '.', ' Café', ' 世界', ' 🎉', '\n', ' "quoted"', ' back\\slash', ' agent', ' stream', ' token', ','];
const TASKS = 10;
const ARTIFACT_NAMES = 10;
const LOREM = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ';

// BENCH_ASCII=1 (a diagnostic): ASCII-only tokens, for checking how a peer's cost depends on the text's encoding.
const ASCII_WORDS = WORDS.map((w) => w.replace(/[^\p{ASCII}]/gu, 'x'));
const TOKENS = process.env.BENCH_ASCII === '1' ? ASCII_WORDS : WORDS;
export const token = (i) => TOKENS[i % TOKENS.length];

/**
 * The turn: `deltas` text deltas; `patches` custom-state patches (the first replaces the whole state, later ones replace
 * `/progress` and one task's `done`, the last also sets `status: "done"`); `artifacts` artifact updates cycling over 10 names.
 * Defaults: 1 patch per 100 deltas and 1 artifact per 1,000 deltas (100k deltas → 1,000 patches, 100 artifacts).
 */
export function turnSpec(deltas, patches = Math.max(1, Math.round(deltas / 100)), artifacts = Math.max(ARTIFACT_NAMES, Math.round(deltas / 1000))) {
  return { deltas, patches, artifacts };
}

function initialCustom() {
  return { status: 'working', progress: 0, tasks: Array.from({ length: TASKS }, (_, i) => ({ id: `t${i}`, title: `Task ${i}`, done: false })) };
}

/** The RFC 6902 patch number k (k ≥ 1; patch 0 is the root replace). */
function patchOps(k, last) {
  const ops = [
    { op: 'replace', path: '/progress', value: k },
    { op: 'replace', path: `/tasks/${k % TASKS}/done`, value: k % 2 === 1 },
  ];
  if (last) ops.push({ op: 'replace', path: '/status', value: 'done' });
  return ops;
}

function artifact(k) {
  const n = k % ARTIFACT_NAMES;
  return { name: `artifact-${n}.md`, parts: [{ text: `# Artifact ${n} v${Math.floor(k / ARTIFACT_NAMES)}\n${LOREM}` }] };
}

/** Walks the turn in wire order, calling the visitor; the custom state after each patch is tracked for snapshot protocols. */
function walk(spec, visit) {
  const { deltas, patches, artifacts } = spec;
  const patchEvery = deltas / patches;
  const artifactEvery = deltas / artifacts;
  let nextPatch = 0;
  let nextArtifact = 0;
  let custom = null;
  for (let i = 0; i < deltas; i++) {
    visit.delta(token(i), i);
    while (nextPatch < patches && (i + 1) >= Math.round((nextPatch + 1) * patchEvery)) {
      if (nextPatch === 0) {
        custom = initialCustom();
        visit.patch([{ op: 'replace', path: '', value: custom }], custom, nextPatch);
      } else {
        const ops = patchOps(nextPatch, nextPatch === patches - 1);
        custom = structuredClone(custom);
        for (const op of ops) setPointer(custom, op.path, op.value);
        visit.patch(ops, custom, nextPatch);
      }
      nextPatch++;
    }
    while (nextArtifact < artifacts && (i + 1) >= Math.round((nextArtifact + 1) * artifactEvery)) {
      visit.artifact(artifact(nextArtifact), nextArtifact);
      nextArtifact++;
    }
  }
}

function setPointer(doc, path, value) {
  const segments = path.split('/').slice(1);
  let target = doc;
  for (const segment of segments.slice(0, -1)) target = target[segment];
  target[segments[segments.length - 1]] = value;
}

/** What every pipeline must end with. */
export function expected(spec) {
  let text = '';
  for (let i = 0; i < spec.deltas; i++) text += token(i);
  let custom = null;
  const artifacts = new Map();
  walk(spec, { delta() {}, patch(_, state) { custom = state; }, artifact(a) { artifacts.set(a.name, a); } });
  return { text, custom, artifacts: [...artifacts.values()], frames: {} };
}

const encoder = new TextEncoder();

/** Genkit agent SSE, exactly like the captures in packages/core/test/fixtures/genkit/*.sse: `data: {"message":{...}}` frames, then turnEnd and result. */
export function genkitBytes(spec) {
  const out = [];
  let frames = 0;
  const push = (value) => { out.push(`data: ${JSON.stringify(value)}\n\n`); frames++; };
  const artifacts = new Map();
  let text = '';
  walk(spec, {
    delta(t) { text += t; push({ message: { modelChunk: { role: 'model', index: 0, content: [{ text: t }] } } }); },
    patch(ops) { push({ message: { customPatch: ops } }); },
    artifact(a) { artifacts.set(a.name, a); push({ message: { artifact: a } }); },
  });
  const snapshotId = '84569364-b164-450f-ba21-7689ae73cb60';
  push({ message: { turnEnd: { snapshotId, finishReason: 'stop' } } });
  push({ result: { sessionId: '1bfab967-c99f-4a29-838b-3fd76b40ae8e', artifacts: [...artifacts.values()], message: { role: 'model', content: [{ text }] }, finishReason: 'stop', snapshotId } });
  return { bytes: encoder.encode(out.join('')), frames };
}

/** AgentFlow NDJSON (AgentFlow's `StreamChunk`s): `message` deltas, `updates` carrying the state, the final `delta:false` message. No artifacts in the protocol. */
export function agentFlowBytes(spec) {
  const out = [];
  let frames = 0;
  const push = (value) => { out.push(`${JSON.stringify(value)}\n`); frames++; };
  const thread_id = 'bench-thread';
  let text = '';
  walk(spec, {
    delta(t) { text += t; push({ event: 'message', message: { role: 'assistant', content: [{ type: 'text', text: t }], delta: true }, thread_id }); },
    patch(_, state) { push({ event: 'updates', state, thread_id }); },
    artifact() {},
  });
  push({ event: 'message', message: { role: 'assistant', content: [{ type: 'text', text }], delta: false }, thread_id });
  return { bytes: encoder.encode(out.join('')), frames };
}

/** The AI SDK UI message stream v1 (SSE, `data: [DONE]` last); custom state as a `data-state` part, artifacts as `data-artifact` parts with ids. */
function aiSdkBytes(spec) {
  const chunks = aiSdkChunks(spec);
  const out = chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`);
  out.push('data: [DONE]\n\n');
  return { bytes: encoder.encode(out.join('')), frames: out.length };
}

/** The same UI message stream as parsed chunk objects (for the store-only AI SDK variant). */
export function aiSdkChunks(spec) {
  const chunks = [{ type: 'start', messageId: 'msg-bench' }, { type: 'start-step' }, { type: 'text-start', id: 'text-0' }];
  walk(spec, {
    delta(t) { chunks.push({ type: 'text-delta', id: 'text-0', delta: t }); },
    patch(_, state) { chunks.push({ type: 'data-state', id: 'state', data: state }); },
    artifact(a) { chunks.push({ type: 'data-artifact', id: a.name, data: a }); },
  });
  chunks.push({ type: 'text-end', id: 'text-0' }, { type: 'finish-step' }, { type: 'finish', finishReason: 'stop' });
  return chunks;
}

/** AG-UI SSE built with the real EventEncoder: RUN_STARTED, TEXT_MESSAGE_*, STATE_SNAPSHOT then STATE_DELTA, ACTIVITY_SNAPSHOT per artifact, RUN_FINISHED. */
function aguiBytes(spec) {
  const enc = new EventEncoder();
  const out = [];
  const push = (event) => out.push(enc.encodeSSE(event));
  const threadId = 'bench-thread';
  const runId = 'bench-run';
  const messageId = 'msg-bench';
  push({ type: 'RUN_STARTED', threadId, runId });
  push({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' });
  walk(spec, {
    delta(t) { push({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta: t }); },
    patch(ops, state, k) { push(k === 0 ? { type: 'STATE_SNAPSHOT', snapshot: state } : { type: 'STATE_DELTA', delta: ops }); },
    artifact(a) { push({ type: 'ACTIVITY_SNAPSHOT', messageId: `artifact:${a.name}`, activityType: 'artifact', content: a, replace: true }); },
  });
  push({ type: 'TEXT_MESSAGE_END', messageId });
  push({ type: 'RUN_FINISHED', threadId, runId });
  return { bytes: encoder.encode(out.join('')), frames: out.length };
}

export const ENCODERS = { genkit: genkitBytes, agentflow: agentFlowBytes, aisdk: aiSdkBytes, agui: aguiBytes };
