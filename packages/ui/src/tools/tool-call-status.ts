import { isDeniedResponse, type ClientToolCall, type MessageStatus, type ToolResponse, type ToolResponsePart } from '@agent-chat/core';
import { isRecord } from '../util/is-record.js';

import type { ToolCallStatus } from '../context/tool-call-status.js';

export type { ToolCallStatus } from '../context/tool-call-status.js';

/** The error a tool output carries (`{error: "…"}`, as a client tool that threw sends it), or undefined. */
export function toolErrorOf(output: unknown): string | undefined {
  return isRecord(output) && typeof output.error === 'string' && Object.keys(output).length === 1 ? output.error : undefined;
}

/** A refusal: `false`, or `{approved: false}`. */
const isDenial = (output: unknown) => output === false || (isRecord(output) && output.approved === false);

/** What decides a tool call's status. */
export interface ToolCallFacts {
  partial: boolean;
  interrupt: boolean;
  response: ToolResponse | undefined;
  /** The response part: `metadata.denied` marks a refusal on every protocol. */
  responsePart?: ToolResponsePart | undefined;
  /** The chat's record of a client tool call. */
  call: ClientToolCall | undefined;
  messageStatus: MessageStatus;
  /** The interrupt is still pending. */
  waiting: boolean;
  /** A turn is running. */
  active: boolean;
}

/** The status of one tool call. */
export function toolCallStatus(facts: ToolCallFacts): ToolCallStatus {
  const { response, call } = facts;
  if (response) {
    if (facts.responsePart && isDeniedResponse(facts.responsePart)) return 'denied';
    if (toolErrorOf(response.output) !== undefined) return 'error';
    return facts.interrupt && isDenial(response.output) ? 'denied' : 'done';
  }
  if (call) {
    if (call.status === 'answered') return toolErrorOf(call.response?.toolResponse.output) !== undefined ? 'error' : 'done';
    return call.status;
  }
  if (facts.partial && facts.messageStatus === 'streaming') return 'input-streaming';
  if (facts.messageStatus === 'aborted' || facts.messageStatus === 'failed') return 'cancelled';
  if (facts.interrupt) return facts.waiting ? 'awaiting-answer' : 'running';
  return facts.messageStatus === 'streaming' || facts.active ? 'running' : 'cancelled';
}
