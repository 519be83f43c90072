import type { Message, Part, TurnRequest } from './core-api.js';

/**
 * What a replay compares between a turn's request and the recorded one: what the user said and attached, and every
 * answer the request carries (interrupt answers, client tool results), by tool name and output. Ids, refs, timestamps,
 * the history's message ids and the session are left out: they differ from run to run.
 */
export interface RequestShape {
  /** The user message's text, or null for a turn without one (answers only, a regenerate). */
  text: string | null;
  /** The user message's attachments: content type and name. */
  attachments: string[];
  /** Interrupt answers and client tool results: `name → output`. */
  answers: Array<{ name: string; output: unknown }>;
}

const attachmentOf = (part: Part): string | null => {
  if (!('media' in part) || !part.media) return null;
  const file = part.metadata?.filename ?? part.metadata?.name;
  const name = typeof file === 'string' ? ` ${file}` : '';
  return `${part.media.contentType ?? 'media'}${name}`;
};

/** The client tool results a request carries: the tool messages at the end of its history (after the last model message). */
function trailingToolAnswers(history: readonly Message[]): Array<{ name: string; output: unknown }> {
  const answers: Array<{ name: string; output: unknown }> = [];
  for (let index = history.length - 1; index >= 0 && history[index]!.role === 'tool'; index--) {
    for (const part of history[index]!.content) if ('toolResponse' in part && part.toolResponse) answers.unshift({ name: part.toolResponse.name, output: part.toolResponse.output });
  }
  return answers;
}

/** The {@link RequestShape} of a turn request. */
export function requestShape(request: TurnRequest): RequestShape {
  const message = request.input.message;
  const content = message?.content ?? [];
  const text = message ? content.flatMap((part) => ('text' in part && typeof part.text === 'string' ? [part.text] : [])).join('') : null;
  const respond = request.input.resume?.respond ?? [];
  return {
    text,
    attachments: content.map(attachmentOf).filter((name): name is string => name !== null),
    answers: [...respond.map((part) => ({ name: part.toolResponse.name, output: part.toolResponse.output })), ...(message ? [] : trailingToolAnswers(request.history ?? []))],
  };
}

/** Deep equality of JSON values (key order ignored). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return keysA.length === keysB.length && keysA.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** True when two requests ask the same (see {@link RequestShape}). */
export function sameRequest(a: RequestShape, b: RequestShape): boolean {
  return sameJson(a, b);
}

/** A request shape in words, for an error message: `"report"`, `answers confirmClearAll: false`, `"hi" + image/png`. */
export function describeRequest(shape: RequestShape): string {
  const words: string[] = [];
  if (shape.text !== null) words.push(JSON.stringify(shape.text));
  if (shape.attachments.length) words.push(`attachments ${shape.attachments.join(', ')}`);
  if (shape.answers.length) words.push(`answers ${shape.answers.map((answer) => `${answer.name}: ${JSON.stringify(answer.output)}`).join(', ')}`);
  return words.join(' + ') || 'an empty turn';
}
