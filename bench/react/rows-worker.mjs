// Benchmark 3: how many message rows render per streamed token, with a long history above the streaming row.
//   node rows-worker.mjs <history> <deltas> <case>:<runs> …
// Cases of one library share a process (loading jsdom takes seconds); each case starts with its own warm-up turn.
// Prints a JSON array of the cases' results as its last line.
// Row renders are counted inside the row components themselves; commits through the React DevTools global hook
// (`onCommitFiberRoot`, which production react-dom calls on every commit).
import { installCommitCounter, installDom, loadReact, macrotask, sleep } from './lib/env.mjs';
import { PACES, expectedText, fetchStub, replyFrames } from './lib/stream.mjs';

export const CASES = {
  'ours-list': { label: 'MessageList (@agent-chat/ui), default pageSize 50', lib: 'ours', pageSize: undefined },
  'ours-list-all': { label: 'MessageList (@agent-chat/ui), pageSize = history (every row mounted)', lib: 'ours', pageSize: 'all' },
  'aisdk-memo': { label: 'useChat + a list of React.memo rows (every row mounted), no throttle', lib: 'aisdk', throttle: undefined },
  'aisdk-memo-50': { label: 'useChat + a list of React.memo rows (every row mounted), experimental_throttle: 50', lib: 'aisdk', throttle: 50 },
};

const SETTLE_MS = 150;
const LOREM = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.';

/** `count` messages alternating user/model, ending with a model message; plain text, no Markdown syntax. */
function history(count) {
  return Array.from({ length: count }, (_, index) => (index % 2 === 0
    ? { role: 'user', text: `Question ${index / 2}: what comes next?` }
    : { role: 'model', text: `Answer ${(index - 1) / 2}. ${LOREM} ${LOREM}` }));
}

const commitCounter = installCommitCounter();

async function main() {
  const [historyArg, deltasArg, ...caseArgs] = process.argv.slice(2);
  const historySize = Number(historyArg);
  const deltas = Number(deltasArg);
  const cases = caseArgs.map((arg) => {
    const [id, runs] = arg.split(':');
    if (!CASES[id] || !(Number(runs) > 0)) throw new Error(`bad case ${arg}: want <${Object.keys(CASES).join('|')}>:<runs>`);
    return { id, spec: CASES[id], runs: Number(runs) };
  });
  const libs = new Set(cases.map((c) => c.spec.lib));
  if (!(historySize > 0) || !(deltas > 0) || cases.length === 0 || libs.size !== 1) throw new Error('usage: rows-worker.mjs <history> <deltas> <case>:<runs> … (cases of one library)');
  const lib = [...libs][0];
  const pace = PACES.immediate;

  installDom({ frames: 'raf' });
  const { React, flushSync, createRoot, version } = await loadReact();
  if (commitCounter.renderers === 0) throw new Error('react-dom did not register with the DevTools hook: commits cannot be counted.');
  const h = React.createElement;
  const want = expectedText(deltas);
  const rows = { renders: 0 };

  let mountCase;
  if (lib === 'ours') {
    const { aiSdkTransport, createAgentChat, textOf } = await import('@agent-chat/core');
    const { MessageList } = await import('@agent-chat/ui');
    // MessageList calls `renderPart` for each part of a row it renders: the first part counts one row render.
    const renderPart = (_part, { index }) => {
      if (index === 0) rows.renders++;
      return undefined;
    };
    mountCase = (spec, root, fetch) => {
      const messages = history(historySize).map(({ role, text }) => ({ role, content: [{ text }] }));
      const chat = createAgentChat({ transport: aiSdkTransport({ api: 'http://bench.local/api/chat', fetch }), state: { messages, artifacts: [] } });
      const pageSize = spec.pageSize === 'all' ? historySize + 10 : spec.pageSize;
      flushSync(() => root.render(h(MessageList, pageSize === undefined ? { chat, renderPart } : { chat, renderPart, pageSize })));
      return {
        mountedRows: pageSize === undefined ? Math.min(50, historySize) : historySize,
        async turn() {
          const response = await chat.send('go');
          if (response.error) throw new Error(`turn failed: ${response.error.message}`);
        },
        final() {
          const messages = chat.getState().messages;
          const last = messages.at(-1);
          return { count: messages.length, text: last?.role === 'model' ? textOf(last.content) : '', status: chat.getState().status };
        },
      };
    };
  } else {
    const { useChat } = await import('@ai-sdk/react');
    const { DefaultChatTransport } = await import('ai');
    const { memo } = React;
    const Row = memo(function Row({ message }) {
      rows.renders++;
      return h('article', { className: 'row', 'data-role': message.role },
        h('div', { className: 'author' }, message.role === 'user' ? 'You' : 'Agent'),
        h('div', { className: 'body' }, message.parts.map((part, index) => (part.type === 'text' ? h('p', { key: index }, part.text) : null))));
    });
    const List = function List({ transport, initial, throttle, probe }) {
      const chat = useChat(throttle === undefined ? { transport, messages: initial } : { transport, messages: initial, experimental_throttle: throttle });
      probe.api = chat;
      return h('section', { className: 'list' }, chat.messages.map((message) => h(Row, { key: message.id, message })));
    };
    mountCase = (spec, root, fetch) => {
      const initial = history(historySize).map(({ role, text }, index) => ({ id: `h${index}`, role: role === 'model' ? 'assistant' : 'user', parts: [{ type: 'text', text }] }));
      const probe = { api: null };
      const transport = new DefaultChatTransport({ api: 'http://bench.local/api/chat', fetch });
      flushSync(() => root.render(h(List, { transport, initial, throttle: spec.throttle, probe })));
      return {
        mountedRows: historySize,
        async turn() {
          await probe.api.sendMessage({ text: 'go' });
          if (probe.api.error) throw new Error(`turn failed: ${probe.api.error.message}`);
        },
        final() {
          const messages = probe.api.messages;
          const last = messages.at(-1);
          return { count: messages.length, text: last?.role === 'assistant' ? last.parts.filter((p) => p.type === 'text').map((p) => p.text).join('') : '', status: probe.api.status };
        },
      };
    };
  }

  const out = [];
  for (const { id, spec, runs } of cases) {
    const results = [];
    for (let run = 0; run <= runs; run++) {
      const fetch = fetchStub(() => replyFrames(deltas), pace);
      const container = document.createElement('div');
      document.body.append(container);
      const root = createRoot(container);
      rows.renders = 0;
      const mounted = mountCase(spec, root, fetch);
      await sleep(30);
      const mountRenders = rows.renders;
      if (mountRenders !== mounted.mountedRows) throw new Error(`${id}: ${mountRenders} row renders at mount, want ${mounted.mountedRows} (is the row counter on the right component?)`);
      rows.renders = 0;
      commitCounter.commits = 0;

      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      await mounted.turn();
      const turnMs = performance.now() - t0;
      await sleep(SETTLE_MS);
      const cpu = process.cpuUsage(cpu0);

      // Every run checks its result: the store's final text, and the same text in the last row of the DOM.
      const final = mounted.final();
      const articles = container.querySelectorAll('article');
      const lastRow = articles[articles.length - 1];
      const rowText = lastRow?.querySelector('.acu-message__body, .body')?.textContent;
      const problems = [];
      if (final.text !== want) problems.push(`final text has ${final.text.length} chars, want ${want.length}`);
      if (rowText !== want) problems.push(`last row shows ${rowText?.length} chars, want ${want.length}`);
      if (final.count !== historySize + 2) problems.push(`${final.count} messages, want ${historySize + 2}`);
      if (final.status !== 'ready') problems.push(`status ${final.status}`);
      if (problems.length > 0) throw new Error(`${id} run ${run}: ${problems.join('; ')}`);

      if (run > 0) results.push({ rowRenders: rows.renders, commits: commitCounter.commits, rowsInDom: articles.length, turnMs, cpuMs: (cpu.user + cpu.system) / 1000 });
      root.unmount();
      container.remove();
      await macrotask();
    }
    out.push({ case: id, label: spec.label, history: historySize, deltas, react: version, runs: results });
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
  process.exit(0);
}

main().catch((error) => {
  console.error(error?.stack ?? error);
  process.exit(1);
});
