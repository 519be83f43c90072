// Reading untyped wire values (JSON from a server) without casts: used by the protocols and the HTTP transport.

/** True for a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The string, or undefined. */
export function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `value[key]` when both are objects (an envelope such as `{error: {…}}` or `{result: {…}}`), else the value itself. */
export function unwrap(value: unknown, key: string): unknown {
  return isRecord(value) && isRecord(value[key]) ? value[key] : value;
}

/** Parses JSON text, or gives the text back when it is not JSON. */
export function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The object entries of a wire array (anything else is dropped). */
export function recordsOf<T extends object = Record<string, unknown>>(value: unknown): T[] {
  return Array.isArray(value) ? (value.filter(isRecord) as unknown as T[]) : [];
}
