/**
 * Client-side tools over AG-UI: the run declares them in `tools`; the agent asks for one with a Genkit interrupt, which
 * the route sends as a plain tool call; the next run answers it with a `tool` message (toolCallId = the interrupt's ref).
 */
import type { Message, RunAgentInput } from '@ag-ui/core';
import type { ToolRequestPart, ToolResponsePart } from 'genkit/beta';
import { interruptIdOf } from '../bridge.js';

/** The tools the run declares: the client-side tools the browser runs. */
export const declaredTools = (input: RunAgentInput): Set<string> => new Set((input.tools ?? []).map((tool) => tool.name));

/** The `tool` messages at the end of the run, by toolCallId: a client's answers to the tool calls of the run before. */
export function trailingToolMessages(messages: readonly Message[]): Map<string, string> {
  const answers = new Map<string, string>();
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message?.role !== 'tool') break;
    const { content } = message;
    answers.set(message.toolCallId, typeof content === 'string' ? content : content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join(''));
  }
  return answers;
}

/** A tool message's content as the tool's output: JSON objects and arrays parsed, anything else as the text it is. */
export function toolOutput(content: string): unknown {
  if (!/^\s*[[{]/.test(content)) return content;
  try {
    return JSON.parse(content);
  } catch {
    return content;
  }
}

/** The answers the tool messages give to open interrupts of declared client-side tools. */
export function clientToolAnswers(open: readonly ToolRequestPart[], declared: ReadonlySet<string>, messages: ReadonlyMap<string, string>): ToolResponsePart[] {
  const answers: ToolResponsePart[] = [];
  for (const part of open) {
    const { name, ref } = part.toolRequest;
    const content = declared.has(name) ? messages.get(interruptIdOf(part)) : undefined;
    if (content !== undefined) answers.push({ toolResponse: { name, ...(ref !== undefined && { ref }), output: toolOutput(content) } });
  }
  return answers;
}
