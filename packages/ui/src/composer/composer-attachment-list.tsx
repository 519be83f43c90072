import { forwardRef, Suspense, useEffect, type HTMLAttributes } from 'react';
import type { AsChildProps } from '../parts/part-button.js';
import { lazyPart } from '../util/lazy-part.js';
import { useComposerContext } from './composer-context.js';

/**
 * The chips of the files waiting to be sent: shown only once a file is attached, so a chunk of their own (not in a
 * first paint), loaded as the list mounts and so there before a file is chosen (nothing shows if it cannot load).
 */
const chipsPart = /* @__PURE__ */ lazyPart(() => import('./composer-attachment-chips.js'), (module) => module.ComposerAttachmentChips, () => null);
const ChipsChunk = chipsPart.Component;

/**
 * The files waiting to be sent, as removable chips (removing one puts the focus back in the field); nothing without
 * files. Takes the list element's props (`className`, `aria-label`, …) like every part; with `asChild`, your one list
 * element holds the chips. No `data-state`; each chip's `data-kind` is `image` or `file`.
 */
export const ComposerAttachmentList = forwardRef<HTMLUListElement, HTMLAttributes<HTMLUListElement> & AsChildProps>(function ComposerAttachmentList(props, ref) {
  const composer = useComposerContext('Attachments');
  useEffect(() => void chipsPart.preload().catch(() => {}), []);
  if (composer.attachments.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ChipsChunk {...props} ref={ref} items={composer.attachments} onRemove={composer.removeFile} labels={composer.labels} />
    </Suspense>
  );
});
