import { createContext, useContext } from 'react';
import { usePartContext } from '../parts/part-context.js';
import type { PendingAttachment } from './composer-attachments.js';
import type { AgentChatLabels } from '../labels/labels.js';

/** What the composer shows: `thinking` while a turn runs, `disabled` while an interrupt waits for an answer. */
export type ComposerState = 'idle' | 'thinking' | 'disabled';

/** What the parts of one composer share, provided by `Composer`. */
export interface ComposerContextValue {
  state: ComposerState;
  /** The text field's id (its label and hint point at it). */
  inputId: string;
  hintId: string;
  labels: AgentChatLabels;
  placeholder: string | undefined;
  text: string;
  setText: (text: string) => void;
  /** The text or files can be sent now. */
  canSend: boolean;
  /** Sends the text and files (or does nothing when `canSend` is false). */
  submit: () => void;
  /** Stops the running turn and puts the focus back in the field. */
  stop: () => void;
  /** Takes the text field's element: the composer's `ref`, focus after sending, `useFocusComposer`. */
  inputRef: (element: HTMLTextAreaElement | null) => void;
  /** Files may be attached (the composer's `attachments` is not `false`). */
  canAttach: boolean;
  attachments: readonly PendingAttachment[];
  addFiles: (files: File[]) => void;
  removeFile: (id: string) => void;
  /** Opens the file picker. */
  pickFiles: () => void;
}

/** The composer's shared state. */
export const ComposerContext = createContext<ComposerContextValue | null>(null);

/**
 * The composer around the caller — its state (`idle`, `thinking`, `disabled`), text, whether it can send, its files and
 * its actions (`submit`, `stop`, `addFiles`…) — for an app's own parts inside `Composer`. Throws outside one.
 */
export function useComposer(): ComposerContextValue {
  const value = useContext(ComposerContext);
  if (!value) throw new Error('useComposer() must be called inside <Composer.Root>');
  return value;
}

/** The enclosing `Composer`'s state, for its parts. */
export const useComposerContext = (part: string): ComposerContextValue => usePartContext(ComposerContext, 'Composer', part);
