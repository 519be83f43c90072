import type { AgentChat, ChatMessage, Role, ToolRequestPart } from '@agent-chat/core';
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type HTMLAttributes, type ReactNode, type UIEvent } from 'react';
import type { MessageActionsProps } from '../message-actions/message-actions.js';
import { cx } from '../util/class-names.js';
import { hostOf, Slot } from '../parts/slot.js';
import type { AsChildProps } from '../parts/part-button.js';
import { useLabels, type AgentChatLabels } from '../labels/labels.js';
import { AllowedImageOriginsContext, HostConsentContext, hostConsentFor } from '../media/media-policy.js';
import { roleNames, type RenderMessagePart, type RowShared } from './message-row.js';
import { MessageRows } from './message-rows.js';
import { lazyPart } from '../util/lazy-part.js';
import { useHandJumpToSlot } from './jump-to-latest.js';
import { unlinkedInterrupts } from '../tools/tool-links.js';
import { ShowUsageContext } from './message-usage.js';
import { CodeHighlighterContext, releaseHighlights, useHoldHighlights, type CodeHighlighterLoader } from '../markdown/code-highlighting.js';
import { DiagramRendererContext, MathRendererContext, type DiagramRendererLoader, type MathRendererLoader } from '../markdown/markdown-renderers.js';
import { ToolRegistryProvider, useStableToolRegistry, type ToolRegistry } from '../tools/tool-registry.js';
import { useChatView } from '../context/use-chat-view.js';
import { useStickToBottom } from './use-stick-to-bottom.js';
import { countRows, speakerOf } from './row-groups.js';
import type { MessageListComponents } from './message-context.js';
import { markdownPart } from '../markdown/lazy-markdown.js';
import { AnswerFailureContext } from '../tools/answer-failure.js';

/**
 * The interrupts no row shows (AG-UI sends them with the run's end): a rare row kind, so a chunk of its own, loaded
 * when the list first has one (nothing shows if it cannot load, as with the other parts loaded on demand).
 */
const pendingInterruptsPart = /* @__PURE__ */ lazyPart(() => import('../tools/pending-interrupts.js'), (module) => module.PendingInterrupts, () => null);
const PendingInterruptsChunk = pendingInterruptsPart.Component;

/** Props of {@link MessageList}. */
export interface MessageListProps<S = unknown> extends HTMLAttributes<HTMLElement>, AsChildProps {
  /** The chat to show; default: the nearest `AgentChatProvider`'s. */
  chat?: AgentChat<S>;
  /** Custom rendering for some parts (return `undefined` for the default). Keep it stable. */
  renderPart?: RenderMessagePart;
  /** Names of the authors; default the labels' `roleUser`, `roleModel`, `roleSystem` (tool messages show under the agent's). */
  roleLabels?: Partial<Record<Role, string>>;
  /** Shown when there are no messages. */
  empty?: ReactNode;
  /** Rows taken at first, and added per "Show earlier messages" (or scrolling to the top). Default 50. */
  pageSize?: number;
  /** The list's accessible name. Default the labels' `conversation`. */
  label?: string;
  /** Message actions on every row: `MessageActions.Root` (copy, regenerate, edit, versions, retry) or your own. Default none. */
  messageActions?: ComponentType<MessageActionsProps>;
  /**
   * Origins whose images and media load by themselves (`https://cdn.example.com`, or `*` for any). From any other
   * origin they wait for a click, so agent text cannot make the page send data elsewhere. The page's origin, `data:`
   * and `blob:` always load. Keep the array stable.
   */
  allowedImageOrigins?: readonly string[];
  /** Renderers for tool calls by tool name (a card per call); others get the default tool row. */
  tools?: ToolRegistry;
  /**
   * Your own components for the rows (a user's message, an answer — all of its messages in one article —, a system
   * message) and for tool calls and interrupts without a `tools` renderer; the kit's where absent. Keep the object stable.
   */
  components?: MessageListComponents;
  /** Overrides some of the list's strings (see `AgentChatLabels`). Keep it stable. */
  labels?: Partial<AgentChatLabels>;
  /** Shown after the last row, where the next answer will appear (e.g. a `ThinkingIndicator`). */
  children?: ReactNode;
  /** A compact line of tokens and timing under each finished answer (`message.usage`, `message.timing`). Default false. */
  showUsage?: boolean;
  /**
   * Highlights finished code blocks, loaded when the first one shows:
   * `() => import('@agent-chat/ui/highlighter').then((module) => module.highlighter)`. Keep it stable. Default: plain code.
   */
  codeHighlighter?: CodeHighlighterLoader | undefined;
  /**
   * Typesets finished formulas (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`), loaded when the first one shows:
   * `() => import('@agent-chat/ui/math').then((module) => module.mathRenderer)`. Keep it stable. Default: TeX source.
   */
  mathRenderer?: MathRendererLoader | undefined;
  /**
   * Draws finished ```mermaid blocks, loaded when the first one shows:
   * `() => import('@agent-chat/ui/diagrams').then((module) => module.createDiagramRenderer({ script }))`. Keep it stable. Default: code.
   */
  diagramRenderer?: DiagramRendererLoader | undefined;
}

const NO_ORIGINS: readonly string[] = [];
const NO_COMPONENTS: MessageListComponents = {};
const NO_INTERRUPTS: readonly ToolRequestPart[] = [];

// Reached the top of what is rendered: load earlier rows before the reader hits the edge.
const LOAD_EARLIER_PX = 48;

/**
 * Whether the messages after `seen` (the last message of the previous commit) hold a user's message: one was sent. It
 * need not be the last: while a turn streams, commits are coalesced (one per frame or 50 ms), so a short answer can
 * arrive in the same commit as the message that asked it. Without `seen` among them (another history), whether the last
 * message is the user's.
 */
function sentSince(messages: readonly ChatMessage[], seen: ChatMessage | undefined): boolean {
  let index = messages.length;
  let sent = false;
  while (index-- > 0 && messages[index]!.id !== seen?.id) sent ||= messages[index]!.role === 'user';
  return index < 0 ? messages[messages.length - 1]?.role === 'user' : sent;
}

/**
 * `MessageList.Root`: the conversation: user, model and tool messages (one author label per run of one author's messages), following
 * new content unless the reader scrolled up. It takes the latest `pageSize` messages, earlier ones on demand; of
 * those, only the rows near the viewport are mounted (a feed whose articles carry their place in the conversation).
 * Rows are memoized: a streaming token re-renders one row. `data-state`: `empty` | `idle` | `streaming` | `error`. With
 * `asChild`, your one element (a `<section>`) holds the list, its children what shows after the last row.
 */
export function MessageList<S = unknown>({
  chat, renderPart, roleLabels, empty, pageSize = 50, label, messageActions, allowedImageOrigins = NO_ORIGINS, tools, components = NO_COMPONENTS, labels: ownLabels,
  showUsage = false, codeHighlighter, mathRenderer, diagramRenderer, asChild, className, onScroll, children, ...rest
}: MessageListProps<S>) {
  const view = useChatView(chat);
  const { messages, status, error, isThinking, interrupts, clientToolCalls } = view;
  const labels = useLabels(ownLabels);
  const registry = useStableToolRegistry(tools, view, components);
  const hostConsent = hostConsentFor(view.chat);
  const ref = useRef<HTMLElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const { atBottom, measure, follow, afterCommit, jump, following } = useStickToBottom(ref, content);
  // In an `AgentChatView` the jump button sits between the list and the composer: it takes its own room, over no row.
  const jumpOutside = useHandJumpToSlot(atBottom, jump);
  // Answers render as Markdown: its chunk loads as the list mounts, so the first answer usually finds it there.
  useEffect(() => {
    markdownPart.preload().catch(() => {}); // a renderer that cannot load leaves the plain text
  }, []);

  const firstId = messages[0]?.id;
  // The first message taken: a page before `end`.
  const pageStart = (end: number) => Math.max(0, end - pageSize);
  const [range, setRange] = useState(() => ({ firstId, start: pageStart(messages.length) }));
  let start = range.start;
  if (range.firstId !== firstId || start > messages.length) {
    // Another history (reset, branch, restore): start again from its latest rows.
    start = pageStart(messages.length);
    setRange({ firstId, start });
  }
  const visible = useMemo(() => (start === 0 ? messages : messages.slice(start)), [messages, start]);
  // The rows (articles) before the window: counted again only when the window's edge moves, not at every token.
  const edgeBefore = messages[start - 1];
  const edge = messages[start];
  const rowsBefore = useMemo(() => {
    if (!edgeBefore) return 0;
    const split = edge !== undefined && speakerOf(edgeBefore.role) === 'model' && speakerOf(edge.role) === 'model';
    return countRows(messages, start) - (split ? 1 : 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the messages before the window are the same while its edge is
  }, [edgeBefore, edge, start]);

  // Set while earlier rows are being added above: the scroll position's distance from the end, to keep.
  const restore = useRef<number | null>(null);
  const lastMessage = messages[messages.length - 1];
  const lastSeen = useRef<ChatMessage | undefined>(lastMessage);

  useHoldHighlights(isThinking);
  useLayoutEffect(() => {
    // Colours of blocks finished since the last commit render now, before this commit's paint (see useHoldHighlights).
    releaseHighlights();
    const element = ref.current!;
    if (restore.current !== null) {
      // Earlier rows were added above: keep what the reader was looking at in place.
      element.scrollTop = element.scrollHeight - restore.current;
      restore.current = null;
      return;
    }
    if (lastMessage !== lastSeen.current && sentSince(messages, lastSeen.current)) jump();
    else afterCommit();
    lastSeen.current = lastMessage;
  });

  const loadEarlier = () => {
    const element = ref.current!;
    restore.current = element.scrollHeight - element.scrollTop;
    setRange({ firstId, start: pageStart(start) });
  };
  const handleScroll = (event: UIEvent<HTMLElement>) => {
    onScroll?.(event);
    measure();
    const list = event.currentTarget;
    // Read in this order, each only when needed: near the end of a long list, the scroll handler reads no layout.
    if (start > 0 && restore.current === null && list.scrollTop < LOAD_EARLIER_PX && list.scrollHeight > list.clientHeight) loadEarlier();
  };

  const rowActions = useMemo(() => (messageActions ? { component: messageActions, chat: view.chat } : undefined), [messageActions, view.chat]);
  const lastStatus = lastMessage?.status;
  const retryId = rowActions && !isThinking && (lastStatus === 'failed' || lastStatus === 'aborted') ? lastMessage!.id : undefined;
  const shared = useMemo<RowShared>(
    () => ({ names: { ...roleNames(labels), ...roleLabels } as Record<Role, string>, components, renderPart, actions: rowActions, renderError: labels.rowRenderError }),
    [labels, roleLabels, components, renderPart, rowActions],
  );
  // Interrupts no row shows are asked after the rows (only while idle: a running turn has none pending).
  const unlinked = useMemo(() => (isThinking ? NO_INTERRUPTS : unlinkedInterrupts(visible, interrupts, clientToolCalls)), [isThinking, visible, interrupts, clientToolCalls]);
  const failed = status === 'error' && error && error.code !== 'aborted';
  // A failed turn that left a reply: that reply's row shows the one notice (why, and Retry beside it), not a banner too.
  const failedRowId = failed && !isThinking && (lastStatus === 'failed' || lastStatus === 'aborted') ? lastMessage!.id : undefined;
  const reason = failed ? error.message || labels.turnFailed : '';
  const failure = useMemo(() => (failedRowId ? { id: failedRowId, reason } : undefined), [failedRowId, reason]);
  // The turn that answered the pending interrupts failed (the core put them back): their rows say so.
  const answerFailure = failed && !isThinking && interrupts.length > 0 ? reason : null;
  const state = messages.length === 0 ? 'empty' : failed ? 'error' : isThinking ? 'streaming' : 'idle';
  const host = hostOf(asChild, children);
  const extra = host ? host.parts : children;
  const props = { tabIndex: 0, ...rest, className: cx('acu-message-list', className), 'data-state': state, 'aria-label': label ?? labels.conversation, onScroll: handleScroll };
  const body = (
    <>
      <div ref={content} className="acu-message-list__content" data-state={state}>
        {start > 0 ? (
          <button type="button" className="acu-message-list__earlier" onClick={loadEarlier}>
            {labels.loadEarlier(start)}
          </button>
        ) : null}
        {messages.length === 0 ? <div className="acu-message-list__empty">{empty ?? labels.noMessages}</div> : null}
        <AllowedImageOriginsContext.Provider value={allowedImageOrigins}>
          <HostConsentContext.Provider value={hostConsent}>
          <ToolRegistryProvider value={registry}>
            <AnswerFailureContext.Provider value={answerFailure}>
            <ShowUsageContext.Provider value={showUsage}>
            <CodeHighlighterContext.Provider value={codeHighlighter ?? null}>
            <MathRendererContext.Provider value={mathRenderer ?? null}>
            <DiagramRendererContext.Provider value={diagramRenderer ?? null}>
            <MessageRows scroller={ref} messages={visible} rowsBefore={rowsBefore} active={isThinking} interrupts={interrupts} clientToolCalls={clientToolCalls} shared={shared} retryId={retryId} failure={failure} onCommit={follow} following={following} />
            </DiagramRendererContext.Provider>
            </MathRendererContext.Provider>
            </CodeHighlighterContext.Provider>
            </ShowUsageContext.Provider>
            {unlinked.length > 0 ? <Suspense fallback={null}><PendingInterruptsChunk interrupts={unlinked} /></Suspense> : null}
            </AnswerFailureContext.Provider>
          </ToolRegistryProvider>
          </HostConsentContext.Provider>
        </AllowedImageOriginsContext.Provider>
        {extra}
        {failed && !failure ? (
          <div className="acu-message-list__error" role="alert">
            {error.message || labels.turnFailed}
            {rowActions && !retryId && view.finishReason === 'failed' && view.chat.hasFeature('versionTree') ? (
              <button type="button" className="acu-button" data-action="retry" onClick={() => void view.chat.retry()}>{labels.retryTurn}</button>
            ) : null}
          </div>
        ) : null}
      </div>
      {atBottom || jumpOutside ? null : (
        <button type="button" className="acu-message-list__jump" onClick={jump}>
          {labels.jumpToLatest}
        </button>
      )}
    </>
  );
  return host ? <Slot {...props} ref={ref}>{host.wrap(body)}</Slot> : <section {...props} ref={ref}>{body}</section>;
}
