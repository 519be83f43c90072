import type { AgentEvent } from '../../model/events.js';
import type { ToolRequestPart } from '../../model/part.js';
import { stringOr } from '../../util/guards.js';
import { parsePartialJson } from '../../util/partial-json.js';
import { parseArguments, toolOutputOf, toolRequestOf } from './agui-content.js';
import type { AguiMessageMirror } from './agui-message-mirror.js';
import type { AguiMessage } from './agui-wire-types.js';

/** A tool call this run streamed: its argument text so far, and the message it belongs to. */
interface AguiCall {
  name: string;
  args: string;
  key: string;
  input?: unknown;
  /** The partial input last sent (as JSON), while the arguments stream. */
  partial?: string;
}

/** The tool calls of one AG-UI run (streamed into `mirror`), and those the request sent (`sent`), by call id. */
export type AguiToolCalls = ReturnType<typeof createAguiToolCalls>;

export function createAguiToolCalls(mirror: AguiMessageMirror, sent: readonly AguiMessage[]) {
  /** The tool calls the request sent, by call id: names for results of calls from earlier runs. */
  const knownCalls = new Map<string, Omit<AguiCall, 'key'>>();
  for (const message of sent) {
    if (message.role !== 'assistant') continue;
    for (const { id, function: fn } of message.toolCalls ?? []) knownCalls.set(id, { name: fn.name, args: fn.arguments, input: parseArguments(fn.arguments) });
  }
  const calls = new Map<string, AguiCall>();
  /** Tool call `id`: streamed in this run, else sent in the request. */
  const callOf = (id: string | undefined) => (id === undefined ? undefined : calls.get(id) ?? knownCalls.get(id));

  const tools = {
    has: (id: string): boolean => calls.has(id),
    callName: (id: string): string | undefined => callOf(id)?.name,

    /** Opens tool call `id` as a partial tool request in its parent message, else the model message streamed last. */
    start(id: string, name: string, parentId: string | undefined, source: unknown, events: AgentEvent[]): void {
      if (calls.has(id)) return;
      let key: string;
      if (parentId !== undefined) {
        key = mirror.keyFor(parentId, mirror.modelKeyFor(parentId));
        mirror.entryFor(key, 'model').messageId ??= parentId;
      } else {
        key = mirror.currentModelKey ?? `tool-call:${id}`;
      }
      mirror.currentModelKey = key;
      calls.set(id, { name, args: '', key });
      mirror.emitTool(key, 'model', { toolRequest: { name, ref: id, partial: true } }, source, events);
    },

    /**
     * Adds argument text to tool call `id`, if it is open: the partial tool request then carries the input the text
     * stands for so far (best effort, when it changed), as it streams.
     */
    args(id: string, delta: unknown, source: unknown, events: AgentEvent[]): void {
      const call = calls.get(id);
      if (!call || typeof delta !== 'string' || delta === '') return;
      call.args += delta;
      const input = parsePartialJson(call.args);
      const text = JSON.stringify(input);
      if (input === undefined || text === call.partial) return;
      call.partial = text;
      mirror.emitTool(call.key, 'model', { toolRequest: { name: call.name, ref: id, input, partial: true } }, source, events);
    },

    /** Closes tool call `id`: the whole tool request, with its arguments parsed. */
    end(id: string, source: unknown, events: AgentEvent[]): void {
      const call = calls.get(id);
      if (!call) return;
      call.input = parseArguments(call.args);
      mirror.emitTool(call.key, 'model', { toolRequest: toolRequestOf(call.name, id, call.input) }, source, events);
    },

    /** A tool response in its own tool message, complete on arrival. */
    result(toolCallId: string, value: Record<string, unknown>, events: AgentEvent[]): void {
      const id = stringOr(value.messageId) ?? `tool-result:${toolCallId}`;
      const key = mirror.keyFor(id, id);
      mirror.entryFor(key, 'tool').messageId ??= id;
      const output = toolOutputOf(value.content);
      mirror.emitTool(key, 'tool', { toolResponse: { name: tools.callName(toolCallId) ?? 'tool', ref: toolCallId, output } }, value, events);
      mirror.complete(key, events);
    },

    /** One interrupt of a RUN_FINISHED outcome as a tool request (`ref` = interrupt id), named after its tool call if any. */
    interruptPart(interrupt: Record<string, unknown>): ToolRequestPart | undefined {
      const id = stringOr(interrupt.id);
      if (id === undefined) return undefined;
      const call = callOf(stringOr(interrupt.toolCallId));
      let input: unknown;
      if (call) input = call.input ?? parseArguments(call.args);
      else {
        const { message, responseSchema } = interrupt;
        if (message !== undefined || responseSchema !== undefined) {
          input = { ...(message !== undefined ? { message } : {}), ...(responseSchema !== undefined ? { responseSchema } : {}) };
        }
      }
      const name = call?.name ?? stringOr(interrupt.reason) ?? 'interrupt';
      return { toolRequest: toolRequestOf(name, id, input), metadata: { interrupt } };
    },
  };
  return tools;
}
