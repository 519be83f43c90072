// The browser bench's own connection to Chromium: the DevTools protocol over --remote-debugging-pipe, with only the
// domains a measurement needs (Page, Runtime, Performance, and Tracing / HeapProfiler on demand).
//
// Not Playwright, on purpose: Playwright enables the Network domain on every page, and DevTools then keeps each
// response's body and reports every chunk of it. For a 25-second SSE stream of 1.3 MB that is main-thread work no
// user's browser does: a CDP event per chunk, and 24 ms at the request's end (measured: a task of
// `URLLoader::Context::OnCompletedRequest` in the turn's last frame). It was counted in every renderer's row.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `promise`'s value, or undefined when it has not settled within `ms`. */
export const within = (promise, ms) => {
  let timer;
  return Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]).finally(() => clearTimeout(timer));
};

/**
 * Chromium started with a CDP pipe and a profile of its own; `page` attaches to its first tab. The bench starts one per
 * case, so that every renderer gets the same cold browser (no fonts, code or cache warmed by an earlier case).
 */
export async function launchChromium(executablePath, args = []) {
  const profile = await mkdtemp(join(tmpdir(), 'agent-chat-bench-chromium-'));
  const child = spawn(executablePath, [...args, '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'], detached: true });
  const toBrowser = child.stdio[3];
  const fromBrowser = child.stdio[4];
  let nextId = 0;
  const pending = new Map();
  const listeners = new Set();
  let buffered = '';
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (data) => {
    buffered += data;
    let end;
    while ((end = buffered.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      if (message.id !== undefined) {
        const call = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) call?.reject(new Error(`${call.method}: ${message.error.message}`));
        else call?.resolve(message.result);
      } else for (const listener of listeners) listener(message);
    }
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  exited.then(() => {
    for (const call of pending.values()) call.reject(new Error(`${call.method}: Chromium exited`));
    pending.clear();
  });
  const send = (method, params = {}, sessionId) => new Promise((resolve, reject) => {
    const id = ++nextId;
    pending.set(id, { resolve, reject, method });
    toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
  });
  const { product } = await send('Browser.getVersion');

  async function page({ width, height }) {
    const { targetInfos } = await send('Target.getTargets');
    const { targetId } = targetInfos.find((target) => target.type === 'page');
    const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
    const events = new Map();
    const listener = (message) => {
      if (message.sessionId !== sessionId) return;
      for (const handler of events.get(message.method) ?? []) handler(message.params);
    };
    listeners.add(listener);
    const call = (method, params) => send(method, params, sessionId);
    const once = (method, handler) => {
      const handlers = events.get(method) ?? new Set();
      const wrapped = (params) => {
        handlers.delete(wrapped);
        handler(params);
      };
      handlers.add(wrapped);
      events.set(method, handlers);
    };
    // No Runtime.enable: with it, the send of a turn after 1,000 messages took 35-41 ms instead of under 20 (the
    // inspector's bookkeeping); the page keeps its own errors (window.benchErrors, see page/main.tsx).
    await call('Page.enable');
    await call('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
    // A page the user is looking at has the focus (as Playwright's pages do): the headless tab otherwise has none.
    await call('Emulation.setFocusEmulationEnabled', { enabled: true });
    /** Runs `fn(arg)` in the page and returns its (awaited, JSON) value; a throw in the page rejects. */
    const evaluate = async (fn, arg) => {
      const { result, exceptionDetails } = await call('Runtime.evaluate', { expression: `(${fn})(${JSON.stringify(arg)})`, awaitPromise: true, returnByValue: true });
      if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
      return result.value;
    };
    return {
      send: call,
      once,
      evaluate,
      /** Uncaught errors and unhandled rejections in the page, as the page recorded them. */
      errors: () => evaluate(() => window.benchErrors ?? []).catch(() => []),
      /** Navigates and waits for the load event. */
      async goto(url) {
        const loaded = new Promise((resolve) => once('Page.loadEventFired', resolve));
        await call('Page.navigate', { url });
        await loaded;
      },
      /** Polls until `selector` matches in the page (a page whose main thread stays blocked fails at the deadline too). */
      async waitForSelector(selector, timeout = 30_000) {
        const deadline = Date.now() + timeout;
        for (;;) {
          const left = deadline - Date.now();
          const found = left > 0 && (await within(evaluate((query) => document.querySelector(query) !== null, selector), left));
          if (found) return;
          if (Date.now() >= deadline) throw new Error(`${selector}: not in the page within ${timeout} ms`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
      /** How many elements match `selector`. */
      count: (selector) => evaluate((query) => document.querySelectorAll(query).length, selector),
    };
  }

  return {
    /** "HeadlessChrome/156.0.8078.114" → "156.0.8078.114". */
    version: product.split('/').pop(),
    page,
    /**
     * Closes Chromium; one that does not exit within 5 s (a renderer stuck in a script) is killed. Either way its whole
     * process group goes: a renderer left spinning would take the CPU from the next case.
     */
    async close() {
      await within(send('Browser.close').catch(() => {}), 5_000);
      const killGroup = () => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // The group is gone already.
        }
      };
      if (!(await within(exited.then(() => true), 5_000))) killGroup();
      await exited;
      killGroup();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
