import { AgentChatError } from '../model/error.js';
import type { AgentEvent, DecodedFrame } from '../model/events.js';
import type { SnapshotInfo, SnapshotQuery } from '../model/session.js';
import type { StopTarget, Transport, TurnRequest } from './transport.js';

/** One scripted turn: its events, or a function of the request giving them (sync or async). */
export type ScriptedTurn = AgentEvent[] | ((request: TurnRequest) => AgentEvent[] | AsyncIterable<AgentEvent>);

/** Options for {@link scriptedTransport}. */
export interface ScriptedTransportOptions {
  /** Pause between batches, in ms (0: as fast as possible, still one macrotask per batch). Default 0. */
  delayMs?: number;
  /** Events delivered per batch (one store update each). Default 1. */
  batchSize?: number;
  /** Start over at the first turn when the script runs out. Default false. */
  loop?: boolean;
  /** Snapshots `getSnapshot` answers with, by snapshot id or session id. */
  snapshots?: Record<string, SnapshotInfo>;
}

/** A scripted transport also records what it was asked. */
export interface ScriptedTransport extends Transport {
  readonly requests: TurnRequest[];
  readonly stops: StopTarget[];
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

async function* eventsOf(turn: ScriptedTurn, request: TurnRequest): AsyncIterable<AgentEvent> {
  const events = typeof turn === 'function' ? turn(request) : turn;
  if (Symbol.asyncIterator in events) yield* events as AsyncIterable<AgentEvent>;
  else yield* events as AgentEvent[];
}

/** An in-memory, deterministic transport that plays scripted turns: for tests, stories and demos. */
export function scriptedTransport(turns: ScriptedTurn[], options: ScriptedTransportOptions = {}): ScriptedTransport {
  const requests: TurnRequest[] = [];
  const stops: StopTarget[] = [];
  const batchSize = Math.max(1, options.batchSize ?? 1);
  let next = 0;
  const transport: ScriptedTransport = {
    name: 'scripted',
    requests,
    stops,
    async *run(request, signal): AsyncGenerator<DecodedFrame[]> {
      requests.push(request);
      if (next >= turns.length && options.loop) next = 0;
      const turn = turns[next++];
      if (!turn) throw new AgentChatError('unsupported', `The script has no turn ${next}.`);
      let batch: DecodedFrame[] = [];
      for await (const event of eventsOf(turn, request)) {
        batch.push({ raw: event, events: [event] });
        if (batch.length >= batchSize) {
          await wait(options.delayMs ?? 0, signal);
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) {
        await wait(options.delayMs ?? 0, signal);
        yield batch;
      }
    },
    async stop(target) {
      stops.push(target);
    },
  };
  if (options.snapshots) {
    const snapshots = options.snapshots;
    transport.getSnapshot = async (query: SnapshotQuery) => {
      const key = 'snapshotId' in query ? query.snapshotId : query.sessionId;
      const found = snapshots[key];
      if (!found) throw new AgentChatError('not-found', `Snapshot '${key}' not found.`, { status: 404, serverStatus: 'NOT_FOUND' });
      return found;
    };
  }
  return transport;
}
