import { createContext, useContext, useCallback, type RefObject } from 'react';

/**
 * Where the nearest composer's text field is, so the parts that take focus away (a suggestion, a dialog answer,
 * "Branch here", a new chat) can give it back. `AgentChatView` provides it; a `Composer` fills it.
 */
export const ComposerFocusContext = createContext<RefObject<HTMLTextAreaElement | null> | null>(null);

/** A function that moves focus to the nearest composer's text field (a no-op when there is none). */
export function useFocusComposer(): () => void {
  const fieldRef = useContext(ComposerFocusContext);
  return useCallback(() => {
    // After React's commit: the answer or branch re-enables the field, in this update or (under load, through the
    // frame scheduler) a few frames later; a disabled field cannot take the focus, so wait for it a little.
    const focus = (frames: number) =>
      requestAnimationFrame(() => {
        const field = fieldRef?.current;
        if (field && field.disabled && frames > 0) focus(frames - 1);
        else field?.focus();
      });
    focus(30);
  }, [fieldRef]);
}
