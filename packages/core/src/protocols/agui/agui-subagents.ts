import type { AgentEvent } from '../../model/events.js';
import type { ToolRequestPart } from '../../model/part.js';
import { usageOf } from '../../wire/decoder-helpers.js';
import { isRecord, stringOr } from '../../util/guards.js';
import { createAguiStreamState, type AguiStreamState } from './agui-stream-state.js';

/** One subagent invocation of the run: where its events go (`within`), and its own message stream state. */
interface AguiSubagent {
  within: readonly string[];
  state: AguiStreamState;
}

/** Stream-state events a subagent's `subagentRunId` attributes to it (its messages, reasoning and tool calls). */
const ATTRIBUTED = /^(TEXT_MESSAGE|REASONING|TOOL_CALL)_/;

/** The events, each placed in the run `within` names. */
const placed = (events: readonly AgentEvent[], within: readonly string[]): AgentEvent[] =>
  events.map((event) => ({ ...event, within }) as AgentEvent);

/**
 * AG-UI's subagents (1.0): SUBAGENT_STARTED opens an invocation under the tool call that spawned it
 * (`parentToolCallId`, inside its parent's invocation for `parentSubagentRunId`); the text, reasoning and tool-call
 * events carrying its `subagentRunId` stream into that run, decoded as the parent's are; SUBAGENT_FINISHED (outcome
 * `suspended`: waiting on an interrupt) and SUBAGENT_ERROR end it. A subagent without a spawning tool call gets a
 * call of its own, named after it. An invocation never announced is opened at its first event.
 */
export function createAguiSubagents() {
  const runs = new Map<string, AguiSubagent>();

  function open(runId: string, value: Record<string, unknown>, events: AgentEvent[]): AguiSubagent {
    const parent = runs.get(stringOr(value.parentSubagentRunId) ?? '');
    const callId = stringOr(value.parentToolCallId);
    const within = [...(parent?.within ?? []), callId ?? `subagent:${runId}`];
    const run: AguiSubagent = { within, state: createAguiStreamState([]) };
    runs.set(runId, run);
    const agent = stringOr(value.name);
    events.push({ type: 'sub-agent-start', within, runId, ...(agent !== undefined ? { agent } : {}), ...(callId === undefined ? { name: agent ?? 'agent' } : {}) });
    return run;
  }

  function finish(runId: string, value: Record<string, unknown>, failed: boolean, events: AgentEvent[]): void {
    const run = runs.get(runId) ?? open(runId, value, events);
    const own: AgentEvent[] = [];
    run.state.closeLanes(own, value, true);
    run.state.completeAll(own);
    events.push(...placed(own, run.within));
    const outcome = isRecord(value.outcome) ? value.outcome.type : undefined;
    const status = failed ? 'failed' : outcome === 'suspended' ? 'interrupted' : 'done';
    const error = failed ? stringOr(value.message) ?? 'The subagent failed.' : undefined;
    events.push({ type: 'sub-agent-end', within: run.within, status, ...(error !== undefined ? { error } : {}) });
  }

  return {
    /** Decodes a subagent's lifecycle event or an event it produced; false for the parent agent's own events. */
    handle(type: string, value: Record<string, unknown>, events: AgentEvent[]): boolean {
      const runId = stringOr(value.subagentRunId);
      if (runId === undefined) return false;
      if (type === 'SUBAGENT_STARTED') {
        if (!runs.has(runId)) open(runId, value, events);
        return true;
      }
      if (type === 'SUBAGENT_FINISHED' || type === 'SUBAGENT_ERROR') {
        finish(runId, value, type === 'SUBAGENT_ERROR', events);
        return true;
      }
      const usage = type === 'CUSTOM' && value.name === 'usage' ? usageOf(value.value) : undefined;
      if (!ATTRIBUTED.test(type) && !usage) return false; // state, steps, activities: the run's, as before
      const run = runs.get(runId) ?? open(runId, {}, events);
      const own: AgentEvent[] = [];
      if (usage) own.push({ type: 'usage', usage });
      else run.state.handle(type, value, own);
      events.push(...placed(own, run.within));
      return true;
    },

    /**
     * MESSAGES_SNAPSHOT: the messages attributed to an announced subagent (`subagentRunId`) go into its run, as the
     * snapshot of its own stream; the others are returned for the parent agent's.
     */
    snapshot(value: Record<string, unknown>, events: AgentEvent[]): Record<string, unknown> {
      if (runs.size === 0 || !Array.isArray(value.messages)) return value;
      const byRun = new Map<AguiSubagent, unknown[]>();
      const own: unknown[] = [];
      for (const message of value.messages) {
        const run = isRecord(message) ? runs.get(stringOr(message.subagentRunId) ?? '') : undefined;
        let list = run && byRun.get(run);
        if (run && !list) byRun.set(run, (list = []));
        (list ?? own).push(message);
      }
      for (const [run, messages] of byRun) {
        const nested: AgentEvent[] = [];
        run.state.handle('MESSAGES_SNAPSHOT', { ...value, messages }, nested);
        events.push(...placed(nested, run.within));
      }
      return byRun.size === 0 ? value : { ...value, messages: own };
    },

    /** An interrupt a subagent raised (it carries its `subagentRunId`), as a tool request in that run; else undefined. */
    interruptOf(interrupt: Record<string, unknown>): { part: ToolRequestPart; within: readonly string[] } | undefined {
      const run = runs.get(stringOr(interrupt.subagentRunId) ?? '');
      const part = run?.state.interruptPart(interrupt);
      return run && part ? { part, within: run.within } : undefined;
    },

    /** At the run's end: what the subagents streamed is closed (and completed, unless the run was cancelled). */
    closeAll(events: AgentEvent[], source: unknown, settle: boolean): void {
      for (const run of runs.values()) {
        const own: AgentEvent[] = [];
        run.state.closeLanes(own, source, settle);
        if (settle) run.state.completeAll(own);
        events.push(...placed(own, run.within));
      }
    },
  };
}
