import { forwardRef, type HTMLAttributes } from 'react';
import { cx } from '../util/class-names.js';
import { FileIcon, RemoveIcon } from './composer-icons.js';
import type { PendingAttachment } from './composer-attachments.js';
import type { AgentChatLabels } from '../labels/labels.js';

/** Props of {@link ComposerAttachmentChips}. */
export interface ComposerAttachmentChipsProps extends HTMLAttributes<HTMLUListElement> {
  items: readonly PendingAttachment[];
  onRemove: (id: string) => void;
  labels: AgentChatLabels;
}

/** The files waiting to be sent: a thumbnail (or a file icon), the name, the size, and a button that removes it. */
export const ComposerAttachmentChips = forwardRef<HTMLUListElement, ComposerAttachmentChipsProps>(function ComposerAttachmentChips({ items, onRemove, labels, className, ...rest }, ref) {
  return (
    <ul aria-label={labels.attachments} {...rest} ref={ref} className={cx('acu-composer__attachments', className)}>
      {items.map(({ id, file, previewUrl }) => (
        <li key={id} className="acu-composer__attachment" data-state={file.type.startsWith('image/') ? 'image' : 'file'}>
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
    </ul>
  );
});
