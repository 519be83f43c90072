import type { ToolRequestPart } from '../../model/part.js';
import { isRecord, stringOr } from '../../util/guards.js';

const APPROVE = new Set(['yes', 'y', 'ok', 'okay', 'approve', 'approved', 'allow', 'allowed', 'confirm', 'confirmed', 'true', 'accept', 'accepted']);
const DENY = new Set(['no', 'n', 'deny', 'denied', 'reject', 'rejected', 'false', 'cancel', 'decline', 'declined']);

/** Reads an approval answer: `true`/`false`, `{approved, reason?}`, or text (unrecognized text denies). */
export function approvalDecision(output: unknown): { approved: boolean; reason?: string } {
  let approved = false;
  let reason: string | undefined;
  if (typeof output === 'boolean') approved = output;
  else if (isRecord(output) && typeof output.approved === 'boolean') {
    approved = output.approved;
    reason = stringOr(output.reason);
  } else if (typeof output === 'string') {
    const word = output.trim().toLowerCase().replace(/[.!]+$/, '');
    approved = APPROVE.has(word);
    // Text that is neither a yes nor a plain no is the reason for denying.
    if (!approved && !DENY.has(word) && word !== '') reason = output;
  }
  return reason !== undefined ? { approved, reason } : { approved };
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

/** Copies the optional approval fields onto `target`: `inputSchemaInput` when `source` has it at all. */
function withApprovalFields<T extends object>(target: T, source: Record<string, unknown>, descriptor: unknown, signature: unknown): T {
  const fields = target as Record<string, unknown>;
  if (descriptor !== undefined) fields.descriptor = descriptor;
  if (Object.prototype.hasOwnProperty.call(source, 'inputSchemaInput')) fields.inputSchemaInput = source.inputSchemaInput;
  if (signature !== undefined) fields.signature = signature;
  return target;
}

/** The `approval` field of a UI tool part in state 'approval-requested'. */
export function uiApproval(approval: ApprovalRequest): Record<string, unknown> {
  return withApprovalFields({ id: approval.approvalId }, approval as unknown as Record<string, unknown>, approval.descriptor, approval.signature);
}

/** The approval request of a `tool-approval-request` chunk (undefined without an approval id). */
export function approvalRequestOf(chunk: Record<string, unknown>): ApprovalRequest | undefined {
  const approvalId = stringOr(chunk.approvalId);
  return approvalId === undefined ? undefined : withApprovalFields({ approvalId }, chunk, chunk.approvalDescriptor, stringOr(chunk.signature));
}
