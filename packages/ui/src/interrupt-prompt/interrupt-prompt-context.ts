import { createContext, useContext } from 'react';
import { usePartContext } from '../parts/part-context.js';
import type { InterruptQuestion } from './interrupt-answers.js';
import type { AgentChatLabels } from '../labels/labels.js';

/** What an interrupt's prompt shows of what the agent asks (as `interruptQuestion(part)` reads it). */
export type InlinePrompt = Partial<Pick<InterruptQuestion, 'title' | 'question' | 'destructive' | 'confirmLabel' | 'denyLabel' | 'textAnswer'>>;

/** What the parts of one interrupt prompt share, provided by `InterruptPrompt` (or the confirmation dialog). */
export interface InterruptPromptContextValue {
  /** The prompt's element id prefix (the text field is `${id}-answer`). */
  id: string;
  /** The element ids the parts wire together (the answer group is described by the description). */
  titleId: string;
  descriptionId: string;
  /** The tool's readable name (the title's default, the answer group's name). */
  toolName: string;
  prompt: InlinePrompt | undefined;
  labels: AgentChatLabels;
  /** The text answer typed so far, and whether an answer without one was tried. */
  text: string;
  missing: boolean;
  setText: (text: string) => void;
  /** The prompt can be confirmed (Confirm shows) and denied (Deny shows). */
  canConfirm: boolean;
  deny: (() => void) | undefined;
}

/** The interrupt prompt's shared state. */
export const InterruptPromptContext = createContext<InterruptPromptContextValue | null>(null);

/**
 * The interrupt prompt around the caller — the tool's name, what the agent asks (`prompt`), the text typed, whether it
 * can be confirmed, `deny` — for an app's own parts inside `InterruptPrompt` or the confirmation dialog. Throws outside one.
 */
export function useInterruptPrompt(): InterruptPromptContextValue {
  const value = useContext(InterruptPromptContext);
  if (!value) throw new Error('useInterruptPrompt() must be called inside <InterruptPrompt.Root> or <InterruptConfirmDialog>');
  return value;
}

/** The enclosing `InterruptPrompt`'s state, for its parts. */
export const useInterruptPromptContext = (part: string): InterruptPromptContextValue => usePartContext(InterruptPromptContext, 'InterruptPrompt', part);
