import type { ChatFeature } from '../chat-features.js';
import type { ChatParts } from '../chat-parts.js';
import { SUB_AGENT_KEY } from '../../model/sub-agent.js';
import type * as Held from './held-events.js';
import { keepSubAgentRuns, reduceKeptRun, reduceSubAgentEvent, settleSubAgents } from './reduce-sub-agents.js';

/** The held path (held-events.ts), once its chunk is loaded. */
let held: typeof Held | undefined;

/**
 * The `subAgents()` feature: a tool call that runs another agent keeps that agent's run (`metadata.subAgent` on the
 * call's part: its messages, status, timing, usage), streamed as it works, nested as deep as `maxSubAgentDepth`.
 * Without it a sub-agent's events are dropped, and its call shows as one tool call.
 */
export function subAgents(): ChatFeature {
  return {
    name: 'subAgents',
    install<S>(parts: ChatParts<S>): object {
      // The held path is a chunk of its own, loaded as the feature is installed (a page's first request is still under
      // way). Until it is there, or if it fails to load (the next chat tries again), each event goes through the draft:
      // the same state, at a draft per level.
      if (!held) import('./held-events.js').then((module) => (held = module), () => undefined);
      // The content events into one run a store update ends with, held for its end.
      const holding: { held?: Held.HeldEvents } = {};
      parts.subAgents = {
        reduce(draft, event, turn) {
          const nested = 'within' in event && !!event.within?.length;
          if (nested) {
            // The limit as `configure` last left it.
            turn.maxSubAgentDepth = parts.settings.options.maxSubAgentDepth;
            // Held (a run's content), or the events held before it are applied now: it comes after them.
            if (held?.holdSubAgentEvent(draft, event, turn, holding)) return true;
          } else held?.releaseHeldEvents(draft, turn, holding);
          // A completed message may drop a call whose run this update found already (also while the held events above
          // were applied): the runs are found again.
          if (event.type === 'message-complete') turn.subAgentCache = undefined;
          if (nested) {
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
      // A store update (one per read of the stream) ends with the events held for a run written to it (see
      // held-events.ts). Overridden here, not in the store, so that the default page, without this feature, carries none of it.
      const { store } = parts;
      const update = store.update;
      store.update = (recipe) => (held ? held.updateHolding(store, recipe, holding) : update(recipe));
      return {};
    },
  };
}
