import { AgentChatError } from '../../model/error.js';

/** A turn's deadlines, in milliseconds; undefined, 0 or Infinity means none. */
export interface TurnDeadlineOptions {
  /** The whole turn, from its start to its end. */
  timeout?: number | undefined;
  /** The longest wait for the next byte (or, for transports that are not HTTP, the next batch of events). */
  idleTimeout?: number | undefined;
}

/** Running deadlines: `touch` on activity, `clear` when the turn ends. */
export interface TurnDeadlines {
  touch(): void;
  clear(): void;
}

const isSet = (ms: number | undefined): ms is number => ms !== undefined && ms > 0 && Number.isFinite(ms);

/**
 * Starts the deadlines of one turn; `onExpire` gets a `timeout` error once, when the first of them passes.
 * The idle timer is not re-armed on every read: it fires, sees the last activity, and sleeps for what is left.
 */
export function startDeadlines(options: TurnDeadlineOptions, onExpire: (error: AgentChatError) => void): TurnDeadlines {
  const { timeout, idleTimeout } = options;
  let turnTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let lastActivity = Date.now();
  let done = false;
  const clear = () => {
    done = true;
    clearTimeout(turnTimer);
    clearTimeout(idleTimer);
  };
  const expire = (message: string, limit: number) => {
    if (done) return;
    clear();
    onExpire(new AgentChatError('timeout', message, { details: { timeout: limit } }));
  };
  if (isSet(timeout)) turnTimer = setTimeout(() => expire(`The turn did not end within ${timeout} ms.`, timeout), timeout);
  if (isSet(idleTimeout)) {
    const check = () => {
      const idle = Date.now() - lastActivity;
      if (idle >= idleTimeout) expire(`Nothing arrived for ${idleTimeout} ms.`, idleTimeout);
      else idleTimer = setTimeout(check, idleTimeout - idle);
    };
    idleTimer = setTimeout(check, idleTimeout);
  }
  return {
    touch() {
      lastActivity = Date.now();
    },
    clear,
  };
}

/** The limits and deadlines a chat and one call may set; the call's own win. */
export interface TurnLimitOptions extends TurnDeadlineOptions {
  maxDepth?: number | undefined;
  maxFrameBytes?: number | undefined;
  /** How deep sub-agents may nest (default 4): a deeper run's events are dropped and the turn records `too-deep`. */
  maxSubAgentDepth?: number | undefined;
}

/**
 * Arms one turn: its deadlines (the call's `timeout`/`idleTimeout` over the chat's) and the stream options for the
 * transport, whose every read counts as activity.
 */
export function armTurn(chat: TurnLimitOptions, call: TurnDeadlineOptions | undefined, onExpire: (error: AgentChatError) => void) {
  const deadlines = startDeadlines(
    { timeout: call?.timeout ?? chat.timeout, idleTimeout: call?.idleTimeout ?? chat.idleTimeout },
    onExpire,
  );
  return {
    deadlines,
    stream: { maxDepth: chat.maxDepth, maxFrameBytes: chat.maxFrameBytes, onRead: deadlines.touch },
  };
}
