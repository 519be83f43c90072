/**
 * Where a tool call stands, as a tool row shows it (`data-state`) and the labels name it (`labels.toolStatus`): the
 * vocabulary the tools, the thinking indicator and the labels share.
 */
export type ToolCallStatus = 'input-streaming' | 'running' | 'waiting' | 'awaiting-answer' | 'done' | 'error' | 'denied' | 'cancelled';
