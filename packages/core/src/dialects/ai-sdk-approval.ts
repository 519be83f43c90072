import type { ToolRequestPart } from '../model/part.js';
import { isRecord, stringOr } from './decoder.js';

const APPROVE = new Set(['yes', 'y', 'ok', 'okay', 'approve', 'approved', 'allow', 'allowed', 'confirm', 'confirmed', 'true', 'accept', 'accepted']);
const DENY = new Set(['no', 'n', 'deny', 'denied', 'reject', 'rejected', 'false', 'cancel', 'decline', 'declined']);

/** Reads an approval answer: `true`/`false`, `{approved, reason?}`, or text (unrecognized text denies). */
export function approvalDecision(output: unknown): { approved: boolean; reason?: string } {
  if (typeof output === 'boolean') return { approved: output };
  if (isRecord(output) && typeof output.approved === 'boolean') {
    const reason = stringOr(output.reason);
    return reason !== undefined ? { approved: output.approved, reason } : { approved: output.approved };
  }
  if (typeof output === 'string') {
    const word = output.trim().toLowerCase().replace(/[.!]+$/, '');
    if (APPROVE.has(word)) return { approved: true };
    if (DENY.has(word) || word === '') return { approved: false };
    return { approved: false, reason: output };
  }
  return { approved: false };
}

/** A tool approval the server asked for, kept as the tool request's `metadata.interrupt`. */
export interface ApprovalRequest {
  approvalId: string;
  descriptor?: unknown;
  inputSchemaInput?: unknown;
  signature?: string;
}

/** The approval request an interrupt part carries, if it is one. */
export function approvalOf(part: ToolRequestPart): ApprovalRequest | undefined {
  const interrupt = part.metadata?.interrupt;
  return isRecord(interrupt) && typeof interrupt.approvalId === 'string' ? (interrupt as unknown as ApprovalRequest) : undefined;
}

/** The `approval` field of a UI tool part in state 'approval-requested'. */
export function uiApproval(approval: ApprovalRequest): Record<string, unknown> {
  const result: Record<string, unknown> = { id: approval.approvalId };
  if (approval.descriptor !== undefined) result.descriptor = approval.descriptor;
  if (Object.prototype.hasOwnProperty.call(approval, 'inputSchemaInput')) result.inputSchemaInput = approval.inputSchemaInput;
  if (approval.signature !== undefined) result.signature = approval.signature;
  return result;
}

/** The approval request of a `tool-approval-request` chunk (undefined without an approval id). */
export function approvalRequestOf(chunk: Record<string, unknown>): ApprovalRequest | undefined {
  const approvalId = stringOr(chunk.approvalId);
  if (approvalId === undefined) return undefined;
  const approval: ApprovalRequest = { approvalId };
  if (chunk.approvalDescriptor !== undefined) approval.descriptor = chunk.approvalDescriptor;
  if (Object.prototype.hasOwnProperty.call(chunk, 'inputSchemaInput')) approval.inputSchemaInput = chunk.inputSchemaInput;
  const signature = stringOr(chunk.signature);
  if (signature !== undefined) approval.signature = signature;
  return approval;
}
