// Composer: the message box as parts, one name each (`import { Composer } from '@agent-chat/ui'`, `<Composer.Root>`).
// Only re-exports: a server component can import the namespace and dot into it.
/** The form that sends; `data-state` `idle` | `thinking` | `disabled` (an interrupt waits), on the root and every part. */
export { Composer as Root, type ComposerProps as RootProps } from './composer.js';
/** The text field. */
export { ComposerInput as Input, type ComposerInputProps as InputProps } from './composer-input.js';
/** The button that opens the file picker. */
export { ComposerAttach as Attach } from './composer-attach.js';
/** The files waiting to be sent, as removable chips (each chip's `data-kind`: `image` | `file`). */
export { ComposerAttachmentList as Attachments } from './composer-attachment-list.js';
/** The Send button. */
export { ComposerSend as Send } from './composer-send.js';
/** The Stop button (while the agent thinks). */
export { ComposerStop as Stop } from './composer-stop.js';
