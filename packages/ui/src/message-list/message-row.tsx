import type { AgentChat } from '@agent-chat/core';
import {
  isMediaPart, isReasoningPart, isSourcePart, isTextPart, isToolRequestPart, isToolResponsePart,
  type ChatMessage, type MessageStatus, type Part, type Role, type Source,
} from '@agent-chat/core';
import { Fragment, memo, useContext, useRef, type ComponentType, type ReactNode } from 'react';
import { formatValue } from '../util/format-value.js';
import { useLabels, type AgentChatLabels } from '../labels/labels.js';
import { MarkdownText } from '../markdown/lazy-markdown.js';
import { LazyMediaView, LazyMessageSources, LazyMessageUsage } from './row-parts.js';
import { LazyToolActivity } from '../tools/lazy-tool-activity.js';
import { CitationSourcesContext } from '../markdown/citation-marker.js';
import { sourcesOf } from './message-sources.js';
import { ShowUsageContext } from './message-usage.js';
import { ReasoningView } from './reasoning-view.js';
import type { MessageActionsProps } from '../message-actions/message-actions.js';
import { renderToolCall } from '../tools/tool-call-row.js';
import { speakerOf } from './row-groups.js';
import { PAIRED, type RowToolLinks } from '../tools/tool-links.js';
import type { MessageListComponents } from './message-context.js';
import { useToolRegistry, type ToolRegistryValue } from '../tools/tool-registry.js';

/** Where a part sits, for a custom part renderer. */
export interface MessagePartContext {
  message: ChatMessage;
  index: number;
}

/** Renders one part; return `undefined` for the default rendering. Keep it stable (module scope or `useCallback`). */
export type RenderMessagePart = (part: Part, context: MessagePartContext) => ReactNode | undefined;

/** The actions component of every row and its chat (one stable object per list). */
export interface RowActions {
  component: ComponentType<MessageActionsProps>;
  chat: AgentChat;
}

/** Each role's name from the labels in effect. */
export const roleNames = (labels: AgentChatLabels): Record<Role, string> => ({
  user: labels.roleUser, model: labels.roleModel, tool: labels.roleTool, system: labels.roleSystem,
});

// Only a stopped or failed reply has a note: it is incomplete.
const statusNote = (status: MessageStatus, labels: AgentChatLabels) =>
  status === 'aborted' ? labels.replyStopped : status === 'failed' ? labels.replyFailed : undefined;

interface MessageRowProps {
  message: ChatMessage;
  links: RowToolLinks;
  renderPart: RenderMessagePart | undefined;
  /** Copy, regenerate, edit, versions and retry; none when undefined. */
  actions?: RowActions | undefined;
  canRetry?: boolean;
  /**
   * Set on the row that ends an answer (or on a user message): it carries the answer's status note and actions, and
   * this is the message whose versions the switcher shows (the answer's first message with alternatives).
   */
  end?: ChatMessage | undefined;
  /** The model messages of the answer this row ends, in order (set when the answer has more than one): Copy copies their text. */
  answer?: readonly ChatMessage[] | undefined;
  /** Why the turn failed, on the failed end of the conversation: shown in its one error notice. */
  failure?: string | undefined;
}

/**
 * The index of the part a streaming answer's caret follows: its last part when that is text (sources, listed under the
 * message, do not count); -1 when none (not streaming, or a tool call or reasoning is last).
 */
function caretIndex(message: ChatMessage): number {
  if (message.status !== 'streaming') return -1;
  for (let index = message.content.length - 1; index >= 0; index--) {
    const part = message.content[index]!;
    if (isSourcePart(part)) continue;
    return isTextPart(part) ? index : -1;
  }
  return -1;
}

function renderDefault(
  message: ChatMessage, part: Part, index: number, links: RowToolLinks, registry: ToolRegistryValue | null, caret: boolean,
): ReactNode {
  if (isTextPart(part)) {
    if (message.role === 'user') return <p className="acu-message__text" data-state="plain">{part.text}</p>;
    return <MarkdownText className="acu-message__text" data-state="markdown" text={part.text} complete={message.status !== 'streaming'} caret={caret} />;
  }
  if (isReasoningPart(part)) {
    return <ReasoningView text={part.reasoning} active={message.status === 'streaming' && index === message.content.length - 1} timing={message.timing} />;
  }
  if (isSourcePart(part)) return null; // listed, numbered, under the message (MessageSources)
  if (isMediaPart(part)) return <LazyMediaView className="acu-message__media" media={part.media} name={typeof part.metadata?.filename === 'string' ? part.metadata.filename : undefined} zoom />;
  const link = links.entries[index];
  if (isToolRequestPart(part)) {
    return renderToolCall(message, part, index, link && link !== PAIRED ? link : undefined, links, registry);
  }
  if (isToolResponsePart(part)) return link === PAIRED ? null : <LazyToolActivity response={part.toolResponse} state="done" />;
  if ('data' in part) return <pre className="acu-data">{formatValue(part.data)}</pre>;
  return null;
}

/**
 * One message of a row (a segment of its article: an answer's article holds all of its messages). Memoized: it
 * re-renders only when its message or its tool links change, not on other messages' tokens.
 */
export const MessageRow = memo(function MessageRow({ message, links, renderPart, actions, canRetry = false, end, answer, failure }: MessageRowProps) {
  const parts: ReactNode[] = [];
  const registry = useToolRegistry();
  const labels = useLabels();
  const caretAt = caretIndex(message);
  message.content.forEach((part, index) => {
    const custom = renderPart?.(part, { message, index });
    const node = custom === undefined ? renderDefault(message, part, index, links, registry, index === caretAt) : custom;
    if (node !== null && node !== false) parts.push(<Fragment key={index}>{node}</Fragment>);
  });
  const streaming = message.status === 'streaming';
  const showUsage = useContext(ShowUsageContext);
  const sources = useSources(message);
  // An answer's note and actions sit once, at its end (a row in the middle of an answer has neither).
  const note = end ? statusNote(message.status, labels) : undefined;
  // Nothing to show yet (a tool result shown on its call's row, a message with no parts): no row, and no bare label.
  if (parts.length === 0 && !note) return null;
  return (
    <div className="acu-message__segment" data-role={message.role} data-state={message.status} data-message-id={message.id}>
      <CitationSourcesContext.Provider value={sources}>
        {parts.length > 0 ? <div className="acu-message__body" data-state={message.status}>{parts}</div> : null}
      </CitationSourcesContext.Provider>
      {sources.length > 0 ? <LazyMessageSources message={message} /> : null}
      {showUsage && message.role === 'model' && !streaming && (message.usage || message.timing) ? <LazyMessageUsage message={message} /> : null}
      {end && (note || actions) ? (
        <div className="acu-message__footer" data-state={message.status} data-outcome={message.status === 'failed' || message.status === 'aborted' ? message.status : undefined}>
          {note ? (
            // The one notice of a failed turn (no banner beside it): what happened, then why, with Retry after it.
            <p className="acu-message__status" data-state={message.status} role={failure ? 'alert' : undefined}>
              {note}
              {failure ? <span className="acu-message__reason"> {failure}</span> : null}
            </p>
          ) : null}
          {actions ? <actions.component message={message} chat={actions.chat} canRetry={canRetry} versions={end} answer={answer} /> : null}
        </div>
      ) : null}
    </div>
  );
});

const NO_SOURCES: readonly Source[] = [];

/**
 * The message's sources, one array while they stay the same: the citation context's value must not change with every
 * token of a streaming answer (React would search the whole answer's tree for its readers at each commit).
 */
function useSources(message: ChatMessage): readonly Source[] {
  const kept = useRef<readonly Source[]>(NO_SOURCES);
  /* eslint-disable react-hooks/refs -- a cache: equal lists keep the identity of the first */
  const next = sourcesOf(message);
  if (next.length !== kept.current.length || next.some((source, index) => source !== kept.current[index])) kept.current = next.length === 0 ? NO_SOURCES : next;
  return kept.current;
  /* eslint-enable react-hooks/refs */
}

/** What every row of a list shares: one stable object per list, so memoized rows compare it by identity. */
export interface RowShared {
  /** Each role's name. */
  names: Record<Role, string>;
  /** The app's row components (defaults where absent). */
  components: MessageListComponents;
  renderPart: RenderMessagePart | undefined;
  actions?: RowActions | undefined;
  /** Shown instead of a row that failed to render. */
  renderError: string;
}


/** Where rows sit in their author's run: which open it (the author label) and which end an answer (note and actions). */
export interface RowPlaces {
  /** The first row of a run of one author's messages that shows something: it carries the author label. */
  heads: ReadonlySet<string>;
  /**
   * The rows that carry a note and actions, each with the message whose versions its switcher shows: the last row of
   * the agent's run (one answer: tool cards, reasoning, text, artifacts) with the run's first message that has
   * alternatives (else its first row); every user or system message for itself.
   */
  ends: ReadonlyMap<string, ChatMessage>;
  /**
   * The answers of more than one message, by the id of their end row: every shown model message of the run, in order
   * (what Copy copies). An answer equal to the previous places' keeps its array, so its memoized row skips rendering.
   */
  answers: ReadonlyMap<string, readonly ChatMessage[]>;
}

/** The message shows something: a tool result shown on its call's row, or a message with no parts yet, does not. */
export function shows(message: ChatMessage, links: ReadonlyMap<string, RowToolLinks>): boolean {
  const entries = links.get(message.id)?.entries;
  return message.status === 'aborted' || message.status === 'failed'
    || message.content.some((part, index) => !(isToolResponsePart(part) && entries?.[index] === PAIRED));
}

const sameMessages = (a: readonly ChatMessage[] | undefined, b: readonly ChatMessage[]) =>
  a !== undefined && a.length === b.length && a.every((message, index) => message === b[index]);

/** Works out {@link RowPlaces} for the rows in view, in one pass; `previous` lends its unchanged answer arrays. */
export function rowPlaces(messages: readonly ChatMessage[], links: ReadonlyMap<string, RowToolLinks>, previous?: RowPlaces): RowPlaces {
  const heads = new Set<string>();
  const ends = new Map<string, ChatMessage>();
  const answers = new Map<string, readonly ChatMessage[]>();
  let current: Role | null = null;
  // The agent's run so far: its shown rows and the message its versions belong to.
  let run: ChatMessage[] = [];
  let versions: ChatMessage | undefined;
  const closeRun = () => {
    const last = run[run.length - 1];
    if (last) ends.set(last.id, versions!);
    if (last && run.length > 1) {
      const kept = previous?.answers.get(last.id);
      answers.set(last.id, sameMessages(kept, run) ? kept! : run);
    }
    run = [];
    versions = undefined;
  };
  for (const message of messages) {
    if (!shows(message, links)) continue;
    const who = speakerOf(message.role);
    if (who !== current) {
      closeRun();
      heads.add(message.id);
      current = who;
    }
    if (who !== 'model') {
      ends.set(message.id, message);
      continue;
    }
    run.push(message);
    if (!versions || ((versions.siblings?.count ?? 1) < 2 && (message.siblings?.count ?? 1) > 1)) versions = message;
  }
  closeRun();
  return { heads, ends, answers };
}
