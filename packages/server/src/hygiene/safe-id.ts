/** Ids that come from clients and may become file names or keys: checked before any store sees them. */

/** Letters, digits, `_` and `-`, 1 to 128 characters: UUIDs fit, `..`, `/`, `\`, `.` and NUL do not. */
export const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** True for a string of 1-128 letters, digits, `_` or `-`. */
export function isSafeId(value: unknown): value is string {
  return typeof value === 'string' && SAFE_ID.test(value);
}
