/** How long a send waits at most for a frame: an offscreen iframe's frames may be throttled or stopped. */
const FRAME_WAIT_LIMIT_MS = 100;

interface FrameGlobals {
  requestAnimationFrame?: (callback: () => void) => number;
  document?: { visibilityState?: string };
}

/**
 * In a visible browser page, a promise that settles once the next frame has been painted (a task after its animation
 * frame callbacks, or after FRAME_WAIT_LIMIT_MS); elsewhere (a server, a worker, a hidden tab) `null`: nothing to wait
 * for. The HTTP transports wait for it before building a turn's request, so that the user's message is painted in a
 * frame of its own instead of sharing one with the request's work (serializing a long history, starting the fetch):
 * after a 1,000-message conversation the two together made a frame over 50 ms (bench:browser). An in-page transport
 * (scripted, a custom one) has no such work and does not wait.
 */
export function nextPaint(): Promise<void> | null {
  const frames = globalThis as FrameGlobals;
  if (typeof frames.requestAnimationFrame !== 'function' || frames.document?.visibilityState !== 'visible') return null;
  const requestFrame = frames.requestAnimationFrame;
  return new Promise((resolve) => {
    const limit = setTimeout(resolve, FRAME_WAIT_LIMIT_MS);
    requestFrame(() => {
      // A task queued from a frame callback runs after that frame's rendering.
      setTimeout(() => {
        clearTimeout(limit);
        resolve();
      }, 0);
    });
  });
}
