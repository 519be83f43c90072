/**
 * True when `value` nests objects or arrays more than `maxDepth` levels deep (`{}` and `[]` are one level).
 * Iterative, with an explicit stack: it never overflows on the values it is there to catch, and it stops at the first
 * path that goes too deep. Strings, numbers and the other primitives add no level.
 */
export function exceedsDepth(value: unknown, maxDepth: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const values: unknown[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const current = values.pop() as object;
    const depth = depths.pop()!;
    if (depth > maxDepth) return true;
    const children: unknown[] = Array.isArray(current) ? current : Object.values(current);
    for (let index = 0; index < children.length; index++) {
      const child = children[index];
      if (typeof child === 'object' && child !== null) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/** How many levels a JSON Pointer descends (`''` is the root: 0; `/a/0` is 2). */
export function pointerDepth(pointer: string): number {
  let depth = 0;
  for (let index = pointer.indexOf('/'); index >= 0; index = pointer.indexOf('/', index + 1)) depth++;
  return depth;
}
