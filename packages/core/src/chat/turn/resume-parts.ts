import { isTextPart, isToolResponsePart, type Part, type ToolRequestPart, type ToolResponsePart } from '../../model/part.js';

function answers(response: ToolResponsePart, request: ToolRequestPart): boolean {
  const call = request.toolRequest;
  const reply = response.toolResponse;
  if (call.ref !== undefined || reply.ref !== undefined) return call.ref === reply.ref;
  return call.name === reply.name;
}

/**
 * Turns the caller's answer into tool responses for the pending interrupts.
 * Tool-response parts are sent as they are; any other parts (a text "confirmed", a data part) answer every
 * interrupt that has no explicit response yet, as its `output`.
 */
export function toResumeResponses(parts: readonly Part[], interrupts: readonly ToolRequestPart[]): ToolResponsePart[] {
  const responses = parts.filter(isToolResponsePart);
  const plain = parts.filter((part) => !isToolResponsePart(part));
  if (plain.length === 0) return responses;
  const output =
    plain.length === 1 && isTextPart(plain[0]!) ? plain[0].text
      : plain.length === 1 && 'data' in plain[0]! ? (plain[0] as { data: unknown }).data
        : plain;
  const result = [...responses];
  for (const interrupt of interrupts) {
    if (responses.some((response) => answers(response, interrupt))) continue;
    const { name, ref } = interrupt.toolRequest;
    result.push({ toolResponse: { name, ...(ref !== undefined ? { ref } : {}), output } });
  }
  return result;
}
