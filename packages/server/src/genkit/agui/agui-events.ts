/** The AG-UI events both AG-UI routes write from a Genkit session: interrupts, artifacts, tool output text. */
import { randomUUID } from 'node:crypto';
import { EventType, type AGUIEvent, type Interrupt } from '@ag-ui/core';
import type { Artifact, ToolRequestPart } from 'genkit/beta';
import { interruptIdOf } from '../bridge.js';
import { interruptPromptOf, isRecord } from '../runtime.js';

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
