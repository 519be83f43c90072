import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLabels } from '../labels/labels.js';

/** The inline editor of a user message: Enter sends, Shift+Enter adds a line, Escape cancels. */
export function MessageEditor({ text, onSubmit, onCancel }: { text: string; onSubmit: (text: string) => void; onCancel: () => void }) {
  const labels = useLabels();
  const [value, setValue] = useState(text);
  const field = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  // The message being edited hides its text (`.acu-message[data-editing] > .acu-message__body`), before the editor's
  // first paint. An attribute, not `.acu-message:has(.acu-message-editor)`: a `:has()` on a message makes the browser
  // re-check the whole message for every node a streamed token inserts into it.
  useLayoutEffect(() => {
    const message = form.current?.closest('.acu-message');
    if (!message) return;
    message.setAttribute('data-editing', '');
    return () => message.removeAttribute('data-editing');
  }, []);
  const submit = () => (value.trim() ? onSubmit(value) : onCancel());
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form ref={form} className="acu-message-editor" onSubmit={(event) => (event.preventDefault(), submit())}>
      <textarea
        ref={field}
        className="acu-message-editor__input"
        aria-label={labels.editMessage}
        value={value}
        rows={Math.min(8, Math.max(2, value.split('\n').length))}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <div className="acu-message-editor__buttons">
        <button type="submit" className="acu-button" data-action="save">{labels.saveEdit}</button>
        <button type="button" className="acu-button" data-action="cancel" onClick={onCancel}>{labels.cancelEdit}</button>
      </div>
    </form>
  );
}
