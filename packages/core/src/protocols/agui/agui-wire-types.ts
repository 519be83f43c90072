// AG-UI 1.0 wire shapes, declared here so that the core has no dependency on @ag-ui/*.

/** Where a media part's bytes are: inline (base64) or at a URL. */
export type AguiPartSource = { type: 'data'; value: string; mimeType: string } | { type: 'url'; value: string; mimeType?: string };
/** One part of a user or tool message body. */
export type AguiContentPart =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio' | 'video' | 'document'; source: AguiPartSource; metadata?: Record<string, unknown> };
/** A call an assistant message made; `arguments` is JSON text. */
export interface AguiToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}
/** The AG-UI messages this dialect sends. */
export type AguiMessage =
  | { id: string; role: 'user'; content: string | AguiContentPart[] }
  | { id: string; role: 'system'; content: string }
  | { id: string; role: 'assistant'; content?: string; toolCalls?: AguiToolCall[] }
  | { id: string; role: 'tool'; content: string; toolCallId: string };
/** An answer to one interrupt, by its id. */
export interface AguiResumeEntry {
  interruptId: string;
  status: 'resolved' | 'cancelled';
  payload?: unknown;
}
/** The body of one AG-UI run: `RunAgentInput`. */
export interface AguiRunAgentInput {
  threadId: string;
  runId: string;
  protocolVersion: string;
  messages: AguiMessage[];
  tools: unknown[];
  context: unknown[];
  state: unknown;
  forwardedProps: Record<string, unknown>;
  resume?: AguiResumeEntry[];
}
