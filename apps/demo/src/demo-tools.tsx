import type { AgentChat, ClientTools } from '@agent-chat/core';
import type { ToolCallStatus, ToolRegistry, ToolRenderProps } from '@agent-chat/ui';
import { useEffect } from 'react';
import type { TaskState } from '@agent-chat/agent-server';
import './demo-tools.css';

/** What the browser answers to getLocalTime. */
export interface LocalTime {
  time: string;
  timeZone: string;
}

/** The user's local time (hours and minutes, in their locale) and time zone, read in the browser. */
export function readLocalTime(now = new Date()): LocalTime {
  return {
    time: new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(now),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/** The tools this browser runs for the agent: it asks for `getLocalTime` when the user asks for the time. */
export const DEMO_CLIENT_TOOLS: ClientTools = {
  getLocalTime: {
    description: "The user's local time and time zone, read in their browser.",
    inputSchema: { type: 'object', properties: {} },
    execute: () => readLocalTime(),
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const STATUS_TEXT: Partial<Record<ToolCallStatus, string>> = { error: 'failed', denied: 'declined', cancelled: 'stopped' };

/** The card of a getLocalTime call: the time and zone the browser gave the agent. */
function LocalTimeCard({ output, status, error }: ToolRenderProps) {
  const answer = isRecord(output) && typeof output.time === 'string' ? (output as unknown as LocalTime) : null;
  return (
    // A group, not a region: one card per call, and landmarks must be unique.
    <div role="group" className="demo-tool-card" data-tool="getLocalTime" data-state={status} aria-label="Your local time">
      <div>
        <div className="demo-tool-card__title">Your local time, read in this browser</div>
        {answer ? (
          <div className="demo-tool-card__value">
            <time className="demo-local-time">{answer.time}</time> <span className="demo-time-zone">{answer.timeZone}</span>
          </div>
        ) : (
          <div className="demo-tool-card__status">{error ?? STATUS_TEXT[status] ?? 'Reading your clock…'}</div>
        )}
      </div>
    </div>
  );
}

/** The card of an addTask call: the task the agent added, with its number. */
function AddTaskCard({ input, output, status, error }: ToolRenderProps) {
  const title = isRecord(output) && typeof output.title === 'string' ? output.title : isRecord(input) && typeof input.title === 'string' ? input.title : '';
  const id = isRecord(output) && typeof output.id === 'number' ? output.id : null;
  return (
    <div role="group" className="demo-tool-card" data-tool="addTask" data-state={status} aria-label="Task added">
      <div>
        <div className="demo-tool-card__title">{status === 'done' ? `Added task${id !== null ? ` #${id}` : ''}` : error ?? STATUS_TEXT[status] ?? 'Adding a task…'}</div>
        <div className="demo-tool-card__value">{title}</div>
      </div>
    </div>
  );
}

/** The cards of the demo's tools, by tool name (the other tools keep the kit's default row). */
export const DEMO_TOOL_CARDS: ToolRegistry = { getLocalTime: LocalTimeCard, addTask: AddTaskCard };

/** Gives `chat` the tools the browser runs (it is created outside React) and returns the cards for `AgentChatView`. */
export function useDemoTools(chat: AgentChat<TaskState>): ToolRegistry {
  useEffect(() => chat.configure({ tools: DEMO_CLIENT_TOOLS }), [chat]);
  return DEMO_TOOL_CARDS;
}
