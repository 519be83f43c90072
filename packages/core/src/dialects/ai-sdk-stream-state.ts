import type { AgentEvent } from '../model/events.js';
import type { Message, Role } from '../model/message.js';
import { isToolRequestPart, isToolResponsePart, type Metadata, type Part, type ToolRequestPart, type ToolResponsePart } from '../model/part.js';
import { appendText } from './decoder.js';

/** A message this response streamed into, as the reducer builds it. */
export interface AiSdkAssembled {
  role: Role;
  content: Part[];
}

/** A tool call of this response (or of the history, for its name): its input so far and the message it is in. */
export interface AiSdkCall {
  name: string;
  input?: unknown;
  key?: string;
  metadata?: Metadata;
  inputText?: string;
  textEncoded?: boolean;
}

/** The messages one UI message stream response streamed into, and where new content goes. */
export interface AiSdkStreamState {
  /** The response message's id (`start.messageId`): the base of the message keys. */
  messageId: string | undefined;
  /** Which model message of the response content goes to: a tool result ends one. */
  segment: number;
  toolSinceContent: boolean;
  /** `${base}#${segment}`, cached: text deltas ask for it every time. */
  currentKey: string | null;
  /** The messages this response streamed into, in creation order, as the reducer builds them. */
  assembled: Map<string, AiSdkAssembled>;
  calls: Map<string, AiSdkCall>;
  /** Tool calls waiting for an approval: the turn ends 'interrupted' while there are any. */
  openApprovals: Set<string>;
}

/** An empty response that knows the tool calls of `history` by id. */
export function createAiSdkStreamState(history: readonly Message[]): AiSdkStreamState {
  const calls = new Map<string, AiSdkCall>();
  for (const message of history) {
    for (const part of message.content) {
      if (isToolRequestPart(part) && part.toolRequest.ref !== undefined) {
        calls.set(part.toolRequest.ref, { name: part.toolRequest.name, input: part.toolRequest.input });
      }
    }
  }
  return { messageId: undefined, segment: 0, toolSinceContent: false, currentKey: null, assembled: new Map(), calls, openApprovals: new Set() };
}

const base = (state: AiSdkStreamState): string => `ai:${state.messageId ?? 'response'}`;

/** The key of the model message new content goes to; content after a tool result opens the next one. */
export function contentKey(state: AiSdkStreamState): string {
  if (state.toolSinceContent) {
    state.segment++;
    state.toolSinceContent = false;
    state.currentKey = null;
  }
  return (state.currentKey ??= `${base(state)}#${state.segment}`);
}

/** The key of the tool message after the model message holding `call` (the current one for an unknown call). */
export function toolMessageKey(state: AiSdkStreamState, call: AiSdkCall | undefined): string {
  return `${call?.key ?? `${base(state)}#${state.segment}`}:tool`;
}

function record(state: AiSdkStreamState, key: string, role: Role): AiSdkAssembled {
  let message = state.assembled.get(key);
  if (!message) {
    message = { role, content: [] };
    state.assembled.set(key, message);
  }
  return message;
}

/** Same call (same ref and name) replaces, keeping metadata (the interrupt marker) — as the reducer does. */
export function upsertTool(state: AiSdkStreamState, key: string, role: Role, part: ToolRequestPart | ToolResponsePart): void {
  const content = record(state, key, role).content;
  const call = 'toolRequest' in part ? part.toolRequest : part.toolResponse;
  const index = content.findIndex((existing) => {
    const other = 'toolRequest' in part ? (isToolRequestPart(existing) ? existing.toolRequest : undefined) : (isToolResponsePart(existing) ? existing.toolResponse : undefined);
    return other !== undefined && (call.ref !== undefined || other.ref !== undefined) && other.ref === call.ref && other.name === call.name;
  });
  if (index < 0) {
    content.push(part);
    return;
  }
  const previous = content[index]!;
  const metadata = previous.metadata || part.metadata ? { ...previous.metadata, ...part.metadata } : undefined;
  content[index] = metadata ? { ...part, metadata } : part;
}

/** A text-delta or reasoning-delta into the current model message. */
export function streamText(state: AiSdkStreamState, events: AgentEvent[], kind: 'text' | 'reasoning', delta: string, source: unknown): void {
  if (delta === '') return;
  const messageKey = contentKey(state);
  appendText(record(state, messageKey, 'model').content, delta, kind);
  events.push({ type: kind === 'text' ? 'text-delta' : 'reasoning-delta', text: delta, role: 'model', messageKey, source });
}

/** A part-add into the current model message. */
export function addPart(state: AiSdkStreamState, events: AgentEvent[], part: Part, source: unknown): void {
  const messageKey = contentKey(state);
  record(state, messageKey, 'model').content.push(part);
  events.push({ type: 'part-add', part, role: 'model', messageKey, source });
}
