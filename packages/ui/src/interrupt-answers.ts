import type { ToolRequestPart, ToolResponsePart } from '@agent-chat/core';

/** The question an interrupt asks, when its input has a string `question`. */
export function questionOf(interrupt: ToolRequestPart): string | null {
  const input = interrupt.toolRequest.input;
  if (input && typeof input === 'object' && typeof (input as { question?: unknown }).question === 'string') {
    return (input as { question: string }).question;
  }
  return null;
}

/**
 * One tool response per pending interrupt, matched by ref and name. Confirm answers `true`, or the typed text when the
 * interrupt asks a question and text was typed; Deny answers `false`.
 */
export function interruptResponses(
  interrupts: readonly ToolRequestPart[],
  confirmed: boolean,
  answers: readonly string[] = [],
): ToolResponsePart[] {
  return interrupts.map((interrupt, index) => {
    const { name, ref } = interrupt.toolRequest;
    const text = answers[index]?.trim();
    const output = !confirmed ? false : questionOf(interrupt) !== null && text ? text : true;
    return { toolResponse: { name, ...(ref !== undefined ? { ref } : {}), output } };
  });
}
