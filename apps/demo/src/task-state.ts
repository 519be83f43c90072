/** The agent's custom state (Genkit's custom session state): the task list the tools edit through JSON patches. */
export interface Task {
  id: number;
  title: string;
  done: boolean;
}

export interface TaskState {
  tasks: Task[];
  nextId: number;
}
