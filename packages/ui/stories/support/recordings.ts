// The demo agent's conversations recorded in every protocol (@agent-chat/testing/recordings/*.json, re-recorded with
// `npm run record:demo -w packages/testing`), for the recorded stories and tests.
import { parseRecording, type Recording } from '@agent-chat/testing';
import agentflowCapital from '@agent-chat/testing/recordings/agentflow-capital.json' with { type: 'json' };
import aguiTasks from '@agent-chat/testing/recordings/agui-tasks.json' with { type: 'json' };
import aiSdkTasks from '@agent-chat/testing/recordings/ai-sdk-tasks.json' with { type: 'json' };
import genkitTasks from '@agent-chat/testing/recordings/genkit-tasks.json' with { type: 'json' };
import genkitTasksDenied from '@agent-chat/testing/recordings/genkit-tasks-denied.json' with { type: 'json' };
import tnsaiSearch from '@agent-chat/testing/recordings/tnsai-search.json' with { type: 'json' };

/** The task conversation (add two tasks, write the report, clear all, answer yes) over the demo agent's three routes. */
export const TASK_RECORDINGS = {
  genkit: parseRecording(genkitTasks),
  agui: parseRecording(aguiTasks),
  'ai-sdk': parseRecording(aiSdkTasks),
} satisfies Record<string, Recording>;

/** The Genkit task conversation with "clear" refused (Cancel: `false`), for a "what if" fork. */
export const TASK_DENIED_RECORDING = parseRecording(genkitTasksDenied);

/** AgentFlow: an answer with state updates, an interrupt, the resumed reply. */
export const AGENTFLOW_RECORDING = parseRecording(agentflowCapital);
/** TnsAI: a greeting, a tool call that ends the turn, its result. */
export const TNSAI_RECORDING = parseRecording(tnsaiSearch);

/** The first `turns` turns of a recording: a conversation stopped earlier, e.g. at its open interrupt. */
export function firstTurns(recording: Recording, turns: number): Recording {
  return { ...recording, turns: recording.turns.slice(0, turns) };
}
