import type { AgentEvent } from '../model/events.js';
import type { ToolRequestPart, ToolResponsePart } from '../model/part.js';
import { parseArguments, toolOutputOf, upsertTool } from './agui-content.js';
import { complete, entryFor, reasoningOnly, type AguiStreamState } from './agui-stream-state.js';
import { stringOr } from './decoder.js';

function emitToolRequest(state: AguiStreamState, key: string, part: ToolRequestPart, source: unknown, events: AgentEvent[]): void {
  const entry = entryFor(state, key, 'model');
  upsertTool(entry.content, part);
  entry.dirty = true;
  events.push({ type: 'tool-request', part, role: 'model', messageKey: key, source });
}

/** Opens tool call `id` as a partial tool request in its parent message, else the model message streamed last. */
export function startTool(state: AguiStreamState, id: string, name: string, parentId: string | undefined, source: unknown, events: AgentEvent[]): void {
  if (state.calls.has(id)) return;
  let key: string;
  if (parentId !== undefined) {
    key = state.keyById.get(parentId) ?? (reasoningOnly(state, state.currentModelKey) ? state.currentModelKey : parentId);
    state.keyById.set(parentId, key);
    const entry = entryFor(state, key, 'model');
    entry.messageId ??= parentId;
  } else {
    key = state.currentModelKey ?? `tool-call:${id}`;
  }
  state.currentModelKey = key;
  state.calls.set(id, { name, args: '', key });
  emitToolRequest(state, key, { toolRequest: { name, ref: id, partial: true } }, source, events);
}

/** Adds argument text to tool call `id`, if it is open. */
export function toolArgs(state: AguiStreamState, id: string, delta: unknown): void {
  const call = state.calls.get(id);
  if (call && typeof delta === 'string') call.args += delta;
}

/** Closes tool call `id`: the whole tool request, with its arguments parsed. */
export function endTool(state: AguiStreamState, id: string, source: unknown, events: AgentEvent[]): void {
  const call = state.calls.get(id);
  if (!call) return;
  call.input = parseArguments(call.args);
  const toolRequest = { name: call.name, ref: id, ...(call.input !== undefined ? { input: call.input } : {}) };
  emitToolRequest(state, call.key, { toolRequest }, source, events);
}

/** TOOL_CALL_RESULT: a tool response in its own tool message, complete on arrival. */
export function toolResult(state: AguiStreamState, value: Record<string, unknown>, events: AgentEvent[]): void {
  const toolCallId = stringOr(value.toolCallId);
  if (toolCallId === undefined) return;
  const name = state.calls.get(toolCallId)?.name ?? state.knownCalls.get(toolCallId)?.name ?? 'tool';
  const messageId = stringOr(value.messageId) ?? `tool-result:${toolCallId}`;
  const key = state.keyById.get(messageId) ?? messageId;
  state.keyById.set(messageId, key);
  const entry = entryFor(state, key, 'tool');
  entry.messageId ??= messageId;
  const part: ToolResponsePart = { toolResponse: { name, ref: toolCallId, output: toolOutputOf(value.content) } };
  upsertTool(entry.content, part);
  entry.dirty = true;
  events.push({ type: 'tool-response', part, role: 'tool', messageKey: key, source: value });
  complete(state, key, events);
}

/** One interrupt of a RUN_FINISHED outcome as a tool request (`ref` = interrupt id), named after its tool call if any. */
export function interruptPart(state: AguiStreamState, interrupt: Record<string, unknown>): ToolRequestPart | undefined {
  const id = stringOr(interrupt.id);
  if (id === undefined) return undefined;
  const toolCallId = stringOr(interrupt.toolCallId);
  const streamed = toolCallId !== undefined ? state.calls.get(toolCallId) : undefined;
  const known = toolCallId !== undefined ? state.knownCalls.get(toolCallId) : undefined;
  const name = streamed?.name ?? known?.name ?? stringOr(interrupt.reason) ?? 'interrupt';
  let input: unknown;
  if (streamed) input = streamed.input ?? parseArguments(streamed.args);
  else if (known) input = known.input;
  else {
    const ask: Record<string, unknown> = {};
    if (interrupt.message !== undefined) ask.message = interrupt.message;
    if (interrupt.responseSchema !== undefined) ask.responseSchema = interrupt.responseSchema;
    if (Object.keys(ask).length > 0) input = ask;
  }
  return { toolRequest: { name, ref: id, ...(input !== undefined ? { input } : {}) }, metadata: { interrupt } };
}
