import type { ToolRequestPart } from './part.js';

/** What a client tool's `execute` is given besides its input. */
export interface ClientToolContext {
  toolCallId: string;
  /** Aborted by `stop()` (and by `reset`/`branch`). */
  signal: AbortSignal;
}

/** A tool the browser runs: with `execute` it runs at once; without, it waits for `addToolResult`. */
export interface ClientTool {
  description?: string;
  /** The input's JSON Schema, declared to protocols that take tool declarations (AG-UI). */
  inputSchema?: Record<string, unknown>;
  execute?(input: unknown, context: ClientToolContext): unknown; // method syntax: a typed `execute(input: {city: string})` still fits
}

/** Client tools by name. */
export type ClientTools = Record<string, ClientTool>;

/** How a tool is declared to the agent. */
export interface ToolDeclaration {
  name: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
}

/** The answer to a client tool call. */
export interface ToolResult {
  toolCallId: string;
  output: unknown;
}

/** The default bound on automatic tool rounds per user turn. */
export const DEFAULT_MAX_TOOL_ROUNDS = 10;

/** The id the kit gives a tool call: its `ref`, else its name. */
export const toolCallIdOf = (part: ToolRequestPart): string => part.toolRequest.ref ?? part.toolRequest.name;
