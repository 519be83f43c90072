// A Genkit `SessionSnapshot` read: only `getSnapshot` needs it (restoring or polling a session), so the transport
// imports it on first use, a chunk of its own, and a turn's bundle does not carry it.
import { AgentChatError } from '../../model/error.js';
import { normalizeFinishReason } from '../../model/finish-reason.js';
import type { SnapshotInfo } from '../../model/session.js';
import { liftSubAgentRuns } from '../../model/sub-agent.js';
import { isRecord, stringOr, unwrap } from '../../util/guards.js';
import { genkitSessionState as asSessionState } from './genkit-decoder.js';
import { liftSubAgentQuestions } from './genkit-sub-agent-questions.js';

/** Reads a Genkit `SessionSnapshot` (the `result` of `<agent>/getSnapshot`). */
export function parseGenkitSnapshot(value: unknown): SnapshotInfo {
  const result = unwrap(value, 'result');
  if (!isRecord(result) || typeof result.snapshotId !== 'string') {
    throw new AgentChatError('server-error', 'getSnapshot returned no snapshot.', { details: value });
  }
  const info: SnapshotInfo = { snapshotId: result.snapshotId, raw: value };
  for (const key of ['sessionId', 'parentId', 'createdAt', 'updatedAt', 'status'] as const) {
    const field = stringOr(result[key]);
    if (field !== undefined) info[key] = field;
  }
  if (result.finishReason !== undefined) info.finishReason = normalizeFinishReason(result.finishReason);
  const error = result.error;
  if (isRecord(error)) {
    const status = stringOr(error.status);
    info.error = { message: stringOr(error.message) ?? '', ...(status ? { status } : {}) };
  }
  const state = asSessionState(result.state);
  if (state) {
    // A sub-agent's run kept with its tool's result (@agent-chat/server's keptRun) goes back onto its call.
    const messages = liftSubAgentRuns(state.messages);
    // Stored while a sub-agent's question waits: the question is asked again, inside the sub-agent's run.
    info.state = { ...state, messages: info.finishReason === 'interrupted' ? liftSubAgentQuestions(messages) : messages };
  }
  return info;
}
