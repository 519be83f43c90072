import { AI_SDK_A2UI_PART, aiSdkA2uiParts } from './ai-sdk-a2ui.js';
import { AgentChatError } from '../../model/error.js';
import type { Message } from '../../model/message.js';
import type { Part } from '../../model/part.js';
import type { Artifact, SnapshotInfo, SnapshotQuery } from '../../model/session.js';
import { httpError, joinUrl, resolveHeaders } from '../../transport/http-transport.js';
import type { HttpTransportOptions } from '../../transport/transport.js';
import { isRecord, recordsOf, stringOr } from '../../util/guards.js';
import type { AiSdkUiPart } from './ai-sdk-ui-messages.js';
import { aiSdkSourcePart } from './ai-sdk-sources.js';
import { isUiMessageOutput } from './ai-sdk-sub-agents.js';
import { liftSubAgentRuns, SUB_AGENT_KEY } from '../../model/sub-agent.js';

const SUB_AGENT_STATUSES: ReadonlySet<unknown> = new Set(['running', 'done', 'failed', 'aborted', 'interrupted']);

/** A UI tool part's tool name: `tool-<name>`, or `dynamic-tool` with `toolName`. */
const toolNameOf = (part: AiSdkUiPart): string | undefined =>
  part.type === 'dynamic-tool' ? stringOr(part.toolName) : part.type.startsWith('tool-') ? part.type.slice(5) : undefined;

/** One assistant UI message as model messages (one per `step-start`), each followed by a tool message of its results. */
function assistantMessages(parts: AiSdkUiPart[]): Message[] {
  const out: Message[] = [];
  let model: Part[] = [];
  let results: Part[] = [];
  const flush = () => {
    if (model.length > 0) out.push({ role: 'model', content: model });
    if (results.length > 0) out.push({ role: 'tool', content: results });
    model = [];
    results = [];
  };
  for (const part of parts) {
    const name = toolNameOf(part);
    if (part.type === 'step-start') flush();
    else if (part.type === 'text' && typeof part.text === 'string') model.push({ text: part.text });
    else if (part.type === 'reasoning' && typeof part.text === 'string') model.push({ reasoning: part.text });
    else if (part.type === 'file' && typeof part.url === 'string') model.push({ media: { url: part.url, contentType: stringOr(part.mediaType) ?? 'application/octet-stream' } });
    else if (part.type === 'source-url' || part.type === 'source-document') {
      const source = aiSdkSourcePart(part);
      if (source) model.push(source);
    } else if (part.type === AI_SDK_A2UI_PART) model.push(...aiSdkA2uiParts(part.data));
    else if (name !== undefined) {
      const ref = stringOr(part.toolCallId);
      const approval = part.state === 'approval-requested' && isRecord(part.approval) ? stringOr(part.approval.id) : undefined;
      model.push({ toolRequest: { name, ...(ref !== undefined ? { ref } : {}), input: part.input }, ...(approval ? { metadata: { interrupt: { approvalId: approval } } } : {}) });
      if (part.state === 'output-available' && isUiMessageOutput(part.output)) {
        // An agent used as a tool: its output is the agent's UI message, kept as its run (lifted onto the call).
        const run = part.output;
        const meta = isRecord(run.metadata) ? run.metadata : {};
        const status = SUB_AGENT_STATUSES.has(meta.status) ? meta.status : 'done';
        const kept = { ...(typeof meta.agent === 'string' ? { agent: meta.agent } : {}), status, messages: assistantMessages(run.parts as AiSdkUiPart[]) };
        // The model's side of it, as the AI SDK's agent-as-tool recipe gives it: the agent's last text.
        const text = [...run.parts].reverse().find((each) => each.type === 'text' && typeof each.text === 'string');
        results.push({ toolResponse: { name, ...(ref !== undefined ? { ref } : {}), output: text?.text ?? null }, metadata: { [SUB_AGENT_KEY]: kept } });
      } else if (part.state === 'output-available' || part.state === 'output-error') {
        const output = part.state === 'output-error' ? part.errorText : part.output;
        results.push({ toolResponse: { name, ...(ref !== undefined ? { ref } : {}), output }, ...(part.state === 'output-error' ? { metadata: { isError: true } } : {}) });
      } else if (part.state === 'output-denied') {
        // A refused approval: denied, as `tool-output-denied` decodes live (with the reason when the approval gave one).
        const reason = isRecord(part.approval) ? stringOr(part.approval.reason) : undefined;
        results.push({ toolResponse: { name, ...(ref !== undefined ? { ref } : {}) }, metadata: { denied: true, ...(reason !== undefined ? { reason } : {}) } });
      }
    }
    // Other data-* parts (artifacts, state) are read from the chat's own fields; step boundaries carry nothing else.
  }
  flush();
  return out;
}

/** UI messages (as `useChat` holds them) as the canonical conversation. */
export function fromAiSdkUiMessages(messages: unknown): Message[] {
  const out: Message[] = [];
  for (const message of recordsOf(messages)) {
    const parts = recordsOf(message.parts) as AiSdkUiPart[];
    if (message.role === 'assistant') out.push(...assistantMessages(parts));
    else if (message.role === 'user' || message.role === 'system') {
      const content: Part[] = [];
      for (const part of parts) {
        if (part.type === 'text' && typeof part.text === 'string') content.push({ text: part.text });
        else if (part.type === 'file' && typeof part.url === 'string') {
          const filename = stringOr(part.filename);
          content.push({ media: { url: part.url, contentType: stringOr(part.mediaType) ?? 'application/octet-stream' }, ...(filename ? { metadata: { filename } } : {}) });
        }
      }
      out.push({ role: message.role, content });
    }
  }
  return out;
}

/**
 * Loads a stored chat by id, as AI SDK apps do before `useChat({id, messages})`: `GET <url>/chats/<chatId>` →
 * `{id, messages: UIMessage[], state?, artifacts?, snapshotId?, runningTurnId?}` (the kit's agent server). The chat id is
 * the session id; a `{snapshotId}` query is `unsupported`.
 */
export async function loadAiSdkChat(url: string, query: SnapshotQuery, options: HttpTransportOptions, signal?: AbortSignal): Promise<SnapshotInfo> {
  if (!('sessionId' in query)) throw new AgentChatError('unsupported', 'AI SDK chats are loaded by chat id (sessionId), not by snapshot.');
  const chatId = query.sessionId;
  const target = joinUrl(url, `chats/${encodeURIComponent(chatId)}`);
  let response: Response;
  try {
    response = await (options.fetch ?? globalThis.fetch)(target, { headers: await resolveHeaders(options.headers, { Accept: 'application/json' }), signal: signal ?? null });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new AgentChatError('network-error', `Could not reach ${target}: ${(error as Error)?.message ?? error}`, { cause: error });
  }
  if (!response.ok) throw await httpError(response);
  const body: unknown = await response.json();
  if (!isRecord(body)) throw new AgentChatError('malformed-frame', 'The stored chat is not an object.');
  // Tool results that are an agent's run go onto their calls, where a streamed run is kept.
  const messages = liftSubAgentRuns(fromAiSdkUiMessages(body.messages));
  const last = messages[messages.length - 1];
  const interrupted = last?.role === 'model' && last.content.some((part) => 'toolRequest' in part && part.metadata?.interrupt !== undefined);
  const artifacts = recordsOf(body.artifacts).filter((artifact) => Array.isArray(artifact.parts)) as unknown as Artifact[];
  const snapshotId = stringOr(body.snapshotId);
  const runningTurnId = stringOr(body.runningTurnId);
  return {
    snapshotId: snapshotId ?? chatId,
    sessionId: stringOr(body.id) ?? chatId,
    // The stored chat is the last completed turn's: it ended, interrupted or not.
    ...(messages.length > 0 ? { finishReason: interrupted ? ('interrupted' as const) : ('stop' as const) } : {}),
    ...(runningTurnId ? { runningTurnId } : {}),
    state: { sessionId: chatId, messages, custom: body.state, artifacts },
    raw: body,
  };
}
