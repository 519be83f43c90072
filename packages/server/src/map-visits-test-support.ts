// Counts the entries read out of every Map while `work` runs (iteration by for…of, keys(), values(), entries(), forEach,
// and get()): an operation count that tells a lookup by key from a scan of everything, where a clock would flake on a
// loaded machine (issue 38: no wall-clock time in unit tests).
type MapMethod = 'get' | 'keys' | 'values' | 'entries' | 'forEach' | typeof Symbol.iterator;

export async function mapEntriesRead(work: () => unknown): Promise<number> {
  let read = 0;
  const proto = Map.prototype as unknown as Record<MapMethod, (...args: unknown[]) => unknown>;
  const saved = new Map<MapMethod, (...args: unknown[]) => unknown>();
  const counted = (iterator: Iterator<unknown>): IterableIterator<unknown> => {
    const wrapped = {
      next: () => {
        const step = iterator.next();
        if (!step.done) read++;
        return step;
      },
      [Symbol.iterator]: () => wrapped,
    };
    return wrapped as IterableIterator<unknown>;
  };
  for (const name of ['keys', 'values', 'entries', Symbol.iterator] as const) {
    const original = proto[name]!;
    saved.set(name, original);
    proto[name] = function (this: Map<unknown, unknown>) {
      return counted(original.call(this) as Iterator<unknown>);
    };
  }
  const get = proto.get!;
  saved.set('get', get);
  proto.get = function (this: Map<unknown, unknown>, key: unknown) {
    read++;
    return get.call(this, key);
  };
  const forEach = proto.forEach!;
  saved.set('forEach', forEach);
  proto.forEach = function (this: Map<unknown, unknown>, callback: unknown, thisArg: unknown) {
    read += this.size;
    return forEach.call(this, callback, thisArg);
  };
  try {
    await work();
  } finally {
    for (const [name, original] of saved) proto[name] = original;
  }
  return read;
}
