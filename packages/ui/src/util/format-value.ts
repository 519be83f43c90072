/** A value as readable text: strings as they are, anything else as JSON (indented unless `pretty` is false). */
export function formatValue(value: unknown, pretty = true): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, pretty ? 2 : undefined) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A one-line preview, cut to `max` characters. */
export function previewValue(value: unknown, max = 60): string {
  const text = formatValue(value, false).replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
