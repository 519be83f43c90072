// One bench page: ?lib=kit|streamdown|react-markdown|turns|threads&history=N. The runner calls window.bench.run() and reads its result.
import { createRoot } from 'react-dom/client';
import type { ReactNode } from 'react';

interface Probe {
  start: number;
  firstByte: number;
  lastByte: number;
  finalPaint: number;
  /** The frames the page asked for during the turn (their start times), and how many vsyncs each request waited beyond the first. */
  frames: number[];
  dropped: number;
  longFrames: Array<{
    start: number;
    duration: number;
    blocking: number;
    /** From the frame's start: when its rendering (rAF callbacks, then style and layout) began; 0 when it had none. */
    renderStart: number;
    styleAndLayoutStart: number;
    scripts: Array<{ invoker: string; source: string; duration: number; forcedStyleAndLayout: number }>;
  }>;
}

// The page's own errors, read by the runner (it does not enable the DevTools Runtime domain: see ../cdp.mjs).
const benchErrors: string[] = [];
window.addEventListener('error', (event) => benchErrors.push(event.message));
window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => benchErrors.push(String((event.reason as Error | undefined)?.message ?? event.reason)));
(window as unknown as { benchErrors: string[] }).benchErrors = benchErrors;

const params = new URLSearchParams(location.search);
const lib = params.get('lib') ?? 'kit';
const history = Number(params.get('history') ?? 0);
const probe: Probe = { start: 0, firstByte: 0, lastByte: 0, finalPaint: 0, frames: [], dropped: 0, longFrames: [] };

// The page's own animation frames, timed: the probe asks for none of its own while the reply streams (a frame asked
// for at every vsync makes the browser run one each time, work no user's page has), it times the frames the app asks
// for. A request answered later than the next vsync missed the frames in between.
const VSYNC_MS = 1000 / 60;
const realRequestAnimationFrame = window.requestAnimationFrame.bind(window);
const askedAt = new Map<number, number>();
window.requestAnimationFrame = (callback) => {
  const asked = performance.now();
  return realRequestAnimationFrame((time) => {
    if (probe.start && !probe.finalPaint && !askedAt.has(time)) {
      askedAt.set(time, asked);
      probe.frames.push(time);
      probe.dropped += Math.max(0, Math.floor((time - asked) / VSYNC_MS));
    }
    callback(time);
  });
};

// The response body's first and last byte, from the fetch's resource timing (the network's own clock, taken as the
// bytes arrive): nothing of the probe runs per chunk, the page reads the body as the app alone would. The entry is
// delivered once the body has ended; the probe then watches the frames until the final text is in the DOM.
new PerformanceObserver((list) => {
  for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
    if (!probe.start || probe.lastByte || entry.startTime < probe.start || new URL(entry.name).pathname !== '/api/chat') continue;
    probe.firstByte = entry.responseStart;
    lastByteSeen(entry.responseEnd);
  }
}).observe({ type: 'resource', buffered: false });

const supportsLoaf = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame');
new PerformanceObserver((list) => {
  type Script = { invoker: string; sourceURL: string; sourceFunctionName?: string; duration: number; forcedStyleAndLayoutDuration?: number };
  for (const entry of list.getEntries() as Array<PerformanceEntry & { blockingDuration?: number; renderStart?: number; styleAndLayoutStart?: number; scripts?: Script[] }>) {
    // Frames of the turn only: from the send on (not the runner's own call into the page that arms it).
    if (!probe.start || entry.duration <= 50 || entry.startTime + entry.duration < probe.start) continue;
    probe.longFrames.push({
      start: entry.startTime,
      duration: entry.duration,
      blocking: entry.blockingDuration ?? entry.duration - 50,
      renderStart: entry.renderStart ? entry.renderStart - entry.startTime : 0,
      styleAndLayoutStart: entry.styleAndLayoutStart ? entry.styleAndLayoutStart - entry.startTime : 0,
      scripts: (entry.scripts ?? []).map((script) => ({
        invoker: script.invoker,
        source: `${script.sourceURL.split('/').pop()}${script.sourceFunctionName ? ` ${script.sourceFunctionName}` : ''}`,
        duration: script.duration,
        forcedStyleAndLayout: script.forcedStyleAndLayoutDuration ?? 0,
      })),
    });
  }
}).observe({ type: supportsLoaf ? 'long-animation-frame' : 'longtask', buffered: false });

let send: (() => Promise<unknown>) | null = null;
const onSend = (next: () => Promise<unknown>) => (send = next);

async function app(): Promise<ReactNode> {
  if (lib === 'kit') return (await import('./kit.js')).kitApp(history, onSend);
  if (lib === 'turns') return (await import('./turns.js')).turnsApp(history);
  if (lib === 'threads') return (await import('./threads.js')).threadsApp(Number(params.get('seed') ?? 0));
  return (await import('./ai-sdk.js')).aiSdkApp(lib as 'streamdown' | 'react-markdown', history, onSend);
}

const ended = () => [...document.querySelectorAll('code')].some((code) => code.textContent === 'bench-end');

/** The response's last byte: from here on the probe watches every frame until the final text is in the DOM. */
function lastByteSeen(at: number) {
  probe.lastByte = at;
  const frame = () => {
    if (probe.finalPaint) return;
    if (ended()) {
      // The final text is in this frame's DOM: it is painted when the next frame starts.
      realRequestAnimationFrame((next) => {
        probe.finalPaint = next;
      });
      return;
    }
    realRequestAnimationFrame(frame);
  };
  realRequestAnimationFrame(frame);
}

async function run(limitMs: number): Promise<Probe & { loaf: boolean; finished: boolean }> {
  // The send runs in a task of its own, as a click's would: the runner's CDP call that got here is not the app's work.
  await new Promise((resolve) => setTimeout(resolve, 100));
  probe.start = performance.now();
  void send!();
  const deadline = performance.now() + limitMs;
  // A renderer that cannot keep up is measured until the deadline and reported as not finished.
  while (!probe.finalPaint && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const finished = probe.finalPaint > 0;
  if (!finished) probe.finalPaint = performance.now();
  return { ...probe, loaf: supportsLoaf, finished };
}

const state = () => ({ firstByte: probe.firstByte, lastByte: probe.lastByte, finalPaint: probe.finalPaint, ended: ended(), text: document.getElementById('root')!.textContent!.slice(-80) });
(window as unknown as { bench: unknown }).bench = { run, state, lib, supportsLoaf };
createRoot(document.getElementById('root')!).render(await app());
document.body.setAttribute('data-ready', 'true');
