import { isInterruptPart, isToolRequestPart, isToolResponsePart, type ChatMessage, type Part } from '@agent-chat/core';

// A boolean, not a type guard: a non-interrupt tool request is still a ToolRequestPart.
const waitsForHuman = (part: Part): boolean => isInterruptPart(part);

/** The name of the latest tool call of the current turn that has no response yet, or null. O(turn), not O(history). */
export function runningToolName(messages: readonly ChatMessage[]): string | null {
  const answered = new Set<string>();
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role === 'user') break;
    for (let part = message.content.length - 1; part >= 0; part--) {
      const content = message.content[part]!;
      if (isToolResponsePart(content)) answered.add(content.toolResponse.ref ?? content.toolResponse.name);
      else if (isToolRequestPart(content) && !waitsForHuman(content)) {
        const { name, ref } = content.toolRequest;
        if (!answered.has(ref ?? name)) return name;
      }
    }
  }
  return null;
}
