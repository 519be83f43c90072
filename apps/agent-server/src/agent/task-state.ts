/** The agent's custom session state (Genkit's sessions and state docs: client-visible custom state): a task list. The demo imports these types from here (`@agent-chat/agent-server`). */
export interface Task {
  id: number;
  title: string;
  done: boolean;
}

export interface TaskState {
  tasks: Task[];
  nextId: number;
}

export const REPORT_NAME = 'report.md';

function emptyTaskState(): TaskState {
  return { tasks: [], nextId: 1 };
}

/** The state as a tool sees it: a missing or malformed state counts as empty. */
export function currentTasks(state: TaskState | undefined): TaskState {
  if (!state || !Array.isArray(state.tasks)) return emptyTaskState();
  return { tasks: state.tasks, nextId: typeof state.nextId === 'number' ? state.nextId : state.tasks.length + 1 };
}

/** `report.md`: a markdown checklist of the tasks. */
export function renderReport(state: TaskState, revision: number): string {
  const open = state.tasks.filter((task) => !task.done);
  const done = state.tasks.filter((task) => task.done);
  const line = (task: Task) => `- [${task.done ? 'x' : ' '}] #${task.id} ${task.title}`;
  return [
    '# Task report',
    '',
    `Revision ${revision} · ${state.tasks.length} task${state.tasks.length === 1 ? '' : 's'}, ${done.length} done`,
    '',
    '## Open',
    ...(open.length ? open.map(line) : ['_Nothing open._']),
    '',
    '## Done',
    ...(done.length ? done.map(line) : ['_Nothing done yet._']),
    '',
  ].join('\n');
}
