// Benchmark 2: React renders and commits per streamed turn, in jsdom with production React.
//   node commits-worker.mjs <deltas> <case>:<pace>:<runs> …
// Cases of one library share a process (loading jsdom takes seconds); each case starts with its own warm-up turn.
// Prints a JSON array of the cases' results as its last line.
// Commits are counted with a layout-effect counter under createRoot (no act, no Profiler: both need development or
// profiling builds), renders with a counter in the component body; commits are cross-checked with the DevTools hook.
import { frameClock, installCommitCounter, installDom, loadReact, macrotask, sleep } from './lib/env.mjs';
import { PACES, expectedText, fetchStub, replyFrames } from './lib/stream.mjs';

export const CASES = {
  'ours-frame': { label: "useAgentChat, throttle 'frame' (the default)", lib: 'ours', throttle: undefined, frames: 'raf' },
  'ours-frame-noraf': { label: "useAgentChat, throttle 'frame', no requestAnimationFrame (its 16 ms timer fallback)", lib: 'ours', throttle: undefined, frames: 'none' },
  'ours-50': { label: 'useAgentChat, throttle 50', lib: 'ours', throttle: 50, frames: 'raf' },
  'ours-none': { label: 'useAgentChat, throttle false (no coalescing)', lib: 'ours', throttle: false, frames: 'raf' },
  'aisdk-none': { label: 'useChat, no throttle (the default)', lib: 'aisdk', throttle: undefined, frames: 'raf' },
  'aisdk-50': { label: 'useChat, experimental_throttle: 50', lib: 'aisdk', throttle: 50, frames: 'raf' },
};

const FRAME_SOURCES = {
  raf: 'jsdom requestAnimationFrame (pretendToBeVisual: a 1000/60 ms setInterval; a counting rAF loop keeps it ticking like vsync)',
  none: 'none: requestAnimationFrame deleted, the hook falls back to setTimeout(16)',
};

// Long enough for a trailing throttled update (50 ms) and one more frame to land after the stream ended.
const SETTLE_MS = 150;

/** The probe component and how to start a turn, for one library. */
async function probeFor(lib, React) {
  const h = React.createElement;
  const { useLayoutEffect } = React;
  if (lib === 'ours') {
    const { aiSdkTransport, textOf } = await import('@agent-chat/core');
    const { useAgentChat } = await import('@agent-chat/react');
    const lastModelText = (messages) => {
      const last = messages.findLast((message) => message.role === 'model');
      return last ? textOf(last.content) : '';
    };
    return {
      makeTransport: (fetch) => aiSdkTransport({ api: 'http://bench.local/api/chat', fetch }),
      Probe: function OursProbe({ transport, throttle, probe }) {
        const chat = useAgentChat(throttle === undefined ? { transport } : { transport, throttle });
        probe.renders++;
        const text = lastModelText(chat.messages);
        useLayoutEffect(() => {
          probe.commits++;
          probe.committed = { text, status: chat.status, messages: chat.messages.length };
        });
        probe.api = chat;
        return h('div', { 'data-probe': '' }, text);
      },
      async start(probe) {
        const response = await probe.api.send('go');
        if (response.error) throw new Error(`turn failed: ${response.error.message}`);
      },
    };
  }
  const { useChat } = await import('@ai-sdk/react');
  const { DefaultChatTransport } = await import('ai');
  const lastAssistantText = (messages) => {
    const last = messages.findLast((message) => message.role === 'assistant');
    return last ? last.parts.filter((part) => part.type === 'text').map((part) => part.text).join('') : '';
  };
  return {
    makeTransport: (fetch) => new DefaultChatTransport({ api: 'http://bench.local/api/chat', fetch }),
    Probe: function AiSdkProbe({ transport, throttle, probe }) {
      const chat = useChat(throttle === undefined ? { transport } : { transport, experimental_throttle: throttle });
      probe.renders++;
      const text = lastAssistantText(chat.messages);
      useLayoutEffect(() => {
        probe.commits++;
        probe.committed = { text, status: chat.status, messages: chat.messages.length };
      });
      probe.api = chat;
      return h('div', { 'data-probe': '' }, text);
    },
    async start(probe) {
      await probe.api.sendMessage({ text: 'go' });
      if (probe.api.error) throw new Error(`turn failed: ${probe.api.error.message}`);
    },
  };
}

async function main() {
  const [deltasArg, ...caseArgs] = process.argv.slice(2);
  const deltas = Number(deltasArg);
  const cases = caseArgs.map((arg) => {
    const [id, pace, runs] = arg.split(':');
    if (!CASES[id] || !PACES[pace] || !(Number(runs) > 0)) throw new Error(`bad case ${arg}: want <${Object.keys(CASES).join('|')}>:<${Object.keys(PACES).join('|')}>:<runs>`);
    return { id, spec: CASES[id], paceName: pace, pace: PACES[pace], runs: Number(runs) };
  });
  const libs = new Set(cases.map((c) => c.spec.lib));
  if (!(deltas > 0) || cases.length === 0 || libs.size !== 1) throw new Error('usage: commits-worker.mjs <deltas> <case>:<pace>:<runs> … (cases of one library)');

  installDom({ frames: 'raf' });
  const raf = { request: globalThis.requestAnimationFrame, cancel: globalThis.cancelAnimationFrame };
  const rootCommits = installCommitCounter();
  const { React, flushSync, createRoot, version } = await loadReact();
  const h = React.createElement;
  const { Probe, makeTransport, start } = await probeFor([...libs][0], React);
  const want = expectedText(deltas);

  const out = [];
  for (const { id, spec, paceName, pace, runs } of cases) {
    // The hook looks requestAnimationFrame up at call time: without it, it falls back to its 16 ms timer.
    if (spec.frames === 'none') {
      delete globalThis.requestAnimationFrame;
      delete globalThis.cancelAnimationFrame;
    } else {
      globalThis.requestAnimationFrame = raf.request;
      globalThis.cancelAnimationFrame = raf.cancel;
    }
    const results = [];
    // Run 0 is a warm-up (at the fast pace, to keep the benchmark short), not reported.
    for (let run = 0; run <= runs; run++) {
      const fetch = fetchStub(() => replyFrames(deltas), run === 0 ? PACES.immediate : pace);
      const transport = makeTransport(fetch);
      const probe = { renders: 0, commits: 0, committed: null, api: null };
      const container = document.createElement('div');
      document.body.append(container);
      const root = createRoot(container);
      flushSync(() => root.render(h(Probe, { transport, throttle: spec.throttle, probe })));
      await sleep(20);
      probe.renders = 0;
      probe.commits = 0;
      rootCommits.commits = 0;

      const clock = frameClock();
      clock.start();
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      await start(probe);
      const turnMs = performance.now() - t0;
      const ticked = clock.stop();
      const frames = spec.frames === 'raf' ? ticked : turnMs / (1000 / 60);
      await sleep(SETTLE_MS);
      const cpu = process.cpuUsage(cpu0);

      // Every run checks its result: the whole text committed and in the DOM, the turn over, two messages.
      const domText = container.textContent;
      const { committed } = probe;
      const problems = [];
      if (committed?.text !== want) problems.push(`committed text has ${committed?.text.length} chars, want ${want.length}`);
      if (domText !== want) problems.push(`DOM text has ${domText.length} chars, want ${want.length}`);
      if (committed?.status !== 'ready') problems.push(`status ${committed?.status}`);
      if (committed?.messages !== 2) problems.push(`${committed?.messages} messages`);
      if (fetch.calls !== 1) problems.push(`${fetch.calls} requests`);
      if (rootCommits.commits !== probe.commits) problems.push(`${probe.commits} layout-effect commits but ${rootCommits.commits} root commits`);
      if (problems.length > 0) throw new Error(`${id} run ${run}: ${problems.join('; ')}`);

      if (run > 0) results.push({ renders: probe.renders, commits: probe.commits, rootCommits: rootCommits.commits, frames, turnMs, cpuMs: (cpu.user + cpu.system) / 1000 });
      root.unmount();
      container.remove();
      await macrotask();
    }
    out.push({ case: id, label: spec.label, pace: paceName, deltas, react: version, frameSource: FRAME_SOURCES[spec.frames], textChars: want.length, runs: results });
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
  process.exit(0);
}

main().catch((error) => {
  console.error(error?.stack ?? error);
  process.exit(1);
});
