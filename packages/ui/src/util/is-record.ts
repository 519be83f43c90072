/** A plain JSON object (not null, not an array): how the parts read untyped tool inputs, outputs and custom state (core's one definition). */
export { isRecord } from '@agent-chat/core/wire';
