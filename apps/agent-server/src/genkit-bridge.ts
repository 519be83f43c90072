/**
 * What the AG-UI and AI SDK routes share: running one turn of the SAME Genkit agent server-side, and reading its
 * stream as a protocol-neutral sequence of bridge events that each route writes in its own protocol.
 *
 * Sessions are Genkit's (server-managed): the protocol's conversation id (AG-UI `threadId`, AI SDK chat `id`) IS the
 * Genkit `sessionId` (after {@link isSafeId}; Genkit starts a new session for an id it does not know). Only the new
 * user message or the interrupt answers are taken from a request; the history comes from the session (its latest
 * state, or the snapshot the request's messages name: fork-point.ts), so the messages a client sends back are not
 * replayed into the agent.
 *
 * Genkit stream → bridge events:
 *   modelChunk role model: text / reasoning parts      text / reasoning {index, delta}
 *   modelChunk role model: toolRequest                 tool-call {index, part}
 *   modelChunk role tool: toolResponse                 tool-result {index, part}
 *   modelChunk role tool: toolRequest + metadata.interrupt   interrupt {part} (a tool-call first when none was seen)
 *   customPatch: a whole-document replace (the first of a turn)   state-snapshot {value}; any other   state-delta
 *   artifact                                           artifact {artifact}
 *   the result                                         the turn's end (see {@link BridgeTurnEnd})
 */
import type { AgentOutput, AgentStreamChunk, Artifact, MessageData, Part, SessionSnapshot, ToolRequestPart, ToolResponsePart } from 'genkit/beta';
import type { RunnableAction } from './genkit-runtime.js';
import { runInTurn, type ClientStateWrite } from './turn-context.js';

export type GenkitFinishReason = NonNullable<AgentOutput['finishReason']>;

/** One JSON Patch operation as Genkit streams it. */
type PatchOperation = NonNullable<AgentStreamChunk['customPatch']>[number];

export type BridgeEvent =
  | { type: 'text'; index: number; delta: string }
  | { type: 'reasoning'; index: number; delta: string }
  | { type: 'tool-call'; index: number; part: ToolRequestPart }
  | { type: 'tool-result'; index: number; part: ToolResponsePart }
  | { type: 'interrupt'; part: ToolRequestPart }
  | { type: 'state-snapshot'; value: unknown }
  | { type: 'state-delta'; patch: PatchOperation[] }
  | { type: 'artifact'; artifact: Artifact };

/** How a turn ended. `interrupts` are the open interrupts of an 'interrupted' turn. */
export interface BridgeTurnEnd {
  finishReason: GenkitFinishReason;
  sessionId: string;
  snapshotId?: string;
  interrupts: ToolRequestPart[];
  error?: { status: string; message: string };
}

/** What a turn is given: a new user message, or answers to the open interrupts. */
export type GenkitTurnInput = { message: MessageData } | { resume: { respond: ToolResponsePart[] } };

export const isInterruptPart = (part: Part): part is ToolRequestPart => !!part.toolRequest && !!part.metadata?.interrupt;

/** The id an interrupt is answered by in AG-UI and the AI SDK: its `ref` (Genkit matches answers by ref), else its name. */
export const interruptIdOf = (part: ToolRequestPart): string => part.toolRequest.ref ?? part.toolRequest.name;

/** A customPatch that replaces the whole document: `[{op: 'replace' | 'add', path: '', value}]`. */
function wholeDocument(patch: PatchOperation[]): { value: unknown } | undefined {
  if (patch.length !== 1) return undefined;
  const [op] = patch as [{ op: string; path: string; value?: unknown }];
  return (op.op === 'replace' || op.op === 'add') && op.path === '' ? { value: op.value } : undefined;
}

/**
 * Translates Genkit stream chunks into bridge events; `end` gives the turn's end from the action's result.
 * Text the model did not stream (a model without streaming) is emitted from the result message at the end.
 */
export function createChunkTranslator() {
  let lastIndex = 0;
  let streamedText = false;
  const calls = new Set<string>();
  const interrupts = new Map<string, ToolRequestPart>();

  function translate(chunk: AgentStreamChunk): BridgeEvent[] {
    const events: BridgeEvent[] = [];
    if (chunk.customPatch) {
      const whole = wholeDocument(chunk.customPatch);
      events.push(whole ? { type: 'state-snapshot', value: whole.value } : { type: 'state-delta', patch: chunk.customPatch });
    }
    if (chunk.artifact) events.push({ type: 'artifact', artifact: chunk.artifact as Artifact });
    const model = chunk.modelChunk;
    if (model) {
      const index = typeof model.index === 'number' ? model.index : lastIndex;
      lastIndex = index;
      for (const part of (model.content ?? []) as Part[]) {
        if (model.role === 'tool' && isInterruptPart(part)) {
          const id = interruptIdOf(part);
          if (!calls.has(id)) {
            calls.add(id);
            events.push({ type: 'tool-call', index, part: { toolRequest: part.toolRequest } });
          }
          interrupts.set(id, part);
          events.push({ type: 'interrupt', part });
        } else if (part.toolRequest) {
          calls.add(interruptIdOf(part as ToolRequestPart));
          events.push({ type: 'tool-call', index, part: part as ToolRequestPart });
        } else if (part.toolResponse) {
          events.push({ type: 'tool-result', index, part: part as ToolResponsePart });
        } else if (typeof part.text === 'string' && part.text !== '') {
          streamedText = true;
          events.push({ type: 'text', index, delta: part.text });
        } else if (typeof part.reasoning === 'string' && part.reasoning !== '') {
          events.push({ type: 'reasoning', index, delta: part.reasoning });
        }
      }
    }
    return events;
  }

  function end(output: AgentOutput, sessionId: string): { events: BridgeEvent[]; end: BridgeTurnEnd } {
    const events: BridgeEvent[] = [];
    const finishReason: GenkitFinishReason = output.finishReason ?? (output.error ? 'failed' : 'stop');
    const content = (output.message?.content ?? []) as Part[];
    if (!streamedText && finishReason !== 'failed' && finishReason !== 'interrupted') {
      const text = content.map((part) => part.text ?? '').join('');
      if (text !== '') events.push({ type: 'text', index: lastIndex + 1, delta: text });
    }
    if (finishReason === 'interrupted') {
      for (const part of content.filter(isInterruptPart)) {
        const id = interruptIdOf(part);
        if (interrupts.has(id)) continue;
        interrupts.set(id, part);
        if (!calls.has(id)) events.push({ type: 'tool-call', index: lastIndex, part: { toolRequest: part.toolRequest } });
        events.push({ type: 'interrupt', part });
      }
    }
    const turnEnd: BridgeTurnEnd = {
      finishReason,
      sessionId: output.sessionId ?? sessionId,
      interrupts: finishReason === 'interrupted' ? [...interrupts.values()] : [],
      ...(output.snapshotId !== undefined && { snapshotId: output.snapshotId }),
      ...(output.error && { error: { status: output.error.status ?? 'INTERNAL', message: output.error.message ?? 'The turn failed.' } }),
    };
    return { events, end: turnEnd };
  }

  return { translate, end };
}

interface RunTurnOptions {
  sessionId: string;
  /**
   * The snapshot of the session to run from instead of its latest state (a regenerate, an edit, another line);
   * undefined continues the session. Resolved inside the turn, so that a store failure fails the turn.
   */
  origin?: () => Promise<string | undefined>;
  input: GenkitTurnInput;
  /** The turn's signal (@agent-chat/server): its cancel endpoint, or a non-resumable client going away. */
  signal: AbortSignal;
  /** The client's state write, applied to the session as the turn loads it (client-state.ts). */
  clientState?: ClientStateWrite | undefined;
  onEvent(event: BridgeEvent): void;
}

/**
 * Runs one turn of the agent (through the server's logged action, so it is tracked and logged like /api/agent) and
 * reports it as bridge events. An exception from the action (a bad init, a store failure) ends the turn 'failed'.
 */
export async function runGenkitTurn(action: RunnableAction, options: RunTurnOptions): Promise<BridgeTurnEnd> {
  const translator = createChunkTranslator();
  const { sessionId, signal, onEvent } = options;
  let output: AgentOutput;
  try {
    const snapshotId = await options.origin?.();
    const response = await runInTurn({ signal, requestedSessionId: sessionId, ...(options.clientState && { clientState: options.clientState }) }, () =>
      action.run(options.input, {
        init: { sessionId, ...(snapshotId && { snapshotId }) },
        onChunk: (chunk: AgentStreamChunk) => {
          for (const event of translator.translate(chunk)) onEvent(event);
        },
      }),
    );
    output = response.result as AgentOutput;
  } catch (error) {
    const { status, message } = error as { status?: string; message?: string };
    output = { finishReason: 'failed', error: { status: status ?? 'INTERNAL', message: message ?? String(error) } };
  }
  const { events, end } = translator.end(output, sessionId);
  for (const event of events) onEvent(event);
  return end;
}

/** Reads snapshots: the agent's getSnapshotData action. */
export interface SnapshotReader {
  run(input: unknown, options?: Record<string, unknown>): Promise<{ result: unknown }>;
}

async function readSnapshot(reader: SnapshotReader, query: { sessionId: string } | { snapshotId: string }): Promise<SessionSnapshot | undefined> {
  try {
    return (await reader.run(query)).result as SessionSnapshot | undefined;
  } catch (error) {
    if ((error as { status?: string }).status === 'NOT_FOUND') return undefined;
    throw error;
  }
}

/**
 * The session's last completed snapshot (what Genkit continues from): a failed or aborted turn after it is skipped.
 */
export async function lastCompletedSnapshot(reader: SnapshotReader, sessionId: string): Promise<SessionSnapshot | undefined> {
  let snapshot = await readSnapshot(reader, { sessionId });
  const seen = new Set<string>();
  while (snapshot && snapshot.status !== 'completed' && snapshot.parentId && !seen.has(snapshot.snapshotId)) {
    seen.add(snapshot.snapshotId);
    snapshot = await readSnapshot(reader, { snapshotId: snapshot.parentId });
  }
  return snapshot?.status === 'completed' ? snapshot : undefined;
}

/** The interrupts a snapshot's turn left open: the interrupt parts of its last message when it finished 'interrupted'. */
export function interruptsOf(snapshot: SessionSnapshot | undefined): ToolRequestPart[] {
  if (!snapshot || snapshot.finishReason !== 'interrupted') return [];
  const last = snapshot.state?.messages?.at(-1);
  return ((last?.content ?? []) as Part[]).filter(isInterruptPart);
}

/** The interrupts the session's last completed turn left open (what Genkit resumes from). */
export async function openInterrupts(reader: SnapshotReader, sessionId: string): Promise<ToolRequestPart[]> {
  return interruptsOf(await lastCompletedSnapshot(reader, sessionId));
}

/** A Genkit user message from text and media (the parts both protocols carry). */
export function userMessage(parts: Part[]): MessageData | undefined {
  const content = parts.filter((part) => (typeof part.text === 'string' && part.text !== '') || part.media);
  return content.length > 0 ? { role: 'user', content } : undefined;
}
