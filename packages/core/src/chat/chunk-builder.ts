import type { AgentChunk } from '../model/chunk.js';
import type { AgentEvent } from '../model/events.js';
import type { TurnContext } from './turn-context.js';

/**
 * Builds the `sendStream` chunks of one decoded frame, after its events were reduced.
 * The turn-end always becomes a chunk of its own, so it is the last one of the turn.
 */
export class ChunkBuilder<S> {
  readonly chunks: AgentChunk<S>[] = [];
  private current: AgentChunk<S> | null = null;
  private hasContent = false;

  startFrame(raw: unknown): void {
    this.flush();
    this.current = { raw };
    this.hasContent = false;
  }

  /** Adds what the event contributes, reading state (custom) from the turn after the event was reduced. */
  add(event: AgentEvent, turn: TurnContext): void {
    const chunk = this.current;
    if (!chunk) return;
    switch (event.type) {
      case 'text-delta':
        chunk.text = (chunk.text ?? '') + event.text;
        this.withSource(event.source);
        return;
      case 'reasoning-delta':
      case 'part-add':
        this.withSource(event.source);
        return;
      case 'tool-request':
        chunk.toolRequest ??= event.part;
        this.withSource(event.source);
        return;
      case 'tool-response':
        chunk.toolResponse ??= event.part;
        this.withSource(event.source);
        return;
      case 'custom-patch':
      case 'custom-snapshot':
      case 'state-snapshot':
        chunk.custom = turn.custom as S;
        this.hasContent = true;
        return;
      case 'passthrough':
        this.hasContent = true;
        return;
      case 'artifact-upsert':
        chunk.artifact = event.artifact;
        this.hasContent = true;
        return;
      case 'turn-end': {
        if (!turn.ended) return;
        this.flush();
        const turnEnd = { finishReason: event.finishReason, ...(event.snapshotId ? { snapshotId: event.snapshotId } : {}) };
        this.chunks.push({ turnEnd, raw: event.raw ?? { turnEnd } });
        this.current = null;
        return;
      }
      default:
        return;
    }
  }

  /** Call once the batch is reduced. */
  finish(): AgentChunk<S>[] {
    this.flush();
    this.current = null;
    return this.chunks;
  }

  private withSource(source: unknown): void {
    if (this.current && source !== undefined) this.current.modelChunk ??= source;
    this.hasContent = true;
  }

  private flush(): void {
    if (this.current && this.hasContent) this.chunks.push(this.current);
    this.current = null;
    this.hasContent = false;
  }
}
