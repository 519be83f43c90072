import { AgentChatError } from '../../model/error.js';
import type { SnapshotInfo, SnapshotQuery } from '../../model/session.js';
import { joinUrl, postJson } from '../../transport/http-transport.js';
import { readEvents } from '../../transport/read-events.js';
import { snapshotFromEvents } from '../../transport/snapshot-from-events.js';
import type { HttpTransportOptions } from '../../transport/transport.js';
import { createSessionId } from '../../util/ids.js';
import { RUNNING_TURN_HEADER } from '../../wire/contract.js';
import { createSseFramer } from '../../wire/sse.js';
import { loadedActivityPatcher } from './agui-activity-patcher.js';
import { createAguiDecoder } from './agui-decoder.js';


/**
 * Restores an AG-UI thread: `POST <url>/connect` with a `RunAgentInput` for the thread, whose run carries the thread
 * (MESSAGES_SNAPSHOT, STATE_SNAPSHOT, artifacts as ACTIVITY_SNAPSHOT, the open interrupts in RUN_FINISHED), decoded by
 * the AG-UI decoder. Threads are read whole: a `{snapshotId}` query is `unsupported`.
 */
export async function connectAguiThread(url: string, query: SnapshotQuery, options: HttpTransportOptions, signal?: AbortSignal): Promise<SnapshotInfo> {
  if (!('sessionId' in query)) throw new AgentChatError('unsupported', 'AG-UI threads are restored by thread id (sessionId), not by snapshot.');
  const threadId = query.sessionId;
  const input = { threadId, runId: `connect-${createSessionId()}`, messages: [], state: {}, tools: [], context: [], forwardedProps: {} };
  const response = await postJson(joinUrl(url, 'connect'), input, { ...options, accept: 'text/event-stream', signal });
  const events = await readEvents(response, createSseFramer({ errorField: false }), createAguiDecoder({ threadId, messages: [], activityPatcher: loadedActivityPatcher }), signal);
  const failure = events.find((event) => event.type === 'error');
  if (failure?.type === 'error') throw failure.error;
  const info = snapshotFromEvents(events, threadId);
  const running = response.headers.get(RUNNING_TURN_HEADER);
  return { ...info, sessionId: info.sessionId ?? threadId, ...(running ? { runningTurnId: running } : {}) };
}
