/**
 * A log sink that writes at most `maxLines` entries per `windowMs`, each cut to `maxChars`; what it drops is
 * counted and reported once per window as `[agent-server] suppressed K log lines in the last Ns`. A stream of
 * bad requests therefore costs a bounded number of bytes per minute, however fast it arrives.
 */

export interface RateLimitOptions {
  /** Entries written per window (default 20). */
  maxLines?: number;
  /** The window (default 60 s). */
  windowMs?: number;
  /** Longer entries are cut here, with `…` (default 1000). */
  maxChars?: number;
}

export const DEFAULT_LOG_LINES_PER_MINUTE = 20;

export type LogSink = (line: string) => void;

export function rateLimitedLog(write: LogSink, options: RateLimitOptions = {}): LogSink {
  const maxLines = options.maxLines ?? DEFAULT_LOG_LINES_PER_MINUTE;
  const windowMs = options.windowMs ?? 60_000;
  const maxChars = options.maxChars ?? 1000;
  let written = 0;
  let suppressed = 0;
  let window: ReturnType<typeof setTimeout> | undefined;

  const endWindow = () => {
    window = undefined;
    if (suppressed > 0) write(`[agent-server] suppressed ${suppressed} log lines in the last ${Math.round(windowMs / 1000)}s`);
    written = 0;
    suppressed = 0;
  };

  return (line) => {
    if (!window) {
      window = setTimeout(endWindow, windowMs);
      // The summary must not keep a stopping server alive.
      window.unref?.();
    }
    if (written >= maxLines) {
      suppressed++;
      return;
    }
    written++;
    write(line.length > maxChars ? `${line.slice(0, maxChars)}…` : line);
  };
}
