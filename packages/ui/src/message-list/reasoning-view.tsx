import type { MessageTiming } from '@agent-chat/core';
import { useState, type SyntheticEvent } from 'react';
import { useLabels } from '../labels/labels.js';

/** Props of {@link ReasoningView}. */
export interface ReasoningViewProps {
  /** The reasoning text. */
  text: string;
  /** The model is still reasoning (the part is the last of a streaming message): open, reading "Thinking…". */
  active: boolean;
  /** The message's timing: its `reasoningMs` gives "Thought for 12 s" once the answer starts. */
  timing?: MessageTiming | undefined;
}

/**
 * A model's reasoning as a disclosure above its answer: open while it streams ("Thinking…"), closed once the answer
 * starts ("Thought for 12 s"); the reader's own toggle wins over both.
 */
export function ReasoningView({ text, active, timing }: ReasoningViewProps) {
  const labels = useLabels();
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? active;
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    // React setting `open` fires toggle too: only a change the reader made differs from what was rendered.
    if (event.currentTarget.open !== open) setChosen(event.currentTarget.open);
  };
  const seconds = timing?.reasoningMs === undefined ? undefined : Math.max(1, Math.round(timing.reasoningMs / 1000));
  const summary = active ? labels.reasoningActive : seconds !== undefined ? labels.reasoningDuration(seconds) : labels.reasoning;
  return (
    <details className="acu-reasoning" data-state={active ? 'streaming' : 'done'} open={open} onToggle={onToggle}>
      <summary className="acu-reasoning__summary">{summary}</summary>
      <div className="acu-reasoning__text">{text}</div>
    </details>
  );
}
