/**
 * Genkit's logger (process-wide) sent to one sink, one entry per call. Genkit logs every failed request with its
 * stack and input (≈47 kB for a one-line bad body), so the sink given here is expected to be rate-limited.
 */
import { format } from 'node:util';
import { requireCjs } from './genkit-runtime.js';

interface GenkitLogging {
  logger: { init(fn: Record<string, unknown>): void };
}

const LEVELS = ['debug', 'info', 'warn', 'error'] as const;

/** Routes Genkit's `info`, `warn` and `error` logs (not `debug`) to `sink`, as `[genkit] <level>: <text>`. */
export function sendGenkitLogsTo(sink: (line: string) => void): void {
  const { logger } = requireCjs('genkit/logging') as GenkitLogging;
  const entry = (level: (typeof LEVELS)[number]) => (...args: unknown[]) => sink(`[genkit] ${level}: ${format(...args)}`);
  logger.init({
    level: 'info',
    shouldLog: (level: string) => LEVELS.indexOf(level as never) >= LEVELS.indexOf('info'),
    debug: () => {},
    info: entry('info'),
    warn: entry('warn'),
    error: entry('error'),
  });
}
