import type { AgentChunk } from '../../model/chunk.js';
import type { AgentEvent, RunTarget } from '../../model/events.js';
import type { TurnContext } from './turn-context.js';

/** Builds the `sendStream` chunks of a batch of decoded frames, after their events were reduced. */
export interface ChunkBuilder<S> {
  /** Starts the chunk of the next frame (`raw` is its wire value). */
  startFrame(raw: unknown): void;
  /** Adds what the event contributes, reading state (custom) from the turn after the event was reduced. */
  add(event: AgentEvent, turn: TurnContext): void;
  /** Call once the batch is reduced: the chunks, in order. */
  finish(): AgentChunk<S>[];
}

/**
 * A chunk builder for one batch: a frame's events make one chunk (none when they contribute nothing); the turn-end
 * always becomes a chunk of its own, so it is the last one of the turn.
 */
export function createChunkBuilder<S>(): ChunkBuilder<S> {
  const chunks: AgentChunk<S>[] = [];
  let current: AgentChunk<S> | null = null;
  let hasContent = false;
  const flush = () => {
    if (current && hasContent) chunks.push(current);
    current = null;
    hasContent = false;
  };
  return {
    startFrame(raw) {
      flush();
      current = { raw };
    },
    add(event, turn) {
      const chunk = current;
      if (!chunk) return;
      // A sub-agent's event: its frame still reaches onChunk (as `raw`), but its text and tool calls are not the agent's own.
      if ((event as RunTarget).within) {
        hasContent = true;
        return;
      }
      let source: unknown;
      switch (event.type) {
        case 'text-delta':
          chunk.text = (chunk.text ?? '') + event.text;
          source = event.source;
          break;
        case 'reasoning-delta':
        case 'part-add':
          source = event.source;
          break;
        case 'tool-request':
          chunk.toolRequest ??= event.part;
          source = event.source;
          break;
        case 'tool-response':
          chunk.toolResponse ??= event.part;
          source = event.source;
          break;
        case 'custom-patch':
        case 'custom-snapshot':
        case 'state-snapshot':
          chunk.custom = turn.custom as S;
          break;
        case 'passthrough':
          break;
        case 'artifact-upsert':
          chunk.artifact = event.artifact;
          break;
        case 'turn-end': {
          if (!turn.ended) return;
          flush();
          const turnEnd = { finishReason: event.finishReason, ...(event.snapshotId ? { snapshotId: event.snapshotId } : {}) };
          chunks.push({ turnEnd, raw: event.raw ?? { turnEnd } });
          return;
        }
        default:
          return;
      }
      // The model chunk a frame's content came from, when the dialect gives one (the first of the frame).
      if (source !== undefined) chunk.modelChunk ??= source;
      hasContent = true;
    },
    finish() {
      flush();
      return chunks;
    },
  };
}
