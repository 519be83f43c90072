import type { ArtifactPanelProps } from '../artifacts/artifact-panel.js';
import { cx } from '../util/class-names.js';
import { lazyPart } from '../util/lazy-part.js';

// The parts AgentChatView composes by default that a first paint does not need: each a chunk of its own.

/** The artifact panel's place while its chunk loads (the conversation keeps its width), and if it cannot load. */
function ArtifactPanelPlace({ className }: ArtifactPanelProps) {
  return <section className={cx('acu-artifacts', className)} data-state="loading" aria-busy="true" />;
}

const nothing = () => null;

/** The artifact panel (artifact views, their Markdown and media): loaded when the view may show it. */
export const artifactPanelPart = /* @__PURE__ */ lazyPart(() => import('../artifacts/artifact-panel.js'), (module) => module.ArtifactPanel, ArtifactPanelPlace);
/** The modal interrupt dialog (with its focus trap): loaded when `interruptDialog` is not `'never'`. */
export const interruptDialogPart = /* @__PURE__ */ lazyPart(() => import('../interrupt-prompt/interrupt-confirm-dialog.js'), (module) => module.InterruptConfirmDialog, nothing);
/** Copy, regenerate, edit, versions, retry under each answer: loaded as the view mounts. */
export const messageActionsPart = /* @__PURE__ */ lazyPart(() => import('../message-actions/message-actions.js'), (module) => module.MessageActions, nothing);

/** `ArtifactPanel`, loaded on demand: an empty panel of the same width until it is there. */
export const LazyArtifactPanel = artifactPanelPart.Lazy;

/** `InterruptConfirmDialog`, loaded on demand (the question is asked inline meanwhile). */
export const LazyInterruptDialog = interruptDialogPart.Lazy;

/** `MessageActions`, loaded on demand: a row shows its actions once the chunk is there. */
export const LazyMessageActions = messageActionsPart.Lazy;
