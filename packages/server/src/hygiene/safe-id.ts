/** Ids that come from clients and may become file names or keys: checked before any store sees them (the wire contract's ids). */
export { SAFE_ID, isSafeId } from '@agent-chat/core/contract';
