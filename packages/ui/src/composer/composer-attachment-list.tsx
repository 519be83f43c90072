import { forwardRef, type HTMLAttributes } from 'react';
import { ComposerAttachmentChips } from './composer-attachment-chips.js';
import { useComposerContext } from './composer-context.js';

/**
 * The files waiting to be sent, as removable chips (removing one puts the focus back in the field); nothing without
 * files. Takes the list element's props (`className`, `aria-label`, …) like every part.
 */
export const ComposerAttachmentList = forwardRef<HTMLUListElement, HTMLAttributes<HTMLUListElement>>(function ComposerAttachmentList(props, ref) {
  const composer = useComposerContext('Attachments');
  if (composer.attachments.length === 0) return null;
  return <ComposerAttachmentChips {...props} ref={ref} items={composer.attachments} onRemove={composer.removeFile} labels={composer.labels} />;
});
