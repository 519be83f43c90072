// Section 7 of `npm run bench` (server throughput): which configurations run, and the report (bench/server/RESULTS.md,
// its own file). run.mjs runs each configuration in a worker process (bench/server-worker.mjs) and calls these.
import { spawn } from 'node:child_process';

const k = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} k` : n.toFixed(0));

/** The sizes to run: `--server-sizes=10,100` (N = 1 always first: the "× one answer alone" ratios need it). */
export function serverSizes({ quick, sizes }) {
  const asked = sizes ? sizes.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0) : quick ? [10, 50] : [10, 100, 150, 500];
  return [...new Set([1, ...asked])].sort((a, b) => a - b);
}

/** A redis-server of the bench's own on a free-ish port, or undefined when it is not installed. */
export async function startBenchRedis() {
  const port = 6390 + Math.floor(Math.random() * 500);
  const redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const up = await new Promise((resolve) => {
    redis.on('error', () => resolve(false));
    setTimeout(() => resolve(redis.exitCode === null), 500);
  });
  return up ? { url: `redis://127.0.0.1:${port}`, stop: () => redis.kill() } : undefined;
}

/**
 * The configurations: the peer first, then the package on each protocol with resumable on and off (turns in memory),
 * and resumable Genkit with its turns in Redis. `protocols` (`--server-protocols=genkit,ai-sdk`) keeps some of them.
 */
export function serverConfigs({ redisUrl, protocols }) {
  const keep = protocols ? new Set(protocols.split(',')) : undefined;
  const wanted = (protocol) => !keep || keep.has(protocol);
  return [
    { impl: 'genkit-express', protocol: 'genkit', resumable: false, turnStore: 'none' },
    ...['genkit', 'agui', 'ai-sdk'].filter(wanted).flatMap((protocol) => [true, false].map((resumable) => ({ impl: 'package', protocol, resumable, turnStore: 'memory' }))),
    ...(redisUrl && wanted('genkit') ? [{ impl: 'package', protocol: 'genkit', resumable: true, turnStore: 'redis', redisUrl }] : []),
  ];
}

const same = (a, b) => a.impl === b.impl && a.protocol === b.protocol && a.resumable === b.resumable && a.turnStore === b.turnStore;
const label = (r) => `${r.impl === 'package' ? '@agent-chat/server' : 'plain @genkit-ai/express'}${r.sources === 'before' ? ' (before)' : ''}`;
const at = (r, n) => r.rows?.find((x) => x.conversations === n);

/** The issue-45 targets, read from this run's rows of the tree's own sources. */
function targets(S) {
  const ours = S.rows.filter((r) => r.rows && r.impl === 'package' && r.sources !== 'before');
  const peer = S.rows.find((r) => r.impl === 'genkit-express' && r.rows);
  const lines = ['| target | in this run | holds? |', '|---|---|---|'];
  const range = (values, digits = 2) => (values.length ? `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}` : 'n/a');
  const holds = (values, ok) => (values.length === 0 ? 'not measured' : values.every(ok) ? 'yes' : values.some(ok) ? '**partly**' : '**no**');
  const big = S.sizes.includes(150) ? 150 : S.sizes.filter((n) => n > 1).at(-1);
  if (big) {
    const ratios = ours.map((r) => at(r, big) && at(r, 1) && at(r, big).wallMs / at(r, 1).wallMs).filter(Boolean);
    const peerRatio = peer && at(peer, big) && at(peer, 1) ? at(peer, big).wallMs / at(peer, 1).wallMs : undefined;
    lines.push(`| ${big} concurrent answers in ≤ 2.5× one alone | package ${range(ratios)}×${peerRatio ? `; the peer ${peerRatio.toFixed(2)}×` : ''} | ${holds(ratios, (v) => v <= 2.5)} |`);
  }
  const hundred = S.sizes.includes(100) ? 100 : undefined;
  if (hundred) {
    const p95 = ours.map((r) => at(r, 100)?.ttft.p95).filter((v) => v !== undefined);
    lines.push(`| p95 time to first token < 150 ms at 100 | package ${range(p95, 0)} ms${peer && at(peer, 100) ? `; the peer ${at(peer, 100).ttft.p95.toFixed(0)} ms` : ''} | ${holds(p95, (v) => v < 150)} |`);
    const cpu95 = ours.map((r) => at(r, 100)?.ttftCpu?.p95).filter((v) => v !== undefined);
    const peerCpu95 = peer && at(peer, 100)?.ttftCpu?.p95;
    if (cpu95.length) lines.push(`| the same in the server's CPU (from the first request; other processes' load left out) | package ${range(cpu95, 0)} ms${peerCpu95 !== undefined ? `; the peer ${peerCpu95.toFixed(0)} ms` : ''} | ${holds(cpu95, (v) => v < 150)} |`);
  }
  const cpu = [];
  for (const r of ours) for (const x of r.rows) if (x.conversations >= 100 && peer && at(peer, x.conversations)) cpu.push(x.cpuUsPerChunk / at(peer, x.conversations).cpuUsPerChunk);
  lines.push(`| CPU per chunk ≤ 1.3× plain Genkit's (N ≥ 100) | ${range(cpu)}× | ${holds(cpu, (v) => v <= 1.3)} |`);
  const rss = ours.filter((r) => r.resumable).flatMap((r) => r.rows.filter((x) => x.conversations >= 100).map((x) => x.rssPerStreamKiB));
  lines.push(`| RSS growth ≤ 0.5 MiB per open resumable stream (N ≥ 100) | ${range(rss, 0)} KiB | ${holds(rss, (v) => v <= 512)} |`);
  const redis = ours.find((r) => r.turnStore === 'redis');
  const memory = ours.find((r) => r.turnStore === 'memory' && r.protocol === 'genkit' && r.resumable);
  if (redis && memory) {
    const ratios = redis.rows.filter((x) => x.conversations >= 100 && at(memory, x.conversations)).map((x) => x.cpuUsPerChunk / at(memory, x.conversations).cpuUsPerChunk);
    lines.push(`| resumable turns on Redis within 1.5× of memory (CPU per chunk, N ≥ 100) | ${range(ratios)}× | ${holds(ratios, (v) => v <= 1.5)} |`);
  }
  const answers = S.rows.filter((r) => r.sources !== 'before').flatMap((r) => r.rows ?? []);
  const whole = answers.reduce((s, x) => s + x.whole, 0), all = answers.reduce((s, x) => s + x.conversations, 0);
  lines.push(`| every answer whole, exactly once | ${whole} of ${all} | ${whole === all ? 'yes' : '**no**'} |`);
  return lines.join('\n');
}

/** The section's Markdown, from `results.server` (and the machine line of the run). */
export function serverSection(S, { machine, status }) {
  const md = ['## 7. Server throughput: many streams per core', ''];
  md.push(`Machine: Node ${machine.node} · ${machine.cpu} · ${machine.cores} cores · load average ${machine.loadAverageAtStart} at start, ${machine.loadAverageAtEnd ?? '?'} at end · ${machine.date}`, '');
  md.push(`N conversations at once, each one POST streaming the scripted story (${S.rows.find((r) => r.chunksPerAnswer)?.chunksPerAnswer ?? '≈ 340'} text chunks, ${S.tokenDelayMs} ms a chunk) from apps/agent-server's task agent on \`node:http\`, memory sessions; the clients run in another process${S.newConnections ? ' and open their connections in the burst (`--server-new-connections`)' : ', each on a connection opened before the burst (kept alive, as a browser or a proxy has it)'}, the figures are the server process's (bench/server-worker.mjs). "package" is \`toNodeListener(genkitRoutes({ agent, store, turns, user }))\`; the peer is the same agent behind plain \`@genkit-ai/express\` (\`expressHandler(agent)\`: no resumable turns, no bridges). Every answer is checked whole (text equal to the story, stream ended, SSE ids 0, 1, 2 … in order).${S.before ? ` "(before)" rows run the package sources in \`${S.before}\` (\`--server-before\`), each right before the same configuration on this tree's sources.` : ''}`, '');
  md.push('| server | protocol | resumable | turns | N | wall s | × N=1 | chunks/s | CPU µs/chunk | × peer CPU/chunk | TTFT p50 / p95 ms | server CPU to first token p50 / p95 ms | end p50 / p95 s | RSS growth MiB | KiB per stream | whole |', '|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const peer = S.rows.find((r) => r.impl === 'genkit-express');
  for (const r of S.rows) {
    if (!r.rows) { md.push(`| ${label(r)} | ${r.protocol} | | | | ${status(r)} | | | | | | | | | | |`); continue; }
    const alone = at(r, 1);
    for (const x of r.rows) {
      const peerRow = peer && at(peer, x.conversations);
      md.push(`| ${label(r)} | ${r.protocol} | ${r.impl === 'package' ? (r.resumable ? 'on' : 'off') : '–'} | ${r.turnStore} | ${x.conversations} | ${(x.wallMs / 1000).toFixed(2)} | ${alone ? (x.wallMs / alone.wallMs).toFixed(2) : ''} | ${k(x.chunksPerSec)} | ${x.cpuUsPerChunk.toFixed(1)} | ${peerRow ? (x.cpuUsPerChunk / peerRow.cpuUsPerChunk).toFixed(2) : ''} | ${x.ttft.p50.toFixed(0)} / ${x.ttft.p95.toFixed(0)} | ${x.ttftCpu ? `${x.ttftCpu.p50.toFixed(0)} / ${x.ttftCpu.p95.toFixed(0)}` : ''} | ${(x.end.p50 / 1000).toFixed(2)} / ${(x.end.p95 / 1000).toFixed(2)} | ${x.rssGrowthMiB.toFixed(1)} | ${x.rssPerStreamKiB.toFixed(0)} | ${x.whole}/${x.conversations} |`);
    }
  }
  md.push('');
  if (S.before) {
    md.push('### This tree against the sources before (same run, CPU µs per chunk; ÷ before)', '');
    md.push(`| protocol | resumable | turns | ${S.sizes.map((n) => `N=${n}`).join(' | ')} |`, `|---|---|---|${S.sizes.map(() => '---:').join('|')}|`);
    for (const after of S.rows.filter((r) => r.impl === 'package' && r.sources !== 'before' && r.rows)) {
      const before = S.rows.find((r) => r.sources === 'before' && same(r, after) && r.rows);
      if (!before) continue;
      const cells = S.sizes.map((n) => (at(after, n) && at(before, n) ? `${at(before, n).cpuUsPerChunk.toFixed(1)} → ${at(after, n).cpuUsPerChunk.toFixed(1)} (${(at(after, n).cpuUsPerChunk / at(before, n).cpuUsPerChunk).toFixed(2)})` : ''));
      md.push(`| ${after.protocol} | ${after.resumable ? 'on' : 'off'} | ${after.turnStore} | ${cells.join(' | ')} |`);
    }
    md.push('');
  }
  md.push('### The targets of issue 45 in this run', '', targets(S), '');
  return md.join('\n');
}
