import type { Draft } from 'immer';
import type { AgentInput, AgentResponse } from '../../model/chunk.js';
import { AgentChatError } from '../../model/error.js';
import { isToolRequestPart, isToolResponsePart, type ToolRequestPart, type ToolResponsePart } from '../../model/part.js';
import { DEFAULT_MAX_TOOL_ROUNDS, toolCallIdOf, type ClientTool, type ClientTools, type ToolDeclaration, type ToolResult } from '../../model/tools.js';
import type { ChatState, ClientToolCall } from '../state/chat-state.js';
import type { ChatStore } from '../state/store.js';
import type { AgentChat } from '../agent-chat.js';
import type { ChatFeature } from '../chat-features.js';
import { abortedResponse, safely, type ChatParts } from '../chat-parts.js';
import { enqueueTurn } from '../turn/enqueue-turn.js';

export { DEFAULT_MAX_TOOL_ROUNDS, toolCallIdOf } from '../../model/tools.js';
export type { ClientTool, ClientToolContext, ClientTools, ToolDeclaration, ToolResult } from '../../model/tools.js';

/** The tools as declarations (name, description, input schema), for requests. */
export function declareTools(tools: ClientTools | undefined): ToolDeclaration[] {
  return Object.entries(tools ?? {}).map(([name, tool]) => ({
    name,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    ...(tool.inputSchema !== undefined ? { inputSchema: tool.inputSchema } : {}),
  }));
}

/** Client tool calls the messages from `fromIndex` on request and nothing has answered yet. */
export function unansweredClientCalls(state: ChatState, fromIndex: number, tools: ClientTools): ToolRequestPart[] {
  const answered = new Set<string>();
  const requests: ToolRequestPart[] = [];
  for (let index = fromIndex; index < state.messages.length; index++) {
    for (const part of state.messages[index]!.content) {
      if (isToolResponsePart(part)) answered.add(part.toolResponse.ref ?? part.toolResponse.name);
      else if (isToolRequestPart(part) && !part.toolRequest.partial && Object.hasOwn(tools, part.toolRequest.name)) requests.push(part);
    }
  }
  // Interrupts that are not message parts (AgentFlow's come from its state updates).
  for (const part of state.interrupts) {
    if (Object.hasOwn(tools, part.toolRequest.name) && !requests.some((known) => toolCallIdOf(known) === toolCallIdOf(part))) requests.push(part);
  }
  return requests.filter((part) => !answered.has(toolCallIdOf(part)) && !state.clientToolCalls[toolCallIdOf(part)]);
}

const errorMessageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs `execute`, settling early when the signal aborts (an `execute` that ignores its signal is left behind). */
function runExecute(tool: ClientTool, part: ToolRequestPart, signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new AgentChatError('aborted', 'The tool call was stopped.'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve()
      .then(() => tool.execute!(part.toolRequest.input, { toolCallId: toolCallIdOf(part), signal }))
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const responseOf = (part: ToolRequestPart, output: unknown, error?: string): ToolResponsePart => {
  const { name, ref } = part.toolRequest;
  return { toolResponse: { name, ...(ref !== undefined ? { ref } : {}), output }, ...(error !== undefined ? { metadata: { error } } : {}) };
};

/** Runs one turn; `answers` are recorded as a tool message when it starts. */
export type RunOneTurn<S> = (input: AgentInput, answers: ToolResponsePart[] | null) => Promise<AgentResponse<S>>;

/** What the tool loop needs from the chat. */
export interface ToolLoopSetup<S> {
  store: ChatStore<S>;
  tools: () => ClientTools | undefined;
  maxToolRounds: () => number | undefined;
  onError: (error: AgentChatError) => void;
}

/** The client-tool side of a chat: runs tools after a turn and continues it, bounded; holds answers from the UI. */
export interface ToolLoop<S> {
  /** Runs a turn, then as many tool rounds as the agent asks for (up to the bound). */
  drive(input: AgentInput, answers: ToolResponsePart[] | null, signal: AbortSignal, runOne: RunOneTurn<S>): Promise<AgentResponse<S>>;
  /** Records a UI answer; gives the answers to continue with once no client call of that turn waits any more. */
  answer(result: ToolResult): ToolResponsePart[] | null;
}

const SETTLED: ReadonlySet<string> = new Set(['failed', 'aborted', 'detached', 'blocked']);

/** Creates the tool loop of one chat. */
export function createToolLoop<S>(setup: ToolLoopSetup<S>): ToolLoop<S> {
  const { store } = setup;
  const setCalls = (recipe: (calls: Draft<Record<string, ClientToolCall>>) => void) => store.update((draft) => recipe(draft.clientToolCalls));

  /** Runs the calls that have `execute`; marks the others waiting. Null when stopped. */
  async function runCalls(calls: ToolRequestPart[], tools: ClientTools, signal: AbortSignal): Promise<ToolResponsePart[] | null> {
    setCalls((draft) => {
      for (const part of calls) {
        const { name, input } = part.toolRequest;
        draft[toolCallIdOf(part)] = { name, input, status: tools[name]!.execute ? 'running' : 'waiting' };
      }
    });
    const settled = await Promise.all(calls.filter((part) => tools[part.toolRequest.name]!.execute).map(async (part) => {
      try {
        return { part, output: await runExecute(tools[part.toolRequest.name]!, part, signal) };
      } catch (error) {
        return { part, error: errorMessageOf(error) };
      }
    }));
    if (signal.aborted) {
      setCalls((draft) => {
        for (const part of calls) draft[toolCallIdOf(part)]!.status = 'cancelled';
      });
      return null;
    }
    setCalls((draft) => {
      for (const { part, output, error } of settled) {
        const call = draft[toolCallIdOf(part)]!;
        call.status = error !== undefined ? 'error' : 'answered';
        call.response = responseOf(part, error !== undefined ? { error } : output, error) as Draft<ToolResponsePart>;
      }
    });
    return calls.some((part) => !tools[part.toolRequest.name]!.execute) ? [] : settled.map(({ part }) => store.getState().clientToolCalls[toolCallIdOf(part)]!.response!);
  }

  function exceeded(response: AgentResponse<S>, bound: number): AgentResponse<S> {
    const error = new AgentChatError('tool-rounds-exceeded', `The agent asked for client tools more than ${bound} times in a row.`, { details: { maxToolRounds: bound } });
    store.update((draft) => {
      draft.status = 'error';
      draft.error = error;
      draft.finishReason = 'failed';
    });
    setup.onError(error);
    return { ...response, finishReason: 'failed', error };
  }

  return {
    async drive(input, answers, signal, runOne) {
      let fromIndex = store.getState().messages.length;
      let response = await runOne(input, answers);
      for (let rounds = 0; ; rounds++) {
        const tools = setup.tools();
        if (!tools || signal.aborted || SETTLED.has(response.finishReason)) return response;
        const calls = unansweredClientCalls(store.getState(), fromIndex, tools);
        if (calls.length === 0) return response;
        const bound = setup.maxToolRounds() ?? DEFAULT_MAX_TOOL_ROUNDS;
        if (rounds >= bound) return exceeded(response, bound);
        const next = await runCalls(calls, tools, signal);
        if (next === null) return { ...response, finishReason: 'aborted' };
        if (next.length === 0) return response;
        fromIndex = store.getState().messages.length;
        response = await runOne({ resume: { respond: next } }, next);
      }
    },
    answer({ toolCallId, output }) {
      const calls = store.getState().clientToolCalls;
      const call = calls[toolCallId];
      if (!call || call.status !== 'waiting') throw new AgentChatError('unsupported', `No client tool call ${toolCallId} is waiting for a result.`);
      const ref = toolCallId === call.name ? undefined : toolCallId;
      const response = responseOf({ toolRequest: { name: call.name, ...(ref !== undefined ? { ref } : {}) } }, output);
      setCalls((draft) => {
        draft[toolCallId] = { ...draft[toolCallId]!, status: 'answered', response: response as Draft<ToolResponsePart> };
      });
      const after = store.getState().clientToolCalls;
      if (Object.values(after).some((entry) => entry.status === 'waiting' || entry.status === 'running')) return null;
      return Object.values(after).filter((entry) => entry.response && (entry.status === 'answered' || entry.status === 'error')).map((entry) => entry.response!);
    },
  };
}

/**
 * Client-side tools as a chat feature: the `tools` option (or the tools given here, used when the option is not set)
 * run in the browser when the agent asks for them, `addToolResult` answers those without `execute`, and the turn
 * continues with their results, up to `maxToolRounds`. `createAgentChat({ transport, tools, features: [clientTools()] })`.
 */
export function clientTools(tools?: ClientTools): ChatFeature {
  return {
    name: 'clientTools',
    install<S>(parts: ChatParts<S>): Partial<AgentChat<S>> {
      const { settings, store } = parts;
      const current = () => settings.options.tools ?? tools;
      const loop = createToolLoop<S>({
        store,
        tools: current,
        maxToolRounds: () => settings.options.maxToolRounds,
        onError: (error) => safely(settings.options.onError, error),
      });
      parts.tools = { declare: () => declareTools(current()), drive: loop.drive };
      return {
        async addToolResult(result, resultOptions) {
          const answers = loop.answer(result);
          // Other calls of the turn still wait: nothing is sent yet, the turn's end stands.
          if (!answers) return { ...abortedResponse(store.getState()), finishReason: store.getState().finishReason ?? 'other' };
          return enqueueTurn(parts, { resume: { respond: answers } }, undefined, resultOptions, undefined, answers);
        },
      };
    },
  };
}
