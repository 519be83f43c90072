/** Metadata bag carried by parts, messages and artifacts. */
export type Metadata = Record<string, unknown>;

/** A tool call requested by the model. `ref` pairs it with its response. */
export interface ToolRequest {
  name: string;
  ref?: string;
  input?: unknown;
  partial?: boolean;
}

/** The result of a tool call. */
export interface ToolResponse {
  name: string;
  ref?: string;
  output?: unknown;
}

/** Media referenced by URL (`data:` URLs included). */
export interface Media {
  url: string;
  contentType?: string;
}

interface PartBase {
  metadata?: Metadata;
}

/** Plain text. */
export interface TextPart extends PartBase { text: string }
/** Model reasoning ("thinking") text. */
export interface ReasoningPart extends PartBase { reasoning: string }
/**
 * An image, audio clip or file. A file the user attached carries its name in `metadata.filename`, which every
 * protocol that has a place for it sends (an AI SDK file part's `filename`, an AG-UI part's metadata).
 */
export interface MediaPart extends PartBase { media: Media }
/** A tool call; with `metadata.interrupt` it waits for a human. */
export interface ToolRequestPart extends PartBase { toolRequest: ToolRequest }
/** A tool result. */
export interface ToolResponsePart extends PartBase { toolResponse: ToolResponse }
/** Structured data. */
export interface DataPart extends PartBase { data: unknown }
/** Anything else a provider attaches. */
export interface CustomPart extends PartBase { custom: Record<string, unknown> }
/** Where an answer's content came from: a web page (`url`) or a document (`documentId`), as the model cited it. */
export interface Source {
  url?: string;
  title?: string;
  documentId?: string;
  mediaType?: string;
}
/** A source the answer cites; its 1-based place among the message's sources is its citation number. */
export interface SourcePart extends PartBase { source: Source }

/** One piece of a message, in Genkit's shape. */
export type Part =
  | TextPart
  | ReasoningPart
  | MediaPart
  | ToolRequestPart
  | ToolResponsePart
  | DataPart
  | CustomPart
  | SourcePart;

/** True for a text part. */
export const isTextPart = (part: Part): part is TextPart => typeof (part as TextPart).text === 'string';
/** True for a reasoning part. */
export const isReasoningPart = (part: Part): part is ReasoningPart =>
  typeof (part as ReasoningPart).reasoning === 'string';
/** True for a tool-request part. */
export const isToolRequestPart = (part: Part): part is ToolRequestPart =>
  typeof (part as ToolRequestPart).toolRequest === 'object' && (part as ToolRequestPart).toolRequest !== null;
/** True for a tool-response part. */
export const isToolResponsePart = (part: Part): part is ToolResponsePart =>
  typeof (part as ToolResponsePart).toolResponse === 'object' && (part as ToolResponsePart).toolResponse !== null;
/** True for a media part. */
export const isMediaPart = (part: Part): part is MediaPart =>
  typeof (part as MediaPart).media === 'object' && (part as MediaPart).media !== null;

/** True for a source part. */
export const isSourcePart = (part: Part): part is SourcePart =>
  typeof (part as SourcePart).source === 'object' && (part as SourcePart).source !== null;

/** The file name a media part carries (`metadata.filename`), if any. */
export function mediaFilenameOf(part: Part): string | undefined {
  const filename = part.metadata?.filename;
  return typeof filename === 'string' && filename !== '' ? filename : undefined;
}

/** An interrupt is a tool request that waits for a human answer (`metadata.interrupt`). */
export function isInterruptPart(part: Part): part is ToolRequestPart {
  return isToolRequestPart(part) && part.metadata?.interrupt !== undefined && part.metadata.interrupt !== false;
}

/** The concatenated text of a list of parts. */
export function textOf(parts: readonly Part[]): string {
  let text = '';
  for (const part of parts) if (isTextPart(part)) text += part.text;
  return text;
}
