/** A Genkit sub-agent's forwarded stream (sub-agent.ts) as the AI SDK's agent used as a tool. */
import type { UIMessageStreamWriter } from 'ai';
import type { Part } from 'genkit/beta';
import type { SubAgentWire } from '../sub-agent.js';

type UiPart = { type: string } & Record<string, unknown>;

/** The approval id of an interrupt (its ref), as the route names approvals. */
export const approvalIdOf = (ref: string) => `approval-${ref}`;
interface UiMessage {
  id: string;
  role: 'assistant';
  parts: UiPart[];
  /** The sub-agent's name (the AI SDK knows only the tool's): the message metadata is the app's to fill. */
  metadata?: { agent: string };
}

interface Run {
  message: UiMessage;
  /** Where new text of each kind goes: the open part and the sub-agent message (`role:index`) it belongs to. */
  open: { part: UiPart; segment: string } | null;
}

/**
 * Writes sub-agent chunks the way an AI SDK agent used as a tool streams (a tool whose `execute` yields its
 * sub-agent's UI message as it grows): after each chunk, a preliminary `tool-output-available` of the outermost
 * tool call carrying the whole sub-agent message so far. A sub-agent's own sub-agent is the preliminary output of
 * its tool part in that message. The tool's own result ends it (the route writes it as every tool result).
 */
export function createUiSubAgentWriter(writer: Pick<UIMessageStreamWriter, 'write'>) {
  const runs = new Map<string, Run>();
  const keyOf = (path: readonly string[]) => path.join('/');

  function runOf(path: readonly string[], agent?: string): Run {
    const key = keyOf(path);
    let run = runs.get(key);
    if (run) return run;
    run = { message: { id: `subagent:${key}`, role: 'assistant', parts: [], ...(agent !== undefined && { metadata: { agent } }) }, open: null };
    runs.set(key, run);
    // Nested: the run is the (preliminary) output of its tool part in its parent's message.
    const parent = path.length > 1 ? runOf(path.slice(0, -1)) : undefined;
    const call = parent?.message.parts.find((part) => part.toolCallId === path[path.length - 1]);
    if (call) Object.assign(call, { state: 'output-available', output: run.message, preliminary: true });
    return run;
  }

  function append(run: Run, type: 'text' | 'reasoning', text: string, segment: string): void {
    const open = run.open;
    if (open && open.part.type === type && open.segment === segment) {
      open.part.text = `${String(open.part.text)}${text}`;
      return;
    }
    if (open) open.part.state = 'done';
    const part: UiPart = { type, text, state: 'streaming' };
    run.message.parts.push(part);
    run.open = { part, segment };
  }

  return {
    write(wire: SubAgentWire, parts: readonly Part[]): void {
      const run = runOf(wire.path, wire.agent);
      const segment = `${wire.role ?? 'model'}:${wire.index ?? 0}`;
      for (const part of parts) {
        if (typeof part.text === 'string' && part.text !== '') append(run, 'text', part.text, segment);
        else if (typeof part.reasoning === 'string' && part.reasoning !== '') append(run, 'reasoning', part.reasoning, segment);
        else if (part.toolRequest) {
          const { name, ref, input } = part.toolRequest;
          // A call streamed again (an interrupt's tool-phase chunk repeats it) keeps its one part.
          if (run.message.parts.some((candidate) => candidate.toolCallId === (ref ?? name))) continue;
          if (run.open) run.open.part.state = 'done';
          run.open = null;
          run.message.parts.push({ type: `tool-${name}`, toolCallId: ref ?? name, state: 'input-available', input: input ?? {} });
        } else if (part.toolResponse) {
          const { name, ref, output } = part.toolResponse;
          const call = run.message.parts.find((candidate) => candidate.toolCallId === (ref ?? name));
          if (call) Object.assign(call, { state: 'output-available', output: output ?? null, preliminary: false });
        }
      }
      if (wire.status !== undefined && wire.status !== 'running' && run.open) {
        run.open.part.state = 'done';
        run.open = null;
      }
      // Waiting on its questions: each is a tool part waiting for its approval, as the AI SDK shows one.
      for (const ref of wire.status === 'interrupted' ? wire.asks ?? [] : []) {
        const call = run.message.parts.find((candidate) => candidate.toolCallId === ref);
        if (call) Object.assign(call, { state: 'approval-requested', approval: { id: approvalIdOf(ref) } });
      }
      const root = runOf(wire.path.slice(0, 1));
      // A copy: the stream serializes chunks later, and the message goes on growing.
      writer.write({ type: 'tool-output-available', toolCallId: wire.path[0]!, output: structuredClone(root.message), preliminary: true });
    },
  };
}
