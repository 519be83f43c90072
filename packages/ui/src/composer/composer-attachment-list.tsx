import { ComposerAttachmentChips } from './composer-attachment-chips.js';
import { useComposerContext } from './composer-context.js';

/** The files waiting to be sent, as removable chips (removing one puts the focus back in the field); nothing without files. */
export function ComposerAttachmentList() {
  const composer = useComposerContext('Attachments');
  if (composer.attachments.length === 0) return null;
  return <ComposerAttachmentChips items={composer.attachments} onRemove={composer.removeFile} labels={composer.labels} />;
}
