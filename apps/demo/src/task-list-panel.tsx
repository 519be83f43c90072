import type { AgentChat, ChatState } from '@agent-chat/core';
import { useAgentChatSelector } from '@agent-chat/react';
import type { Task, TaskState } from './task-state.js';

const NO_TASKS: Task[] = [];
// Module-level, so the selector keeps its identity and the panel re-renders only when the task list changes.
const selectTasks = (state: ChatState<TaskState>): Task[] => state.custom?.tasks ?? NO_TASKS;

/** The agent's custom state, live: every `customPatch` the tools stream lands here during the turn. */
export function TaskListPanel({ chat }: { chat: AgentChat<TaskState> }) {
  const tasks = useAgentChatSelector(chat, selectTasks);
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
            <li key={task.id} className="task" data-done={task.done}>
              <span className="task-check" aria-hidden="true">{task.done ? '✓' : ''}</span>
              <span className="task-id">#{task.id}</span>
              <span className="task-title">{task.title}</span>
              {task.done && <span className="visually-hidden"> (done)</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
