/**
 * Sub-agents: an agent that runs another agent inside one of its tools forwards the sub-agent's stream into its own
 * turn, whichever handler serves it. Genkit has no sub-agent chunk and a tool cannot stream, so the sub-agent's model
 * chunks travel as tool-phase model chunks that say whose they are (`custom.subAgent`, the model chunk's free slot):
 *
 *   {modelChunk: {role: 'tool', content, custom: {subAgent: {path, agent, role?, index?, status?, error?}}}}
 *
 * `path`: the refs of the tool calls the run nests in, outermost first. The Genkit route streams these chunks as
 * they are; the AG-UI route writes them as SUBAGENT_* events with `subagentRunId`, the AI SDK route as preliminary
 * tool outputs carrying the sub-agent's UI message.
 */
import type { AgentStreamChunk, MessageData, Part, ToolRequestPart, ToolResponsePart } from 'genkit/beta';
import { currentTurn, isRecord, runInTurn, type SubAgentSink } from './runtime.js';

/** Where a sub-agent run stands, on the wire. */
export type SubAgentWireStatus = 'running' | 'done' | 'failed' | 'aborted' | 'interrupted';

/** The `custom.subAgent` of a forwarded chunk. */
export interface SubAgentWire {
  path: string[];
  agent?: string;
  role?: 'model' | 'tool';
  index?: number;
  status?: SubAgentWireStatus;
  error?: string;
  /** At an `interrupted` end: the refs of the questions the sub-agent asked (its interrupts), for routes that name them. */
  asks?: string[];
}

/** A sink that writes into `send` and learns tool-call refs from the chunks it observes. */
export function createSubAgentSink(send: (chunk: AgentStreamChunk) => void, path: readonly string[] = []): SubAgentSink {
  const refs = new Map<string, string[]>();
  const seen = new Set<string>();
  return {
    path,
    send,
    observe(chunk) {
      const model = chunk.modelChunk;
      if (!model || subAgentWireOf(model)) return;
      for (const part of model.content) {
        const request = part.toolRequest;
        if (!request?.ref || seen.has(request.ref)) continue;
        seen.add(request.ref);
        const list = refs.get(request.name) ?? [];
        list.push(request.ref);
        refs.set(request.name, list);
      }
    },
    takeRef: (name) => refs.get(name)?.shift(),
  };
}

/** The `custom.subAgent` of a model chunk, when it is a forwarded sub-agent chunk. */
export function subAgentWireOf(modelChunk: { custom?: unknown }): SubAgentWire | undefined {
  const wire = isRecord(modelChunk.custom) ? modelChunk.custom.subAgent : undefined;
  return isRecord(wire) && Array.isArray(wire.path) && wire.path.length > 0 && wire.path.every((ref) => typeof ref === 'string') ? (wire as unknown as SubAgentWire) : undefined;
}

/** What a sub-agent's result says about how it ended (a Genkit agent's `{result: AgentOutput}` or its output). */
function endOf(result: unknown): SubAgentWireStatus {
  const output = isRecord(result) && isRecord(result.result) ? result.result : result;
  const reason = isRecord(output) ? output.finishReason : undefined;
  return reason === 'interrupted' ? 'interrupted' : reason === 'failed' ? 'failed' : reason === 'aborted' ? 'aborted' : 'done';
}

/** Which tool call runs the sub-agent: `ref` (else the oldest unclaimed call to tool `name` this turn streamed). */
export interface SubAgentCall {
  name: string;
  ref?: string;
  /** The sub-agent's name, as the client shows it (default: the tool's name). */
  agent?: string;
}

/**
 * Runs a sub-agent inside a tool and forwards its stream into the running turn: `run` gets the `onChunk` to hand the
 * sub-agent (`researcher.run(input, {onChunk})`). The run is announced (`running`) and ended (`done`, `interrupted`,
 * `failed`, `aborted`, from its result or its exception); a sub-agent's own sub-agents nest under it. It runs in the
 * turn's context, so the turn's stop stops it too. Outside a handler's turn it just runs, unforwarded.
 */
export async function forwardSubAgent<T>(call: SubAgentCall, run: (onChunk: (chunk: AgentStreamChunk) => void) => Promise<T>): Promise<T> {
  const turn = currentTurn();
  const sink = turn?.subAgents;
  const ref = call.ref ?? sink?.takeRef(call.name);
  if (!turn || !sink || ref === undefined) return run(() => undefined);
  const path = [...sink.path, ref];
  const agent = call.agent ?? call.name;
  const emit = (content: Part[], fields: Omit<SubAgentWire, 'path' | 'agent'>) =>
    sink.send({ modelChunk: { role: 'tool', content, custom: { subAgent: { path, agent, ...fields } } } });
  // The sub-agent's own sub-agents write into the same stream; their chunks carry their whole path already.
  const inner = createSubAgentSink(sink.send, path);
  emit([], { status: 'running' });
  try {
    const result = await runInTurn({ ...turn, subAgents: inner }, () => run((chunk) => {
      inner.observe(chunk);
      const model = chunk.modelChunk;
      if (!model || subAgentWireOf(model)) return;
      emit(model.content, { ...(model.role === 'model' || model.role === 'tool' ? { role: model.role } : {}), ...(typeof model.index === 'number' ? { index: model.index } : {}) });
    }));
    const status = turn.signal.aborted ? 'aborted' : endOf(result);
    const asks = status === 'interrupted' ? askedBy(result)?.subAgent.asks.map((part) => part.toolRequest.ref ?? part.toolRequest.name) : undefined;
    emit([], { status, ...(asks && asks.length > 0 && { asks }) });
    return result;
  } catch (error) {
    emit([], { status: turn.signal.aborted ? 'aborted' : 'failed', error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

/** A sub-agent's run as a client keeps it: its name, how it ended, and its messages (its brief left out). */
export interface KeptRun {
  agent: string;
  status: SubAgentWireStatus;
  messages: MessageData[];
}

/**
 * The run a sub-agent's result describes (a Genkit agent's `{result: AgentOutput}`: its session's messages when the
 * agent keeps no store, else its answer), for a multipart tool to return as its result's `metadata.subAgent`: the
 * session keeps it with the tool's result, and a client that restores the conversation shows the run again.
 */
export function keptRun(agent: string, result: unknown): KeptRun {
  const output = isRecord(result) && isRecord(result.result) ? result.result : result;
  const state = isRecord(output) && isRecord(output.state) ? output.state : undefined;
  const messages = (Array.isArray(state?.messages) ? state.messages : isRecord(output) && isRecord(output.message) ? [output.message] : []) as MessageData[];
  return { agent, status: endOf(result), messages: messages.filter((message) => message.role === 'model' || message.role === 'tool') };
}

/** The run a tool's result part keeps (`metadata.subAgent`, see {@link keptRun}), if it keeps one. */
export function keptRunOf(part: ToolResponsePart): KeptRun | undefined {
  const run = part.metadata?.subAgent;
  return isRecord(run) && Array.isArray(run.messages) ? { agent: typeof run.agent === 'string' ? run.agent : 'agent', status: typeof run.status === 'string' ? (run.status as SubAgentWireStatus) : 'done', messages: run.messages as MessageData[] } : undefined;
}

/**
 * What a tool that runs a sub-agent interrupts its turn with when the sub-agent asked: its state, what it asked, and
 * its name (a client that restores the session while the question waits shows the sub-agent's run from these).
 */
export interface SubAgentQuestion {
  subAgent: { state: unknown; asks: ToolRequestPart[]; agent?: string };
}

/**
 * The interrupt metadata for a sub-agent that asked the user (its result ended `interrupted`): the tool that runs it
 * interrupts with it (`interrupt(askedBy(result, 'researcher'))`); undefined when it did not ask. The questions reach the user
 * inside the run (the forwarded stream carried them); the answers come back through {@link routeSubAgentAnswers}.
 */
export function askedBy(result: unknown, agent?: string): SubAgentQuestion | undefined {
  const output = isRecord(result) && isRecord(result.result) ? result.result : result;
  if (!isRecord(output) || output.finishReason !== 'interrupted') return undefined;
  const content = isRecord(output.message) && Array.isArray(output.message.content) ? (output.message.content as Part[]) : [];
  const asks = content.filter((part): part is ToolRequestPart => !!part.toolRequest && !!part.metadata?.interrupt);
  return { subAgent: { state: output.state, asks, ...(agent !== undefined && { agent }) } };
}

/** The sub-agent question an open interrupt of the agent carries (see {@link askedBy}). */
const questionOf = (part: ToolRequestPart): SubAgentQuestion['subAgent'] | undefined => {
  const interrupt = part.metadata?.interrupt;
  const asked = isRecord(interrupt) ? interrupt.subAgent : undefined;
  return isRecord(asked) && Array.isArray(asked.asks) ? (asked as SubAgentQuestion['subAgent']) : undefined;
};

/**
 * The questions a sub-agent asked through this open interrupt of the agent (the tool call that runs it waits with
 * them, see {@link askedBy}); empty for any other interrupt. Routes ask these instead of the call, and take their
 * answers back by the questions' refs.
 */
export const subAgentAsks = (part: ToolRequestPart): ToolRequestPart[] =>
  (questionOf(part)?.asks ?? []).filter((ask) => isRecord(ask) && isRecord(ask.toolRequest) && typeof ask.toolRequest.name === 'string');

/**
 * A turn's input whose `resume.respond` answers questions a sub-agent asked (refs of its `asks`): those answers become
 * a `restart` of the tool call that runs it, with them as `resumed.answers` and the call's ref as `resumed.ref` (the
 * tool resumes its sub-agent from its kept state, forwarded under that ref); other answers stay as they are.
 * `pending`: the agent's open interrupts.
 */
export function routeSubAgentAnswers(input: unknown, pending: readonly ToolRequestPart[]): unknown {
  if (!isRecord(input) || !isRecord(input.resume) || !Array.isArray(input.resume.respond)) return input;
  let respond = input.resume.respond as ToolResponsePart[];
  const restart: ToolRequestPart[] = [];
  for (const carrier of pending) {
    const asked = questionOf(carrier);
    if (!asked) continue;
    const refs = new Set(asked.asks.map((part) => part.toolRequest.ref ?? part.toolRequest.name));
    const answers = respond.filter((part) => refs.has(part.toolResponse.ref ?? part.toolResponse.name));
    if (answers.length === 0) continue;
    respond = respond.filter((part) => !answers.includes(part));
    // `ref`: the call's, for forwardSubAgent (a restarted call is not streamed again, so it cannot be learned).
    restart.push({ toolRequest: carrier.toolRequest, metadata: { ...carrier.metadata, resumed: { answers, ...(carrier.toolRequest.ref !== undefined && { ref: carrier.toolRequest.ref }) } } });
  }
  if (restart.length === 0) return input;
  const previous = Array.isArray(input.resume.restart) ? (input.resume.restart as ToolRequestPart[]) : [];
  const { respond: _answered, ...resume } = input.resume;
  return { ...input, resume: { ...resume, ...(respond.length > 0 && { respond }), restart: [...previous, ...restart] } };
}
