import { useId, useState, type HTMLAttributes, type ReactNode } from 'react';
import { ArtifactView } from './artifact-view.js';
import { cx } from './class-names.js';
import { AllowedImageOriginsContext } from './media-policy.js';
import { useChatView } from './use-chat-view.js';
import type { AgentChat } from '@agent-chat/core';

/** Props of {@link ArtifactPanel}. */
export interface ArtifactPanelProps<S = unknown> extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  chat?: AgentChat<S>;
  /** The panel's heading. Default "Artifacts". */
  title?: ReactNode;
  /** Shown when there are no artifacts. */
  empty?: ReactNode;
  /** How long an updated artifact stays highlighted, in ms. Default 2000. */
  highlightMs?: number;
  /** Origins whose images load without a click (see `MessageList`). */
  allowedImageOrigins?: readonly string[];
}

const NO_ORIGINS: readonly string[] = [];

/**
 * The agent's artifacts by name: markdown and text rendered safely, code with a copy button, media, and a download
 * link each. An update to a same-name artifact replaces it in place and is highlighted (`data-state="updated"`).
 */
export function ArtifactPanel<S = unknown>({ chat, title = 'Artifacts', empty, highlightMs = 2000, allowedImageOrigins = NO_ORIGINS, className, ...rest }: ArtifactPanelProps<S>) {
  const { artifacts } = useChatView(chat);
  const id = useId();
  const [announcement, setAnnouncement] = useState('');
  let unnamed = 0;
  return (
    <section {...rest} className={cx('acu-artifacts', className)} data-state={artifacts.length > 0 ? 'filled' : 'empty'} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="acu-artifacts__title">{title}</h2>
      {artifacts.length === 0 ? (
        <p className="acu-artifacts__empty" data-state="empty">{empty ?? 'No artifacts yet.'}</p>
      ) : (
        <AllowedImageOriginsContext.Provider value={allowedImageOrigins}>
        <ul className="acu-artifacts__list">
          {artifacts.map((artifact, index) => {
            const fallbackName = artifact.name === undefined ? `Untitled ${++unnamed}` : '';
            return (
              <li key={artifact.name !== undefined ? `name:${artifact.name}` : `index:${index}`} className="acu-artifacts__item">
                <ArtifactView artifact={artifact} fallbackName={fallbackName} highlightMs={highlightMs} onUpdate={setAnnouncement} />
              </li>
            );
          })}
        </ul>
        </AllowedImageOriginsContext.Provider>
      )}
      <div className="acu-visually-hidden" aria-live="polite">{announcement}</div>
    </section>
  );
}
