import { createAgentChat, scriptedTransport, type AgentEvent, type Artifact } from '@agent-chat/core';
import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { lastText, macrotask, mount, textDeltas } from '../test/harness.js';
import { useAgentChat, useAgentChatSelector } from './index.js';

interface Task {
  id: string;
  title: string;
}
interface TaskState {
  tasks: Task[];
}

const shallowEqual = (previous: readonly unknown[], next: readonly unknown[]) =>
  previous.length === next.length && previous.every((value, index) => Object.is(value, next[index]));

const report = (text: string): Artifact => ({ name: 'report', parts: [{ text }] });

const TURN: AgentEvent[] = [
  ...textDeltas(50),
  { type: 'custom-patch', patch: [{ op: 'replace', path: '', value: { tasks: [] } }] },
  { type: 'artifact-upsert', artifact: { name: 'notes', parts: [{ text: 'unrelated' }] } },
  ...textDeltas(50, 50),
  { type: 'custom-patch', patch: [{ op: 'add', path: '/tasks/-', value: { id: 't1', title: 'Write the tests' } }] },
  { type: 'artifact-upsert', artifact: report('draft') },
  ...textDeltas(50, 100),
  { type: 'turn-end', finishReason: 'stop' },
];

describe('useAgentChatSelector', () => {
  it('does not re-render while text streams, but does on a custom patch or its artifact (every store batch seen)', async () => {
    const chat = createAgentChat<TaskState>({ transport: scriptedTransport([TURN]) });
    const taskRenders: Array<Task[] | undefined> = [];
    const artifactRenders: Array<Artifact | undefined> = [];
    const idRenders: string[][] = [];
    const textRenders: string[] = [];
    function TaskList() {
      // throttle: false — every store batch reaches the selector, so only the equality check keeps renders down.
      taskRenders.push(useAgentChatSelector(chat, (state) => state.custom?.tasks, Object.is, { throttle: false }));
      return null;
    }
    function ReportPanel() {
      artifactRenders.push(useAgentChatSelector(chat, (state) => state.artifacts.find((artifact) => artifact.name === 'report'), Object.is, { throttle: false }));
      return null;
    }
    function MessageIds() {
      // A new array every call: the equality function keeps it from re-rendering on every token.
      idRenders.push(useAgentChatSelector(chat, (state) => state.messages.map((message) => message.id), shallowEqual, { throttle: false }));
      return null;
    }
    function Transcript() {
      textRenders.push(lastText(useAgentChat({ chat, throttle: false }).messages));
      return null;
    }
    const view = await mount(
      <>
        <TaskList />
        <ReportPanel />
        <MessageIds />
        <Transcript />
      </>,
    );
    await chat.send('plan my day');
    await macrotask();

    expect(textRenders.length).toBeGreaterThan(150);
    expect(textRenders.at(-1)).toHaveLength(150);
    expect(taskRenders).toEqual([undefined, [], [{ id: 't1', title: 'Write the tests' }]]);
    expect(artifactRenders).toEqual([undefined, report('draft')]);
    // Empty, then the user message, then the model message: never once per token.
    expect(idRenders.map((ids) => ids.length)).toEqual([0, 1, 2]);
    await view.unmount();
  });

  it('a new selector function gives the new selection at once', async () => {
    const chat = createAgentChat<TaskState>({
      transport: scriptedTransport([]),
      state: { messages: [], artifacts: [], custom: { tasks: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }] } },
    });
    const seen: string[] = [];
    function Pick({ index }: { index: number }) {
      seen.push(useAgentChatSelector(chat, (state) => state.custom?.tasks[index]?.title ?? ''));
      return null;
    }
    const view = await mount(<Pick index={0} />);
    flushSync(() => view.root.render(<Pick index={1} />));
    expect(seen).toEqual(['A', 'B']);
    await view.unmount();
  });
});
