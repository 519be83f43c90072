// A browser-like global environment for the React benchmarks: jsdom's window and document on globalThis, React loaded
// in its production build (the parent sets NODE_ENV=production before this process starts; checked here).
import { createRequire } from 'node:module';
import { JSDOM } from 'jsdom';

const require = createRequire(import.meta.url);

/**
 * Installs jsdom globals. `frames`: 'raf' gives jsdom's requestAnimationFrame (pretendToBeVisual: a 60 Hz setInterval
 * while callbacks are pending); 'none' removes requestAnimationFrame, so code falls back to its own timers.
 * Node's own fetch, streams, TextDecoder, timers and performance stay: only the DOM comes from jsdom.
 */
export function installDom({ frames = 'raf' } = {}) {
  if (process.env.NODE_ENV !== 'production') throw new Error('Run with NODE_ENV=production (bench/react/run.mjs does).');
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { pretendToBeVisual: true, url: 'http://bench.local/' });
  const { window } = dom;
  const names = [
    'window', 'document', 'navigator', 'Node', 'Element', 'HTMLElement', 'HTMLInputElement', 'HTMLTextAreaElement', 'HTMLButtonElement',
    'HTMLDialogElement', 'Text', 'DocumentFragment', 'Event', 'KeyboardEvent', 'MouseEvent', 'FocusEvent', 'InputEvent', 'CustomEvent',
    'MutationObserver', 'getComputedStyle', 'DOMParser', 'SVGElement', 'location',
  ];
  for (const name of names) {
    if (window[name] !== undefined) Object.defineProperty(globalThis, name, { value: window[name], configurable: true, writable: true });
  }
  if (frames === 'raf') {
    globalThis.requestAnimationFrame = window.requestAnimationFrame.bind(window);
    globalThis.cancelAnimationFrame = window.cancelAnimationFrame.bind(window);
  } else {
    delete globalThis.requestAnimationFrame;
    delete globalThis.cancelAnimationFrame;
    delete window.requestAnimationFrame;
    delete window.cancelAnimationFrame;
  }
  globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  return dom;
}

/** Loads React after the DOM is installed, and proves the production builds are the ones in use. */
export async function loadReact() {
  const React = await import('react');
  const ReactDOM = await import('react-dom');
  const { createRoot } = await import('react-dom/client');
  // Executed modules only: Node's ESM loader also caches (unexecuted) the other branch of a CJS re-export it scanned.
  const loaded = Object.entries(require.cache).filter(([, module]) => module.loaded).map(([path]) => path);
  const prodDom = loaded.some((path) => path.endsWith('react-dom-client.production.js'));
  const prodReact = loaded.some((path) => /react[\\/]cjs[\\/]react\.production\.js$/.test(path));
  const devLoaded = loaded.some((path) => /react(-dom)?[\\/]cjs[\\/].*development\.js$/.test(path));
  if (!prodDom || !prodReact || devLoaded) throw new Error(`React is not in its production build (react-dom-client.production: ${prodDom}, react.production: ${prodReact}, a development build: ${devLoaded}).`);
  return { React: React.default ?? React, flushSync: ReactDOM.flushSync, createRoot, version: React.version };
}

/** A 60 Hz frame counter on requestAnimationFrame (when there is one): keeps jsdom's frame clock running steadily, like vsync. */
export function frameClock() {
  let frames = 0;
  let running = false;
  const tick = () => {
    if (!running) return;
    frames++;
    requestAnimationFrame(tick);
  };
  return {
    start() {
      frames = 0;
      if (typeof requestAnimationFrame !== 'function') return;
      running = true;
      requestAnimationFrame(tick);
    },
    stop() {
      running = false;
      return frames;
    },
  };
}

/**
 * Counts the commits of every root: production react-dom reports each commit to the React DevTools global hook when one
 * is installed (`onCommitFiberRoot`). Install before React loads; a cross-check of the layout-effect counters.
 */
export function installCommitCounter() {
  const counter = { commits: 0, renderers: 0 };
  globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    inject() { return ++counter.renderers; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot() { counter.commits++; },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
  };
  return counter;
}

export const macrotask = () => new Promise((resolve) => setImmediate(resolve));
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
