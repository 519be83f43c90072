/**
 * The task-list tools. Each changes the session through `ai.currentSession()`: `updateCustom` makes the
 * agent stream a `customPatch` (RFC 6902) to the client, `addArtifacts` an `artifact` chunk.
 */
import { taskChartResult } from './generative-ui.js';
import { z, type GenkitBeta } from './genkit-runtime.js';
import { currentTasks, renderReport, REPORT_NAME, type TaskState } from './task-state.js';

/** How an answer to the `confirmClearAll` interrupt reads: true, "yes", {confirmed: true}, … */
export function isConfirmation(output: unknown): boolean {
  if (output === true) return true;
  if (typeof output === 'string') return /^\s*(y|yes|ok|okay|sure|confirm(ed)?|approve(d)?|true|clear( all)?)\b/i.test(output);
  if (output && typeof output === 'object') {
    const record = output as Record<string, unknown>;
    return record.confirmed === true || record.approved === true || record.confirm === true;
  }
  return false;
}

/** The client-side tool the browser runs: the user's local time and time zone. */
export const LOCAL_TIME_TOOL = 'getLocalTime';

/** What the "clear all" interrupt tells a client about its question: a title, danger, and what its buttons say. */
export const CLEAR_ALL_PROMPT = { title: 'Clear all tasks', destructive: true, confirmLabel: 'Clear all tasks', denyLabel: 'Cancel' };

/** An interrupt the client answers by running a tool of its own (`requestMetadata: {clientTool: true}`). */

const TaskSchema = z.object({ id: z.number(), title: z.string(), done: z.boolean() });

export function defineTaskTools(ai: GenkitBeta) {
  const session = () => ai.currentSession<TaskState>();

  const addTask = ai.defineTool(
    {
      name: 'addTask',
      description: 'Adds a task to the task list and returns it with its id.',
      inputSchema: z.object({ title: z.string().min(1).describe('What needs doing') }),
      outputSchema: TaskSchema,
    },
    async ({ title }) => {
      const task = { id: 0, title: title.trim(), done: false };
      session().updateCustom((state) => {
        const { tasks, nextId } = currentTasks(state);
        task.id = nextId;
        return { tasks: [...tasks, task], nextId: nextId + 1 };
      });
      return task;
    }
  );

  const completeTask = ai.defineTool(
    {
      name: 'completeTask',
      description: 'Marks the task with the given id as done.',
      inputSchema: z.object({ id: z.number().int().describe('The task id, e.g. 1') }),
      outputSchema: z.object({ found: z.boolean(), id: z.number(), title: z.string().optional(), alreadyDone: z.boolean().optional() }),
    },
    async ({ id }) => {
      const { tasks } = currentTasks(session().getCustom());
      const task = tasks.find((candidate) => candidate.id === id);
      if (!task) return { found: false, id };
      if (task.done) return { found: true, id, title: task.title, alreadyDone: true };
      session().updateCustom((state) => {
        const current = currentTasks(state);
        return { ...current, tasks: current.tasks.map((t) => (t.id === id ? { ...t, done: true } : t)) };
      });
      return { found: true, id, title: task.title, alreadyDone: false };
    }
  );

  const writeReport = ai.defineTool(
    {
      name: 'writeReport',
      description: `Writes (or revises) the ${REPORT_NAME} artifact: a markdown report of all tasks.`,
      inputSchema: z.object({}).optional(),
      outputSchema: z.object({ name: z.string(), revision: z.number(), taskCount: z.number() }),
    },
    async () => {
      const current = session();
      const previous = current.getArtifacts().find((artifact) => artifact.name === REPORT_NAME);
      const revision = Number(previous?.metadata?.revision ?? 0) + 1;
      const state = currentTasks(current.getCustom());
      // Same name: this replaces the earlier revision instead of appending a second artifact.
      current.addArtifacts([
        {
          name: REPORT_NAME,
          parts: [{ text: renderReport(state, revision) }],
          metadata: { contentType: 'text/markdown', revision },
        },
      ]);
      return { name: REPORT_NAME, revision, taskCount: state.tasks.length };
    }
  );

  const clearAllTasks = ai.defineTool(
    {
      name: 'clearAllTasks',
      description: 'Deletes every task. Only call this after the user confirmed through confirmClearAll.',
      inputSchema: z.object({}).optional(),
      outputSchema: z.object({ cleared: z.number() }),
    },
    async () => {
      let cleared = 0;
      session().updateCustom((state) => {
        const current = currentTasks(state);
        cleared = current.tasks.length;
        return { tasks: [], nextId: current.nextId };
      });
      return { cleared };
    }
  );

  const confirmClearAll = ai.defineInterrupt({
    name: 'confirmClearAll',
    description: 'Asks the user to confirm before all tasks are cleared. Answer with true/"yes" to clear, false/"no" to keep them.',
    inputSchema: z.object({ question: z.string() }),
    outputSchema: z.any(),
    // How a client shows the question (the kit's InterruptConfirmDialog reads these): it cannot be undone.
    requestMetadata: CLEAR_ALL_PROMPT,
  });

  // A client-side tool: Genkit's way is an interrupt; the browser runs it and resumes the turn with its output.
  const getLocalTime = ai.defineInterrupt({
    name: LOCAL_TIME_TOOL,
    description: "Reads the user's local time and time zone in their browser.",
    inputSchema: z.object({}).optional(),
    outputSchema: z.any(),
    requestMetadata: { clientTool: true },
  });

  // Reads the state as the turn loaded it: with the client's own writes applied (a task ticked in the app).
  const listTasks = ai.defineTool(
    {
      name: 'listTasks',
      description: 'Lists the tasks as they stand now (the user may have ticked some in the app): the open ones and the done ones.',
      inputSchema: z.object({}).optional(),
      outputSchema: z.object({ open: z.array(TaskSchema), done: z.array(TaskSchema) }),
    },
    async () => {
      const { tasks } = currentTasks(session().getCustom());
      return { open: tasks.filter((task) => !task.done), done: tasks.filter((task) => task.done) };
    }
  );

  // An MCP App (issue 43): the result names the chart (ui://tasks/chart.html) and carries it, with the counts it draws.
  const chartTasks = ai.defineTool(
    {
      name: 'chartTasks',
      description: 'Shows a chart of the open and done tasks (an MCP App the client draws in a sandboxed frame).',
      inputSchema: z.object({}).optional(),
      outputSchema: z.any(),
    },
    async () => {
      const { tasks } = currentTasks(session().getCustom());
      const done = tasks.filter((task) => task.done).length;
      return taskChartResult(tasks.length - done, done);
    }
  );

  return { addTask, completeTask, writeReport, clearAllTasks, confirmClearAll, getLocalTime, listTasks, chartTasks };
}

