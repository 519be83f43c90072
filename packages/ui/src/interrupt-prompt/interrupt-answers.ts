import type { ToolRequestPart, ToolResponsePart } from '@agent-chat/core';
import { isRecord } from '../util/is-record.js';

type Fields = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** What an interrupt asks (the glossary's "question"), as the prompt and the dialog show it. */
export interface InterruptQuestion {
  /** The title the agent gave (`title`), if any. */
  title: string | undefined;
  /** The question the agent asks (`question`, or AG-UI's `message`), if any. */
  question: string | undefined;
  /** The action cannot be undone (`destructive: true`): the dialog shows it as dangerous. */
  destructive: boolean;
  /** What the confirm button says (`confirmLabel`), e.g. "Clear all tasks". */
  confirmLabel: string | undefined;
  /** What the deny button says (`denyLabel`). */
  denyLabel: string | undefined;
  /** The answer is text (a `responseSchema` of type string): the field's label, if the schema gives one. */
  textAnswer: { label: string | undefined } | null;
  /** The input without the fields shown above, or undefined when nothing is left. */
  details: unknown;
}

/** The fields shown as the prompt itself, left out of the details. */
const PROMPT_FIELDS = new Set(['title', 'question', 'message', 'destructive', 'confirmLabel', 'denyLabel', 'responseSchema']);

/** Where an interrupt's prompt fields come from, weakest first: its input, then what each protocol puts in metadata. */
function sourcesOf(part: ToolRequestPart): Fields[] {
  const { input } = part.toolRequest;
  const metadata = part.metadata ?? {};
  const interrupt = metadata.interrupt;
  return [
    isRecord(input) ? input : {},
    // The AI SDK's `tool-input-available` `title` and `toolMetadata`.
    typeof metadata.title === 'string' ? { title: metadata.title } : {},
    isRecord(metadata.toolMetadata) ? metadata.toolMetadata : {},
    // AG-UI's Interrupt: its own `metadata`, then its `message` and `responseSchema`; Genkit's `requestMetadata`.
    isRecord(interrupt) && isRecord(interrupt.metadata) ? interrupt.metadata : {},
    isRecord(interrupt) ? interrupt : {},
  ];
}

/** A JSON Schema that asks for text (`type: 'string'`, or a type list with it). */
function asksForText(schema: unknown): boolean {
  if (!isRecord(schema)) return false;
  return schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
}

/** Reads what the agent says about one interrupt: its title, question, danger, button labels and the answer it wants. */
export function interruptQuestion(part: ToolRequestPart): InterruptQuestion {
  const fields: Fields = Object.assign({}, ...sourcesOf(part));
  const schema = fields.responseSchema;
  const { input } = part.toolRequest;
  let details: unknown = input;
  if (isRecord(input)) {
    const rest = Object.fromEntries(Object.entries(input).filter(([key]) => !PROMPT_FIELDS.has(key)));
    details = Object.keys(rest).length > 0 ? rest : undefined;
  }
  return {
    title: text(fields.title),
    question: text(fields.question) ?? text(fields.message),
    destructive: fields.destructive === true,
    confirmLabel: text(fields.confirmLabel),
    denyLabel: text(fields.denyLabel),
    textAnswer: asksForText(schema) ? { label: isRecord(schema) ? (text(schema.title) ?? text(schema.description)) : undefined } : null,
    details: details === null ? undefined : details,
  };
}

/** The question an interrupt asks, if the agent gave one. */
export function questionOf(interrupt: ToolRequestPart): string | null {
  return interruptQuestion(interrupt).question ?? null;
}

/**
 * One tool response per pending interrupt, matched by ref and name. Confirm answers `true`, or the typed text for an
 * interrupt that asks for text; Deny answers `false`.
 */
export function interruptResponses(
  interrupts: readonly ToolRequestPart[],
  confirmed: boolean,
  answers: readonly string[] = [],
): ToolResponsePart[] {
  return interrupts.map((interrupt, index) => {
    const { name, ref } = interrupt.toolRequest;
    const output = !confirmed ? false : interruptQuestion(interrupt).textAnswer ? (answers[index] ?? '').trim() : true;
    return { toolResponse: { name, ...(ref !== undefined ? { ref } : {}), output } };
  });
}
