/** The AG-UI events both AG-UI routes write from a Genkit session: interrupts, artifacts, tool output text. */
import { randomUUID } from 'node:crypto';
import { EventType, type AGUIEvent, type Interrupt } from '@ag-ui/core';
import type { Artifact, ToolRequestPart } from 'genkit/beta';
import { interruptIdOf } from '../bridge.js';
import { interruptPromptOf, isRecord } from '../runtime.js';
import { subAgentAsks } from '../sub-agent.js';

/** The headers of an AG-UI event stream. */
export const AGUI_STREAM_HEADERS = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' };

/** An open Genkit interrupt as an AG-UI Interrupt: id and toolCallId = its ref, message = input.question when text. */
export function toAguiInterrupt(part: ToolRequestPart): Interrupt {
  const { name, input } = part.toolRequest;
  const question = isRecord(input) ? input.question : undefined;
  const prompt = interruptPromptOf(part);
  return {
    id: interruptIdOf(part),
    reason: 'input_required',
    toolCallId: interruptIdOf(part),
    ...(typeof question === 'string' && { message: question }),
    metadata: { ...prompt, toolName: name, input: input ?? null },
  };
}

/** The `subagentRunId` of the run at `path` (the refs of the tool calls it nests in): stable across reads of a turn. */
export const aguiSubagentRunId = (path: readonly string[]) => `subagent:${path.join('/')}`;

/**
 * The AG-UI interrupts an open Genkit interrupt is asked as: itself, or, for a call that waits because its sub-agent
 * asked (sub-agent.ts askedBy), the sub-agent's questions, attributed to its run (`subagentRunId`).
 */
export function aguiInterruptsOf(part: ToolRequestPart): Interrupt[] {
  const asks = subAgentAsks(part);
  if (asks.length === 0) return [toAguiInterrupt(part)];
  const subagentRunId = aguiSubagentRunId([interruptIdOf(part)]);
  return asks.map((ask) => ({ ...toAguiInterrupt(ask), subagentRunId }));
}

/** An artifact as the AG-UI ACTIVITY_SNAPSHOT this route streams (a revision replaces it by messageId). */
export function artifactActivity(threadId: string, artifact: Artifact): AGUIEvent {
  return {
    type: EventType.ACTIVITY_SNAPSHOT,
    messageId: `artifact:${threadId}:${artifact.name ?? randomUUID()}`,
    activityType: 'artifact',
    content: { ...artifact },
    replace: true,
  };
}

/** A tool output as the text AG-UI carries: a string as it is, anything else as JSON. */
export const jsonText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? null));
