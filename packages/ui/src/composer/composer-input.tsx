import { Slot } from '../parts/slot.js';
import { forwardRef, type ClipboardEvent, type KeyboardEvent, type TextareaHTMLAttributes } from 'react';
import { cx } from '../util/class-names.js';
import { composeHandlers, type AsChildProps } from '../parts/part-button.js';
import { useComposerContext } from './composer-context.js';

/** Props of {@link ComposerInput}. */
export interface ComposerInputProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, AsChildProps {}

const sizesItself = () => typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** Grows the field with its text up to its CSS `max-height`, where `field-sizing: content` does not do it already. */
function growToContent(element: HTMLTextAreaElement | null): void {
  if (!element || sizesItself()) return;
  element.style.height = 'auto';
  if (element.scrollHeight > 0) element.style.height = `${element.scrollHeight}px`;
}

/** The text field: Enter sends, Shift+Enter starts a new line, pasted files attach; disabled while an interrupt waits. */
export const ComposerInput = forwardRef<HTMLTextAreaElement, ComposerInputProps>(function ComposerInput(
  { asChild, className, placeholder, onChange, onKeyDown, onPaste, ...rest },
  ref,
) {
  const composer = useComposerContext('Input');
  const { state, labels } = composer;
  const waiting = state === 'disabled';
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while composing (IME) confirms the composition, it does not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    composer.submit();
  };
  const handlePaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = Array.from(event.clipboardData.files);
    if (!composer.canAttach || waiting || pasted.length === 0) return;
    event.preventDefault();
    composer.addFiles(pasted);
  };
  const Element = asChild ? Slot : 'textarea';
  return (
    <Element
      rows={1}
      {...rest}
      ref={(element: HTMLTextAreaElement | null) => {
        composer.inputRef(element);
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
      }}
      id={composer.inputId}
      className={cx('acu-composer__input', className)}
      data-state={state}
      value={composer.text}
      placeholder={waiting ? labels.composerWaitingPlaceholder : (placeholder ?? composer.placeholder ?? labels.composerPlaceholder)}
      disabled={waiting}
      aria-describedby={waiting ? composer.hintId : undefined}
      onChange={composeHandlers(onChange, (event) => {
        composer.setText(event.currentTarget.value);
        growToContent(event.currentTarget);
      })}
      onKeyDown={composeHandlers(onKeyDown, handleKeyDown)}
      onPaste={composeHandlers(onPaste, handlePaste)}
    />
  );
});

/** Puts the field back to one line after sending (where the browser does not size it by its content). */
export function resetFieldHeight(element: HTMLTextAreaElement | null): void {
  if (element) element.style.height = '';
}
