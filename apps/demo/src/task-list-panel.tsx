import type { AgentChat, ChatState } from '@agent-chat/core';
import { useAgentChatSelector, useAgentContext } from '@agent-chat/react';
import { useState } from 'react';
import type { Task, TaskState } from '@agent-chat/agent-server';

const NO_TASKS: Task[] = [];
// Module-level, so the selector keeps its identity and the panel re-renders only when the task list changes.
const selectTasks = (state: ChatState<TaskState>): Task[] => state.custom?.tasks ?? NO_TASKS;

/** Ticks or unticks a task: shown at once, and the agent gets the change with the next message (`setCustom`). */
const toggleDone = (chat: AgentChat<TaskState>, id: number) =>
  chat.setCustom((draft) => {
    const task = draft.tasks.find((candidate) => candidate.id === id);
    if (task) task.done = !task.done;
  });

/** While a task is selected, the agent sees it with every message ("what am I looking at?"). */
function SelectedTaskContext({ chat, task }: { chat: AgentChat<TaskState>; task: Task }) {
  useAgentContext({ description: 'The task selected in the panel', value: task }, chat);
  return null;
}

/**
 * The agent's custom state, live: every `customPatch` the tools stream lands here during the turn. The user writes
 * back: a checkbox ticks a task (delivered with the next message), and a selected task is context for the agent.
 */
export function TaskListPanel({ chat }: { chat: AgentChat<TaskState> }) {
  const tasks = useAgentChatSelector(chat, selectTasks);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = tasks.find((task) => task.id === selectedId);
  const done = tasks.filter((task) => task.done).length;
  return (
    <section className="panel task-panel" aria-labelledby="tasks-heading">
      <h2 id="tasks-heading">Tasks</h2>
      <p className="panel-meta" aria-live="polite">
        {tasks.length === 0 ? 'No tasks yet — try “add Buy milk”.' : `${tasks.length - done} open, ${done} done`}
      </p>
      {tasks.length > 0 && (
        <ul className="task-list" aria-labelledby="tasks-heading">
          {tasks.map((task) => (
            <li key={task.id} className="task" data-done={task.done} data-selected={task.id === selectedId}>
              <input type="checkbox" className="task-check" checked={task.done} onChange={() => toggleDone(chat, task.id)} aria-label={`Done: ${task.title}`} />
              <button type="button" className="task-select" aria-pressed={task.id === selectedId} onClick={() => setSelectedId(task.id === selectedId ? null : task.id)}>
                <span className="task-id">#{task.id}</span>
                <span className="task-title">{task.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {tasks.length > 0 && <p className="panel-meta task-hint">Tick a task, then ask “what’s left?”. Select one and ask “what am I looking at?”.</p>}
      {selected && <SelectedTaskContext chat={chat} task={selected} />}
    </section>
  );
}
