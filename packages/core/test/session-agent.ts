// Test support: an in-memory agent with sessions, as a server keeps them, over the scripted transport.
import { createAgentChat, type AgentChat } from '../src/chat/agent-chat.js';
import type { AgentEvent } from '../src/model/events.js';
import type { Message } from '../src/model/message.js';
import { textOf } from '../src/model/part.js';
import type { SnapshotInfo } from '../src/model/session.js';
import { scriptedTransport, type ScriptedTransport } from '../src/transport/scripted-transport.js';
import type { TurnRequest } from '../src/transport/transport.js';
import { resumable, versionTree } from '../src/index.js';

/** The custom state the agent keeps: how many user messages the session has. */
export interface Count {
  users: number;
}

/**
 * Answers `re: <text>` with its custom state and an artifact, ending with snapshot `<session>-<n>` that holds the
 * conversation (readable by snapshot id and, as the latest, by session id). A user message `slow` waits for `release()`.
 */
export function sessionAgent() {
  const snapshots: Record<string, SnapshotInfo> = {};
  let turns = 0;
  let release: () => void = () => {};
  const turn = async function* (request: TurnRequest): AsyncIterable<AgentEvent> {
    const sessionId = request.sessionId ?? 'none';
    const conversation: Message[] = request.input.message ? [...request.history, request.input.message] : [...request.history];
    const text = textOf(conversation.filter((message) => message.role === 'user').at(-1)?.content ?? []);
    const answer = text === 'slow' ? 'thinking done' : `re: ${text}`;
    if (text === 'slow') {
      yield { type: 'text-delta', text: 'thinking', messageKey: 'm' };
      await new Promise<void>((resolve) => (release = resolve));
    }
    const custom: Count = { users: conversation.filter((message) => message.role === 'user').length };
    const artifact = { name: 'report', parts: [{ text: `report of ${text}` }] };
    const snapshotId = `${sessionId}-${++turns}`;
    const snapshot: SnapshotInfo = {
      snapshotId, sessionId, finishReason: 'stop',
      state: { sessionId, messages: [...conversation, { role: 'model', content: [{ text: answer }] }], custom, artifacts: [artifact] },
      raw: null,
    };
    snapshots[snapshotId] = snapshot;
    snapshots[sessionId] = snapshot;
    yield { type: 'text-delta', text: text === 'slow' ? ' done' : answer, messageKey: 'm' };
    yield { type: 'custom-snapshot', custom };
    yield { type: 'artifact-upsert', artifact };
    yield { type: 'turn-end', finishReason: 'stop', snapshotId, sessionId };
  };
  const transport: ScriptedTransport = scriptedTransport([turn], { loop: true, snapshots });
  return {
    transport,
    snapshots,
    release: () => release(),
    createChat: (id: string): AgentChat<Count> => createAgentChat<Count>({ features: [versionTree(), resumable()], transport, sessionId: id }),
  };
}

/** `role:text` of each shown message. */
export const texts = (chat: AgentChat<unknown> | null) => chat?.getState().messages.map((message) => `${message.role}:${textOf(message.content)}`) ?? [];
