import type { Part, ToolRequestPart } from '@agent-chat/core';
import type { InterruptQuestion } from '../interrupt-prompt/interrupt-answers.js';
import type { AgentChat } from '@agent-chat/core';
import { createContext, useContext, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { ToolCallStatus } from './tool-call-status.js';

/** A pending interrupt that asks the user about a tool call: its part and what it asks. */
export interface ToolCallQuestion {
  part: ToolRequestPart;
  /** Its title, question, labels and text answer, as the kit's prompt reads them (`interruptQuestion(part)`). */
  prompt: InterruptQuestion;
}

/** What a tool's renderer is given; `Input` and `Output` are the app's word for its tool (see {@link toolUI}). */
export interface ToolRenderProps<Input = unknown, Output = unknown> {
  toolCallId: string;
  name: string;
  input: Input;
  output: Output | undefined;
  /** The request part itself (its `metadata`, `partial` while the input streams). */
  request: ToolRequestPart;
  /** The pending interrupt that asks about this call (matched by its ref), with its question; undefined when none waits. */
  interrupt: ToolCallQuestion | undefined;
  status: ToolCallStatus;
  error: string | undefined;
  /** Answers the call: a client tool without `execute` (its result, `addToolResult`), or an interrupt (`chat.resume`). */
  resume(output: unknown): void;
  /** Answers an interrupt yes: `resume(true)`. */
  confirm(): void;
  /** Answers an interrupt with `false`, or `{approved: false, reason}`. */
  deny(reason?: string): void;
}

/** The components a list falls back to for tool calls and interrupts without a renderer of their own. */
export interface ToolComponents {
  ToolCall?: ComponentType<ToolRenderProps> | undefined;
  Interrupt?: ComponentType<ToolRenderProps> | undefined;
}

/** Renders one tool call. */
export type ToolRenderer<Input = unknown, Output = unknown> = (props: ToolRenderProps<Input, Output>) => ReactNode;

/**
 * A registry entry with typed `input` and `output`: `tools={{ ...toolUI<WeatherInput, Weather>('getWeather', (call) =>
 * …) }}`. The types are the app's word for what its agent sends (nothing checks them at run time): check the values
 * there if the agent may send others.
 */
export function toolUI<Input, Output = unknown>(name: string, render: ToolRenderer<Input, Output>): ToolRegistry {
  // The one place the kit trusts the app's types for a tool's values.
  return { [name]: render as unknown as ToolRenderer };
}

/** Renderers by tool name; an inline object is fine (rows re-render only when their own tool state changes). */
export type ToolRegistry = Record<string, ToolRenderer>;

/** The identity of a call to answer. */
export interface ToolCallRef {
  toolCallId: string;
  name: string;
  ref: string | undefined;
}

/** What rows read from the registry: stable for the list's lifetime, so a new registry object re-renders no row. */
export interface ToolRegistryValue {
  /** The renderer registered for `name`, else the app's `ToolCall` (or `Interrupt`, for an interrupt) component, if any. */
  renderer(name: string, interrupt?: boolean): ToolRenderer | undefined;
  answer(call: ToolCallRef, output: unknown): void;
  /** The list's chat (for parts that read the conversation or send to it: agent-sent UI). */
  chat(): AgentChat;
}

const ToolRegistryContext = createContext<ToolRegistryValue | null>(null);

/** The tool call a renderer (or `ToolCall` / `Interrupt` component) is drawing; null elsewhere. */
export const ToolCallContext = createContext<ToolRenderProps | null>(null);

/**
 * The tool call around the caller — what its renderer was given (name, input, output, status, the request part, the
 * interrupt that waits on it, `resume` / `confirm` / `deny`) — for an app's parts deep inside a tool card. Throws
 * outside a tool call's rendering.
 */
export function useToolCall(): ToolRenderProps {
  const value = useContext(ToolCallContext);
  if (!value) throw new Error('useToolCall() must be called inside a tool call\'s rendering (a `tools` renderer, or a ToolCall / Interrupt component)');
  return value;
}

/** The registry and answer functions of the nearest message list, if any. */
export const useToolRegistry = (): ToolRegistryValue | null => useContext(ToolRegistryContext);

/** The chat actions that answer tool calls. */
export interface ToolAnswerActions {
  chat: AgentChat;
  resume(parts: Part[]): Promise<unknown>;
}

/** A stable registry value that always reads the latest `tools` and actions. */
export function useStableToolRegistry(tools: ToolRegistry | undefined, actions: ToolAnswerActions, components?: ToolComponents): ToolRegistryValue {
  const latest = useRef({ tools, actions, components });
  // Read during the same render by the rows below, so it is set here, not in an effect (the latest-ref pattern: the
  // registry's identity never changes, so an inline `tools` object re-renders no row).
  // eslint-disable-next-line react-hooks/refs -- see above
  latest.current = { tools, actions, components };
  const [value] = useState<ToolRegistryValue>(() => ({
    renderer: (name, interrupt = false) => {
      const renderer = latest.current.tools?.[name];
      if (typeof renderer === 'function') return renderer;
      const Fallback = interrupt ? latest.current.components?.Interrupt : latest.current.components?.ToolCall;
      return Fallback ? (props) => <Fallback {...props} /> : undefined;
    },
    answer: ({ toolCallId, name, ref }, output) => {
      const { chat, resume } = latest.current.actions;
      const state = chat.getState();
      if (state.clientToolCalls[toolCallId]?.status === 'waiting') {
        void chat.addToolResult({ toolCallId, output });
        return;
      }
      void resume([{ toolResponse: { name, ...(ref !== undefined ? { ref } : {}), output } }]);
    },
    chat: () => latest.current.actions.chat,
  }));
  return value;
}

/** Provides a registry value to the rows below. */
export function ToolRegistryProvider({ value, children }: { value: ToolRegistryValue; children: ReactNode }) {
  return <ToolRegistryContext.Provider value={value}>{children}</ToolRegistryContext.Provider>;
}
