import { Suspense } from 'react';
import { cx } from '../util/class-names.js';
import { lazyPart } from '../util/lazy-part.js';
import { useLabels } from '../labels/labels.js';
import type { MediaViewProps } from '../media/media-view.js';
import type { ChatMessage } from '@agent-chat/core';
import type { ToolActivityProps } from '../tools/tool-activity.js';
import type { SubAgentViewProps } from '../sub-agent/sub-agent-view.js';
import { readableToolName } from '../tools/tool-call-status.js';

// Parts of a message row that a text answer does not need: each a chunk of its own, loaded when a row first shows one.

/** A tool call's name and status in words, as the tool row's summary shows them: until its chunk is there. */
function PlainToolActivity({ request, response, state, className }: ToolActivityProps) {
  const labels = useLabels();
  const name = request?.name ?? response?.name ?? labels.roleTool;
  return (
    <div className={cx('acu-tool-row', className)} data-state={state}>
      <div className="acu-tool" data-state={state}>
        <div className="acu-tool__summary">
          <span className="acu-tool__icon" data-state={state} aria-hidden="true" />
          <span className="acu-tool__name" title={name}>{readableToolName(name)}</span>
          <span className="acu-tool__status" data-state={state}>{labels.toolStatus[state]}</span>
        </div>
      </div>
    </div>
  );
}

/** A media part's name (nothing is fetched) until the media view's chunk is there. */
function PlainMedia({ media, name, className }: MediaViewProps) {
  return <span className={cx('acu-media', className)} data-state="loading">{name ?? media.contentType ?? 'media'}</span>;
}

/** The default tool row (`ToolActivity`, with its inline interrupt question): loaded at the first tool call shown. */
export const toolActivityPart = /* @__PURE__ */ lazyPart(() => import('../tools/tool-activity.js'), (module) => module.ToolActivity, PlainToolActivity);
/** Images, audio, video and files (`MediaView`, with its origin gate and zoom): loaded at the first media part shown. */
export const mediaViewPart = /* @__PURE__ */ lazyPart(() => import('../media/media-view.js'), (module) => module.MediaView, PlainMedia);

const nothing = () => null;
/** The numbered source chips under an answer that cites sources. */
export const messageSourcesPart = /* @__PURE__ */ lazyPart(() => import('./message-sources.js'), (module) => module.MessageSources, nothing);
/** The usage and timing line under an answer (`showUsage`). */
export const messageUsagePart = /* @__PURE__ */ lazyPart(() => import('./message-usage.js'), (module) => module.MessageUsage, nothing);

/** A sub-agent's run under its tool call (`SubAgentView`): loaded at the first run shown. */
export const subAgentViewPart = /* @__PURE__ */ lazyPart(() => import('../sub-agent/sub-agent-view.js'), (module) => module.SubAgentView, nothing);

const ToolActivityChunk = toolActivityPart.Component;
const SubAgentViewChunk = subAgentViewPart.Component;

/** `SubAgentView` loaded on demand (nothing until its chunk is there: the tool row above says the call runs). */
export function LazySubAgentView(props: SubAgentViewProps) {
  return (
    <Suspense fallback={null}>
      <SubAgentViewChunk {...props} />
    </Suspense>
  );
}
const MessageSourcesChunk = messageSourcesPart.Component;
const MessageUsageChunk = messageUsagePart.Component;

/** `MessageSources` loaded on demand, for a message that cites sources (nothing until its chunk is there). */
export function LazyMessageSources({ message }: { message: ChatMessage }) {
  return (
    <Suspense fallback={null}>
      <MessageSourcesChunk message={message} />
    </Suspense>
  );
}

/** `MessageUsage` loaded on demand, for a finished answer with usage or timing (nothing until its chunk is there). */
export function LazyMessageUsage({ message }: { message: ChatMessage }) {
  return (
    <Suspense fallback={null}>
      <MessageUsageChunk message={message} />
    </Suspense>
  );
}
const MediaViewChunk = mediaViewPart.Component;

/** `ToolActivity` loaded on demand: the call's name and status at once, its details and buttons when the chunk is there. */
export function LazyToolActivity(props: ToolActivityProps) {
  return (
    <Suspense fallback={<PlainToolActivity {...props} />}>
      <ToolActivityChunk {...props} />
    </Suspense>
  );
}

/** `MediaView` loaded on demand: the file's name at once, the media when the chunk is there. */
export function LazyMediaView(props: MediaViewProps) {
  return (
    <Suspense fallback={<PlainMedia {...props} />}>
      <MediaViewChunk {...props} />
    </Suspense>
  );
}
