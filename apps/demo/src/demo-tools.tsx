import { isRecord } from '@agent-chat/core/wire';
import type { ToolCallStatus, ToolRegistry, ToolRenderProps } from '@agent-chat/ui';
import type { LocalTime } from './demo-chat.js';
import './demo-tools.css';

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

/** The cards of the demo's tools, by tool name (the other tools keep the kit's default row); the tools themselves are every demo chat's (`createDemoChat`). */
export const DEMO_TOOL_CARDS: ToolRegistry = { getLocalTime: LocalTimeCard, addTask: AddTaskCard };
