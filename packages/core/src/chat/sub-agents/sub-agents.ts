import type { ChatFeature } from '../chat-features.js';
import type { ChatParts } from '../chat-parts.js';
import { SUB_AGENT_KEY } from '../../model/sub-agent.js';
import { keepSubAgentRuns, reduceKeptRun, reduceSubAgentEvent, settleSubAgents } from './reduce-sub-agents.js';

/**
 * The `subAgents()` feature: a tool call that runs another agent keeps that agent's run (`metadata.subAgent` on the
 * call's part: its messages, status, timing, usage), streamed as it works, nested as deep as `maxSubAgentDepth`.
 * Without it a sub-agent's events are dropped, and its call shows as one tool call.
 */
export function subAgents(): ChatFeature {
  return {
    name: 'subAgents',
    install<S>(parts: ChatParts<S>): object {
      parts.subAgents = {
        reduce(draft, event, turn) {
          if ('within' in event && event.within?.length) {
            // The limit as `configure` last left it.
            turn.maxSubAgentDepth = parts.settings.options.maxSubAgentDepth;
            reduceSubAgentEvent(draft, event, turn);
            return true;
          }
          if (event.type === 'turn-end') settleSubAgents(draft, turn, event.finishReason);
          else if (event.type === 'tool-response' && event.part.metadata?.[SUB_AGENT_KEY] !== undefined) {
            // A tool result that carries its sub-agent's run (kept by the server): the run goes onto the call.
            reduceKeptRun(draft, event, turn);
            return true;
          }
          return false;
        },
        keep: keepSubAgentRuns,
      };
      return {};
    },
  };
}
