export { startAgentServer, type AgentServer, type AgentServerOptions } from './server.js';
export { createTaskAgents, AGENT_NAME, DEFAULT_DATA_DIR, CLIENT_AGENT_NAME, type TaskAgentOptions } from './agent.js';
export { SAFE_ID, isSafeId, withSafeIds } from './session-ids.js';
export { decideReply, HELP_TEXT, STORY_TEXT, type Reply } from './scripted-replies.js';
export { loadRealModel, ModelConfigError, MODEL_PROVIDERS } from './real-model.js';
export type { Task, TaskState } from './task-state.js';
