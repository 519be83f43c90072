import type { Page } from 'playwright-core';

/** One top-level task of the page's main thread: its CPU time (thread time) and its wall time, in ms. */
export interface MainThreadTask {
  cpu: number;
  wall: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { frames?: Array<{ processId?: number; parent?: string; url?: string }> } };
}

const CATEGORIES = ['toplevel', '__metadata', 'disabled-by-default-devtools.timeline'];

/**
 * The page's main-thread tasks while `run` runs, read from a Chromium trace (CDP `Tracing`): every top-level task
 * (`ThreadControllerImpl::RunTask`) of the page's renderer main thread, with the CPU time the thread spent in it. Thread
 * time is what the page's own work costs: a loaded machine that deschedules the renderer stretches a task's wall time,
 * not its CPU time (so a budget on CPU time holds on a busy CI machine, where a long-task observer's wall-clock
 * durations do not). Tasks of other processes (a diagram box in a process of its own) are not the page's.
 */
export async function mainThreadTasks(page: Page, run: () => Promise<void>): Promise<MainThreadTask[]> {
  const session = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
  await session.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' } });
  try {
    await run();
  } finally {
    await session.send('Tracing.end');
    await complete;
    await session.detach();
  }
  const pageUrl = page.url();
  const started = events.find((event) => event.name === 'TracingStartedInBrowser');
  const frame = started?.args?.data?.frames?.find((entry) => !entry.parent && entry.url === pageUrl) ?? started?.args?.data?.frames?.find((entry) => !entry.parent);
  if (frame?.processId === undefined) throw new Error('The trace does not name the page\'s renderer process.');
  const main = events.find((event) => event.ph === 'M' && event.name === 'thread_name' && event.pid === frame.processId && event.args?.name === 'CrRendererMain');
  if (!main) throw new Error('The trace has no main thread for the page\'s renderer.');
  return events
    .filter((event) => event.ph === 'X' && event.name === 'ThreadControllerImpl::RunTask' && event.pid === main.pid && event.tid === main.tid)
    .map((event) => ({ cpu: Math.round((event.tdur ?? event.dur ?? 0) / 1000), wall: Math.round((event.dur ?? 0) / 1000) }));
}
