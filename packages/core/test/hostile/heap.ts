/**
 * Retained-heap measurement for the unbounded-input cases. vitest does not start Node with --expose-gc, so the flag is
 * set at run time and `gc` taken from a fresh context; heapUsed right after a full collection is what is retained.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Memory retained now, in bytes, after a full collection: the JS heap and the bytes of ArrayBuffers (chunks). */
export function retainedHeap(): number {
  collect();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

export const MiB = 1024 * 1024;

/**
 * A body of `total` bytes made of `chunk` repeated, generated as it is pulled (so the test holds none of it), that
 * samples the retained heap every `sampleEvery` bytes, then `tail`; `pulled` counts what the client read, `cancelled` its cancel.
 */
export function generatedBody(chunk: string, total: number, sampleEvery: number, tail = '') {
  const bytes = new TextEncoder().encode(chunk);
  let tailSent = tail === '';
  const state = { pulled: 0, cancelled: false, samples: [] as number[] };
  let sinceSample = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) {
        if (!tailSent) controller.enqueue(new TextEncoder().encode(tail));
        tailSent = true;
        return controller.close();
      }
      if (sinceSample >= sampleEvery) {
        state.samples.push(retainedHeap());
        sinceSample = 0;
      }
      controller.enqueue(bytes.slice());
      state.pulled += bytes.length;
      sinceSample += bytes.length;
    },
    cancel() {
      state.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return Object.assign(state, { stream });
}
