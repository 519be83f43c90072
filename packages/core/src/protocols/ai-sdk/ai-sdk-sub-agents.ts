import type { AgentEvent } from '../../model/events.js';
import type { Role } from '../../model/message.js';
import type { Part } from '../../model/part.js';
import { isRecord, stringOr } from '../../util/guards.js';

/** What a sub-agent's run needs of a stream state: the same one the response itself streams into. */
export interface NestedStreamState {
  streamText(events: AgentEvent[], kind: 'text' | 'reasoning', delta: string, source: unknown): void;
  toolChunk(events: AgentEvent[], chunk: Record<string, unknown>, type: string): void;
  readonly assembled: ReadonlyMap<string, { role: Role; content: Part[] }>;
}

/** An assistant UI message, as an agent used as a tool yields it (`readUIMessageStream`): the run so far. */
interface UiMessage {
  id?: string;
  parts: Array<Record<string, unknown>>;
  metadata?: unknown;
}

/** True for a tool output that is a UI message: the tool ran an agent and streams its run. */
export function isUiMessageOutput(value: unknown): value is UiMessage {
  return isRecord(value) && value.role === 'assistant' && Array.isArray(value.parts) && value.parts.every(isRecord);
}

/** What was seen of one part of the sub-agent's message: its text length, or its tool call's state. */
type Seen = { kind: 'text'; length: number } | { kind: 'tool'; state: string };

interface Run {
  state: NestedStreamState;
  seen: (Seen | undefined)[];
  ended: boolean;
}

/** The chunk the AI SDK streams for a tool part of `state` (undefined: none; preliminary outputs are always new). */
function toolChunkOf(part: Record<string, unknown>, state: string): { type: string; chunk: Record<string, unknown> } | undefined {
  const toolCallId = part.toolCallId;
  const type = String(part.type);
  const toolName = type === 'dynamic-tool' ? part.toolName : type.slice('tool-'.length);
  const base = { toolCallId, toolName, ...(type === 'dynamic-tool' ? { dynamic: true } : {}) };
  switch (state) {
    case 'input-streaming': return { type: 'tool-input-start', chunk: base };
    case 'input-available': return { type: 'tool-input-available', chunk: { ...base, input: part.input } };
    case 'approval-requested': return { type: 'tool-approval-request', chunk: { toolCallId, approvalId: isRecord(part.approval) ? part.approval.id : undefined } };
    case 'output-available': return { type: 'tool-output-available', chunk: { toolCallId, output: part.output, ...(part.preliminary === true ? { preliminary: true } : {}) } };
    case 'output-error': return { type: 'tool-output-error', chunk: { toolCallId, errorText: part.errorText } };
    case 'output-denied': return { type: 'tool-output-denied', chunk: { toolCallId } };
    default: return undefined;
  }
}

/**
 * The AI SDK's agent used as a tool: the tool's `execute` yields the sub-agent's UI message as it grows, each a
 * preliminary `tool-output-available`; the last, final one is the tool's output. Each output is the whole run so
 * far: what is new since the last one (the text grown, a tool call's new state) becomes the run's events, so a
 * sub-agent costs O(new content) per frame in the store. A sub-agent's own agent-tools nest the same way. A final
 * output that is not a UI message (the tool's own result, as @agent-chat/server sends it) ends the run too.
 */
export function createAiSdkSubAgents(within: readonly string[], createState: (within: readonly string[]) => NestedStreamState) {
  const runs = new Map<string, Run>();

  /** The run's new events, placed in it (events a deeper run placed already keep their place). */
  function place(own: AgentEvent[], path: readonly string[], events: AgentEvent[]): void {
    for (const event of own) events.push('within' in event && event.within ? event : ({ ...event, within: path } as AgentEvent));
  }

  function diffPart(run: Run, part: Record<string, unknown>, index: number, own: AgentEvent[]): void {
    const type = stringOr(part.type) ?? '';
    if (type === 'text' || type === 'reasoning') {
      const text = stringOr(part.text) ?? '';
      const seen = run.seen[index];
      const length = seen?.kind === 'text' ? seen.length : 0;
      if (text.length > length) run.state.streamText(own, type, text.slice(length), part);
      run.seen[index] = { kind: 'text', length: Math.max(length, text.length) };
      return;
    }
    if (!(type.startsWith('tool-') || type === 'dynamic-tool') || typeof part.toolCallId !== 'string') return;
    const state = stringOr(part.state) ?? '';
    const seen = run.seen[index];
    const before = seen?.kind === 'tool' ? seen.state : undefined;
    if (before === state && !(state === 'output-available' && part.preliminary === true)) return;
    // A call first seen past its input still shows its input, then its new state.
    if (before === undefined && state !== 'input-streaming' && state !== 'input-available') {
      const opened = toolChunkOf(part, 'input-available')!;
      run.state.toolChunk(own, opened.chunk, opened.type);
    }
    const next = toolChunkOf(part, state);
    if (next) run.state.toolChunk(own, next.chunk, next.type);
    run.seen[index] = { kind: 'tool', state };
  }

  return {
    /**
     * One output of tool call `toolCallId` that is a UI message: the run's new content; `final`, it ends (its messages
     * complete). `agent`: the tool's name, the closest the AI SDK has to the agent's name.
     */
    output(events: AgentEvent[], toolCallId: string, agent: string, message: UiMessage, final: boolean): void {
      const path = [...within, toolCallId];
      let run = runs.get(toolCallId);
      if (!run) {
        run = { state: createState(path), seen: [], ended: false };
        runs.set(toolCallId, run);
        // The AI SDK names the tool only; a message whose metadata names its agent (`{agent}`) says which one ran.
        const named = isRecord(message.metadata) ? stringOr(message.metadata.agent) : undefined;
        events.push({ type: 'sub-agent-start', within: path, agent: named ?? agent, ...(message.id !== undefined ? { runId: message.id } : {}) });
      }
      if (run.ended) return;
      const own: AgentEvent[] = [];
      message.parts.forEach((part, index) => diffPart(run, part, index, own));
      if (final) {
        run.ended = true;
        for (const [messageKey, { role, content }] of run.state.assembled) own.push({ type: 'message-complete', message: { role, content }, messageKey });
      }
      place(own, path, events);
      if (final) events.push({ type: 'sub-agent-end', within: path, status: 'done' });
    },

    /** The tool's final output is not a UI message (a server that sends the tool's own result): its run ends done. */
    settle(events: AgentEvent[], toolCallId: string): void {
      const run = runs.get(toolCallId);
      if (!run || run.ended) return;
      run.ended = true;
      const path = [...within, toolCallId];
      const own: AgentEvent[] = [];
      for (const [messageKey, { role, content }] of run.state.assembled) own.push({ type: 'message-complete', message: { role, content }, messageKey });
      place(own, path, events);
      events.push({ type: 'sub-agent-end', within: path, status: 'done' });
    },

    /** A tool call that failed or was refused after its sub-agent started: the run ends with it. */
    failed(events: AgentEvent[], toolCallId: string, error: string | undefined): void {
      const run = runs.get(toolCallId);
      if (!run || run.ended) return;
      run.ended = true;
      events.push({ type: 'sub-agent-end', within: [...within, toolCallId], status: 'failed', ...(error !== undefined ? { error } : {}) });
    },
  };
}
