/** A Genkit sub-agent's forwarded stream (sub-agent.ts) as AG-UI 1.0's subagent events. */
import { EventType, type AGUIEvent } from '@ag-ui/core';
import type { Part } from 'genkit/beta';
import type { SubAgentWire } from '../sub-agent.js';
import { aguiSubagentRunId, jsonText } from './agui-events.js';

interface Run {
  id: string;
  open: { kind: 'text' | 'reasoning'; id: string } | null;
  /** The tool calls written: a call streamed again (an interrupt's tool-phase chunk repeats it) is not. */
  calls: Set<string>;
}

/**
 * Writes sub-agent chunks as AG-UI events: SUBAGENT_STARTED under the tool call that runs it (`parentToolCallId`,
 * `parentSubagentRunId` for a sub-agent's own sub-agent), its text, reasoning and tool calls with its `subagentRunId`,
 * and SUBAGENT_FINISHED (outcome `suspended`, with the ids of its questions, while it waits on them) or SUBAGENT_ERROR at its end. The run id
 * is its path of tool-call refs: one per invocation, the same when the turn is read again.
 */
export function createAguiSubAgentWriter(send: (event: AGUIEvent) => void) {
  const runs = new Map<string, Run>();
  const keyOf = (path: readonly string[]) => path.join('/');

  function start(wire: SubAgentWire): Run {
    const key = keyOf(wire.path);
    let run = runs.get(key);
    if (run) return run;
    run = { id: aguiSubagentRunId(wire.path), open: null, calls: new Set() };
    runs.set(key, run);
    const parent = wire.path.length > 1 ? runs.get(keyOf(wire.path.slice(0, -1))) : undefined;
    send({
      type: EventType.SUBAGENT_STARTED,
      subagentRunId: run.id,
      name: wire.agent ?? 'agent',
      parentToolCallId: wire.path[wire.path.length - 1]!,
      ...(parent && { parentSubagentRunId: parent.id }),
    });
    return run;
  }

  function close(run: Run): void {
    if (!run.open) return;
    const { kind, id } = run.open;
    send(kind === 'text'
      ? { type: EventType.TEXT_MESSAGE_END, messageId: id, subagentRunId: run.id }
      : { type: EventType.REASONING_MESSAGE_END, messageId: id, subagentRunId: run.id });
    run.open = null;
  }

  function stream(run: Run, wire: SubAgentWire, kind: 'text' | 'reasoning', delta: string): void {
    const id = `${run.id}:${wire.role ?? 'model'}:${wire.index ?? 0}${kind === 'reasoning' ? ':reasoning' : ''}`;
    if (run.open?.id !== id) {
      close(run);
      send(kind === 'text'
        ? { type: EventType.TEXT_MESSAGE_START, messageId: id, role: 'assistant', subagentRunId: run.id }
        : { type: EventType.REASONING_MESSAGE_START, messageId: id, role: 'reasoning', subagentRunId: run.id });
      run.open = { kind, id };
    }
    send(kind === 'text'
      ? { type: EventType.TEXT_MESSAGE_CONTENT, messageId: id, delta, subagentRunId: run.id }
      : { type: EventType.REASONING_MESSAGE_CONTENT, messageId: id, delta, subagentRunId: run.id });
  }

  return {
    write(wire: SubAgentWire, parts: readonly Part[]): void {
      const run = start(wire);
      for (const part of parts) {
        if (typeof part.text === 'string' && part.text !== '') stream(run, wire, 'text', part.text);
        else if (typeof part.reasoning === 'string' && part.reasoning !== '') stream(run, wire, 'reasoning', part.reasoning);
        else if (part.toolRequest) {
          const { name, ref, input } = part.toolRequest;
          const toolCallId = ref ?? name;
          if (run.calls.has(toolCallId)) continue;
          run.calls.add(toolCallId);
          close(run);
          send({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: name, subagentRunId: run.id });
          send({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify(input ?? {}), subagentRunId: run.id });
          send({ type: EventType.TOOL_CALL_END, toolCallId, subagentRunId: run.id });
        } else if (part.toolResponse) {
          close(run);
          const { name, ref, output } = part.toolResponse;
          const toolCallId = ref ?? name;
          send({ type: EventType.TOOL_CALL_RESULT, messageId: `${run.id}:result:${toolCallId}`, toolCallId, content: jsonText(output), role: 'tool', subagentRunId: run.id });
        }
      }
      if (wire.status === undefined || wire.status === 'running') return;
      close(run);
      if (wire.status === 'done' || wire.status === 'interrupted') {
        send({ type: EventType.SUBAGENT_FINISHED, subagentRunId: run.id, outcome: wire.status === 'done' ? { type: 'success' } : { type: 'suspended', ...(wire.asks && { interruptIds: wire.asks }) } });
      } else {
        send({ type: EventType.SUBAGENT_ERROR, subagentRunId: run.id, message: wire.error ?? (wire.status === 'aborted' ? 'The sub-agent was stopped.' : 'The sub-agent failed.'), code: wire.status });
      }
    },
  };
}
