export { startAgentServer, type AgentServer, type AgentServerOptions } from './server.js';
export { createTaskAgents, AGENT_NAME, DEFAULT_DATA_DIR, CLIENT_AGENT_NAME, type TaskAgentOptions } from './agent/agent.js';
export { SAFE_ID, isSafeId, withSafeIds } from './hygiene/session-ids.js';
export { decideReply, HELP_TEXT, STORY_TEXT, type Reply } from './agent/scripted-replies.js';
export { loadRealModel, ModelConfigError, MODEL_PROVIDERS } from './agent/real-model.js';
export type { Task, TaskState } from './agent/task-state.js';
