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
 *   model part {custom: {source: {url?, title?, documentId?, mediaType?}}}   source {index, source} (rich-reply.ts)
 *   model part {custom: {suggestions: string[]}}       suggestions {suggestions}
 *   model part {custom: {a2ui: message}}               a2ui {index, message} (an A2UI message; each route carries it its
 *                                                      own way, the kit's clients read it back as the same part)
 *   the result                                         the turn's end (see {@link BridgeTurnEnd}); its usage is the
 *                                                      result's `usage`, else its message's `metadata.usage`
 */
import type { AgentOutput, AgentStreamChunk, Artifact, MessageData, Part, SessionSnapshot, ToolRequestPart, ToolResponsePart } from 'genkit/beta';
import { errorStatusOf, isRecord, runInTurn, type ClientStateWrite, type RunnableAction, type SnapshotReader } from './runtime.js';
import { createSubAgentSink, subAgentWireOf, type SubAgentWire } from './sub-agent.js';

export type { SnapshotReader } from './runtime.js';

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
  | { type: 'artifact'; artifact: Artifact }
  | { type: 'source'; index: number; source: BridgeSource }
  | { type: 'suggestions'; suggestions: string[] }
  | { type: 'a2ui'; index: number; message: unknown }
  /** A chunk of a sub-agent's run (see sub-agent.ts): its parts, and its start or end (`status`). */
  | { type: 'sub-agent'; run: SubAgentWire; parts: Part[] };

/** A cited source as the kit's canonical model has it (Genkit carries it as a `custom.source` part). */
export interface BridgeSource {
  url?: string;
  title?: string;
  documentId?: string;
  mediaType?: string;
}

/** The token counts of a turn (what the result reports, numeric fields only). */
export interface BridgeUsage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
}

/** How a turn ended. `interrupts` are the open interrupts of an 'interrupted' turn. */
export interface BridgeTurnEnd {
  finishReason: GenkitFinishReason;
  sessionId: string;
  snapshotId?: string;
  interrupts: ToolRequestPart[];
  error?: { status: string; message: string };
  usage?: BridgeUsage;
}

/** What a turn is given: a new user message, or answers to the open interrupts (`restart`: calls run again, sub-agent.ts). */
export type GenkitTurnInput = { message: MessageData } | { resume: { respond?: ToolResponsePart[]; restart?: ToolRequestPart[] } };

export const isToolRequestPart = (part: Part): part is ToolRequestPart => !!part.toolRequest;
export const isToolResponsePart = (part: Part): part is ToolResponsePart => !!part.toolResponse;
export const isInterruptPart = (part: Part): part is ToolRequestPart => !!part.toolRequest && !!part.metadata?.interrupt;
/** A message's parts (Genkit types `content` as its Part schema's output; the same parts). */
export const partsOf = (content: readonly Part[] | undefined): Part[] => [...(content ?? [])];
/** A stored snapshot, as the snapshot reader returns it: an object with its `snapshotId`. */
export const isSessionSnapshot = (value: unknown): value is SessionSnapshot => isRecord(value) && typeof value.snapshotId === 'string';
/** A stored snapshot, as the snapshot reader returns it (undefined when there is none). */
export const snapshotOf = (value: unknown): SessionSnapshot | undefined => (isSessionSnapshot(value) ? value : undefined);
/** An agent action's result: the agent's output object. */
const isAgentOutput = (value: unknown): value is AgentOutput => isRecord(value);

/** The id an interrupt is answered by in AG-UI and the AI SDK: its `ref` (Genkit matches answers by ref), else its name. */
export const interruptIdOf = (part: ToolRequestPart): string => part.toolRequest.ref ?? part.toolRequest.name;

/** A customPatch that replaces the whole document: `[{op: 'replace' | 'add', path: '', value}]`. */
function wholeDocument(patch: PatchOperation[]): { value: unknown } | undefined {
  const op = patch[0];
  if (patch.length !== 1 || !op) return undefined;
  return (op.op === 'replace' || op.op === 'add') && op.path === '' ? { value: op.value } : undefined;
}


/** The source a `{custom: {source}}` part cites (its string fields), else undefined. */
function sourceOf(part: Part): BridgeSource | undefined {
  const source = isRecord(part.custom) ? part.custom.source : undefined;
  if (!isRecord(source)) return undefined;
  const fields = (['url', 'title', 'documentId', 'mediaType'] as const).filter((field) => typeof source[field] === 'string' && source[field] !== '');
  return fields.length > 0 ? Object.fromEntries(fields.map((field) => [field, source[field]])) : undefined;
}

/** The prompts a `{custom: {suggestions}}` part offers (its non-empty strings), else undefined. */
function suggestionsOf(part: Part): string[] | undefined {
  const list = isRecord(part.custom) ? part.custom.suggestions : undefined;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string' && item !== '') : undefined;
}

/** The usage a turn's result reports: its `usage`, else its message's `metadata.usage` (token counts only). */
function usageOf(output: AgentOutput): BridgeUsage | undefined {
  const reported = ('usage' in output ? output.usage : undefined) ?? output.message?.metadata?.usage;
  if (!isRecord(reported)) return undefined;
  const fields = (['inputTokens', 'outputTokens', 'totalTokens'] as const).filter((field) => typeof reported[field] === 'number');
  return fields.length > 0 ? Object.fromEntries(fields.map((field) => [field, reported[field]])) : undefined;
}

/** A model part's source or suggestions event, else undefined. */
function customEvent(part: Part, index: number): BridgeEvent | undefined {
  const source = sourceOf(part);
  if (source) return { type: 'source', index, source };
  const suggestions = suggestionsOf(part);
  if (suggestions) return { type: 'suggestions', suggestions };
  return isRecord(part.custom) && 'a2ui' in part.custom ? { type: 'a2ui', index, message: part.custom.a2ui } : undefined;
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
    if (chunk.artifact) events.push({ type: 'artifact', artifact: chunk.artifact });
    const model = chunk.modelChunk;
    const subAgent = model && subAgentWireOf(model);
    if (model && subAgent) events.push({ type: 'sub-agent', run: subAgent, parts: partsOf(model.content) });
    else if (model) {
      const index = typeof model.index === 'number' ? model.index : lastIndex;
      lastIndex = index;
      for (const part of partsOf(model.content)) {
        if (model.role === 'tool' && isInterruptPart(part)) {
          const id = interruptIdOf(part);
          if (!calls.has(id)) {
            calls.add(id);
            events.push({ type: 'tool-call', index, part: { toolRequest: part.toolRequest } });
          }
          interrupts.set(id, part);
          events.push({ type: 'interrupt', part });
        } else if (isToolRequestPart(part)) {
          calls.add(interruptIdOf(part));
          events.push({ type: 'tool-call', index, part });
        } else if (isToolResponsePart(part)) {
          events.push({ type: 'tool-result', index, part });
        } else if (typeof part.text === 'string' && part.text !== '') {
          streamedText = true;
          events.push({ type: 'text', index, delta: part.text });
        } else if (typeof part.reasoning === 'string' && part.reasoning !== '') {
          events.push({ type: 'reasoning', index, delta: part.reasoning });
        } else if (model.role === 'model' && part.custom) {
          const custom = customEvent(part, index);
          if (custom) events.push(custom);
        }
      }
    }
    return events;
  }

  function end(output: AgentOutput, sessionId: string): { events: BridgeEvent[]; end: BridgeTurnEnd } {
    const events: BridgeEvent[] = [];
    const finishReason: GenkitFinishReason = output.finishReason ?? (output.error ? 'failed' : 'stop');
    const content = partsOf(output.message?.content);
    if (!streamedText && finishReason !== 'failed' && finishReason !== 'interrupted') {
      const text = content.map((part) => part.text ?? '').join('');
      if (text !== '') events.push({ type: 'text', index: lastIndex + 1, delta: text });
      for (const part of content) {
        const custom = customEvent(part, lastIndex + 1);
        if (custom) events.push(custom);
      }
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
    const usage = usageOf(output);
    const turnEnd: BridgeTurnEnd = {
      finishReason,
      ...(usage && { usage }),
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
  const write = (chunk: AgentStreamChunk) => {
    for (const event of translator.translate(chunk)) onEvent(event);
  };
  // A sub-agent run in a tool writes its chunks into this turn too (forwardSubAgent).
  const subAgents = createSubAgentSink(write);
  let output: AgentOutput;
  try {
    const snapshotId = await options.origin?.();
    const response = await runInTurn({ signal, requestedSessionId: sessionId, subAgents, ...(options.clientState && { clientState: options.clientState }) }, () =>
      action.run(options.input, {
        init: { sessionId, ...(snapshotId && { snapshotId }) },
        onChunk: (chunk: AgentStreamChunk) => {
          subAgents.observe(chunk);
          write(chunk);
        },
      }),
    );
    output = isAgentOutput(response.result) ? response.result : { finishReason: 'failed', error: { status: 'INTERNAL', message: 'The agent returned no result.' } };
  } catch (error) {
    const { status, message } = errorStatusOf(error);
    output = { finishReason: 'failed', error: { status: status ?? 'INTERNAL', message: message ?? String(error) } };
  }
  const { events, end } = translator.end(output, sessionId);
  for (const event of events) onEvent(event);
  return end;
}


export async function readSnapshot(reader: SnapshotReader, query: { sessionId: string } | { snapshotId: string }): Promise<SessionSnapshot | undefined> {
  try {
    return snapshotOf((await reader.run(query)).result);
  } catch (error) {
    if (errorStatusOf(error).status === 'NOT_FOUND') return undefined;
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
  return partsOf(last?.content).filter(isInterruptPart);
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
