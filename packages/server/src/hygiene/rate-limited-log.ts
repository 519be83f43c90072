/**
 * A log sink that writes at most `maxLines` entries per `windowMs`, each cut to `maxChars`; what it drops is
 * counted and reported once per window as `[<name>] suppressed K log lines in the last Ns`. A stream of
 * bad requests therefore costs a bounded number of bytes per minute, however fast it arrives.
 */

export interface RateLimitOptions {
  /** Entries written per window (default 20). */
  maxLines?: number;
  /** The window (default 60 s). */
  windowMs?: number;
  /** Longer entries are cut here, with `…` (default 1000). */
  maxChars?: number;
  /** The name in the summary line, `[<name>] suppressed …` (default `agent-chat`). */
  name?: string;
}

/** Entries written per minute by default. */
export const DEFAULT_LOG_LINES_PER_MINUTE = 20;

/** Where log lines go. */
export type LogSink = (line: string) => void;

/** A sink that passes at most `maxLines` lines per window to `write` and counts the rest. */
export function rateLimitedLog(write: LogSink, options: RateLimitOptions = {}): LogSink {
  const maxLines = options.maxLines ?? DEFAULT_LOG_LINES_PER_MINUTE;
  const windowMs = options.windowMs ?? 60_000;
  const maxChars = options.maxChars ?? 1000;
  const name = options.name ?? 'agent-chat';
  let written = 0;
  let suppressed = 0;
  let window: ReturnType<typeof setTimeout> | undefined;

  const endWindow = () => {
    window = undefined;
    if (suppressed > 0) write(`[${name}] suppressed ${suppressed} log lines in the last ${Math.round(windowMs / 1000)}s`);
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
