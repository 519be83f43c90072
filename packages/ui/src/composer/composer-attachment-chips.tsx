import { forwardRef, type HTMLAttributes } from 'react';
import { hostOf, Slot } from '../parts/slot.js';
import type { AsChildProps } from '../parts/part-button.js';
import { cx } from '../util/class-names.js';
import { FileIcon, RemoveIcon } from './composer-icons.js';
import type { PendingAttachment } from './composer-attachments.js';
import type { AgentChatLabels } from '../labels/labels.js';

/** Props of {@link ComposerAttachmentChips}. */
export interface ComposerAttachmentChipsProps extends HTMLAttributes<HTMLUListElement>, AsChildProps {
  items: readonly PendingAttachment[];
  onRemove: (id: string) => void;
  labels: AgentChatLabels;
}

/** The files waiting to be sent: a thumbnail (or a file icon), the name, the size, and a button that removes it. */
export const ComposerAttachmentChips = forwardRef<HTMLUListElement, ComposerAttachmentChipsProps>(function ComposerAttachmentChips({ items, onRemove, labels, asChild, className, children, ...rest }, ref) {
  const host = hostOf(asChild, children);
  const chips = (
    <>
      {items.map(({ id, file, previewUrl }) => (
        <li key={id} className="acu-composer__attachment" data-kind={file.type.startsWith('image/') ? 'image' : 'file'}>
          {previewUrl ? <img className="acu-composer__thumbnail" src={previewUrl} alt="" /> : <span className="acu-composer__file-icon"><FileIcon /></span>}
          <span className="acu-composer__attachment-text">
            <span className="acu-composer__attachment-name">{file.name}</span>
            <span className="acu-composer__attachment-size">{labels.fileSize(file.size)}</span>
          </span>
          <button type="button" className="acu-composer__remove" aria-label={labels.removeAttachment(file.name)} title={labels.removeAttachment(file.name)} onClick={() => onRemove(id)}>
            <RemoveIcon />
          </button>
        </li>
      ))}
    </>
  );
  const props = { 'aria-label': labels.attachments, ...rest, className: cx('acu-composer__attachments', className) };
  // With `asChild` the app's list element holds the chips.
  return host ? <Slot {...props} ref={ref}>{host.wrap(chips)}</Slot> : <ul {...props} ref={ref}>{chips}</ul>;
});
