import { cx } from '../util/class-names.js';
import { lazyPart } from '../util/lazy-part.js';
import type { MediaViewProps } from '../media/media-view.js';

// Parts of a message row that a text answer does not need: each a chunk of its own, loaded when a row first shows one
// (the tool row's is tools/lazy-tool-activity.tsx).

/** A media part's name (nothing is fetched) until the media view's chunk is there. */
function PlainMedia({ media, name, className }: MediaViewProps) {
  return <span className={cx('acu-media', className)} data-state="loading">{name ?? media.contentType ?? 'media'}</span>;
}

/** Images, audio, video and files (`MediaView`, with its origin gate and zoom): loaded at the first media part shown. */
export const mediaViewPart = /* @__PURE__ */ lazyPart(() => import('../media/media-view.js'), (module) => module.MediaView, PlainMedia);

const nothing = () => null;
/** The numbered source chips under an answer that cites sources. */
export const messageSourcesPart = /* @__PURE__ */ lazyPart(() => import('./message-sources.js'), (module) => module.MessageSources, nothing);
/** The usage and timing line under an answer (`showUsage`). */
export const messageUsagePart = /* @__PURE__ */ lazyPart(() => import('./message-usage.js'), (module) => module.MessageUsage, nothing);

/** `MessageSources` loaded on demand, for a message that cites sources (nothing until its chunk is there). */
export const LazyMessageSources = messageSourcesPart.Lazy;

/** `MessageUsage` loaded on demand, for a finished answer with usage or timing (nothing until its chunk is there). */
export const LazyMessageUsage = messageUsagePart.Lazy;

/** `MediaView` loaded on demand: the file's name at once, the media when the chunk is there. */
export const LazyMediaView = mediaViewPart.Lazy;
