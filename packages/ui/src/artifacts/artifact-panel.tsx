import { useId, useState, type HTMLAttributes, type ReactNode } from 'react';
import { ArtifactView } from './artifact-view.js';
import { cx } from '../util/class-names.js';
import { LabelsProvider, useLabels, type AgentChatLabels } from '../labels/labels.js';
import { AllowedImageOriginsContext, HostConsentContext, hostConsentFor } from '../media/media-policy.js';
import { useChatOf } from '../context/use-chat-view.js';
import { useAgentChatSelector } from '@agent-chat/react';
import type { AgentChat, ChatState } from '@agent-chat/core';

/** Props of {@link ArtifactPanel}. */
export interface ArtifactPanelProps<S = unknown> extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  chat?: AgentChat<S>;
  /** The panel's heading. Default: the `artifacts` label, "Artifacts". */
  title?: ReactNode;
  /** Shown when there are no artifacts. */
  empty?: ReactNode;
  /** How long an updated artifact stays highlighted, in ms. Default 2000. */
  highlightMs?: number;
  /** Origins whose images load without a click (see `MessageList`). */
  allowedImageOrigins?: readonly string[];
  /** Replaces some of its strings (`artifacts`, `artifactsEmpty`, `download`…). */
  labels?: Partial<AgentChatLabels>;
}

const NO_ORIGINS: readonly string[] = [];
const NO_LABELS: Partial<AgentChatLabels> = {};
const selectArtifacts = (state: ChatState<unknown>) => state.artifacts;

/**
 * The agent's artifacts by name: markdown and text rendered safely, code with a copy button, media, and a download
 * link each. It renders only when the artifacts change, never on text tokens. An update to a same-name artifact replaces it in place and is highlighted (`data-state="updated"`).
 */
export function ArtifactPanel<S = unknown>({ chat, title, empty, highlightMs = 2000, allowedImageOrigins = NO_ORIGINS, labels: own, className, ...rest }: ArtifactPanelProps<S>) {
  const labels = useLabels(own);
  // Only the artifacts: a text token leaves them (the same array) untouched, so the panel does not render on tokens.
  const shown = useChatOf(chat, 'ArtifactPanel');
  const artifacts = useAgentChatSelector(shown, selectArtifacts);
  const hostConsent = hostConsentFor(shown);
  const id = useId();
  const [announcement, setAnnouncement] = useState('');
  let unnamed = 0;
  return (
    <section {...rest} className={cx('acu-artifacts', className)} data-state={artifacts.length > 0 ? 'filled' : 'empty'} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="acu-artifacts__title">{title ?? labels.artifacts}</h2>
      {artifacts.length === 0 ? (
        <p className="acu-artifacts__empty">{empty ?? labels.artifactsEmpty}</p>
      ) : (
        <AllowedImageOriginsContext.Provider value={allowedImageOrigins}>
        <HostConsentContext.Provider value={hostConsent}>
        <LabelsProvider labels={own ?? NO_LABELS}>
        <ul className="acu-artifacts__list">
          {artifacts.map((artifact, index) => {
            const fallbackName = artifact.name === undefined ? labels.untitledArtifact(++unnamed) : '';
            return (
              <li key={artifact.name !== undefined ? `name:${artifact.name}` : `index:${index}`} className="acu-artifacts__item">
                <ArtifactView artifact={artifact} fallbackName={fallbackName} highlightMs={highlightMs} onUpdate={setAnnouncement} />
              </li>
            );
          })}
        </ul>
        </LabelsProvider>
        </HostConsentContext.Provider>
        </AllowedImageOriginsContext.Provider>
      )}
      <div className="acu-visually-hidden" aria-live="polite">{announcement}</div>
    </section>
  );
}
