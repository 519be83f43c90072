import { AgentChatProvider, splitUseAgentChatOptions, useAgentChat, type UseAgentChatOptions } from '@agent-chat/react';
import { useEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import type { ThreadListHandle } from '@agent-chat/core/threads';
import { cx } from '../util/class-names.js';
import { Composer, type ComposerProps } from '../composer/composer.js';
import { ComposerFocusContext } from '../context/composer-focus.js';
import { LabelsProvider, useLabels, type AgentChatLabels } from '../labels/labels.js';
import { JumpToLatestButton, JumpToLatestContext, useJumpToLatestSlot } from '../message-list/jump-to-latest.js';
import { MessageList, type MessageListProps } from '../message-list/message-list.js';
import type { ToolRegistry, ToolRenderer } from '../tools/tool-registry.js';
import { clientTools, resumable, versionTree, type AgentChat, type ChatFeature, type ClientTool, type ClientTools } from '@agent-chat/core';
import { SuggestionChips } from '../message-list/suggestion-chips.js';
import { ThinkingIndicator } from '../thinking-indicator/thinking-indicator.js';
import { useProtocolTransport, type ProtocolConnectionProps } from './protocol-connection.js';
import { messageSourcesPart, messageUsagePart } from '../message-list/row-parts.js';
import { toolActivityPart } from '../tools/lazy-tool-activity.js';
import { artifactPanelPart, interruptDialogPart, LazyArtifactPanel, LazyInterruptDialog, LazyMessageActions, messageActionsPart } from './view-parts.js';
import { ThreadsFirstPage } from './threads-first-page.js';

/** A tool of {@link AgentChatView}: a renderer for a server tool's calls, or a client tool with an optional `render`. */
export type AgentChatViewTool = ToolRenderer | (ClientTool & { render?: ToolRenderer });

type WithoutTools<T> = T extends unknown ? Omit<T, 'tools'> : never;

/** The view's chat: `useAgentChat` options (a `transport`, or a `chat`), or a plain-data connection instead of a transport. */
type ViewChatOptions<S> =
  | (UseAgentChatOptions<S> & Partial<ProtocolConnectionProps>)
  // None of them: the nearest AgentChatProvider's chat (a story's recording decorator, an app's own provider).
  | { chat?: undefined; transport?: undefined; protocol?: undefined; url?: undefined; headers?: undefined; throttle?: UseAgentChatOptions<S>['throttle'] }
  | (Omit<Extract<UseAgentChatOptions<S>, { chat?: undefined }>, 'transport'> & ProtocolConnectionProps & { transport?: undefined });

/**
 * Props of {@link AgentChatView}: `useAgentChat` options (or a `chat`, or `protocol` + `url` from a server component, or
 * a thread list's `threads`, or none: the nearest `AgentChatProvider`'s chat), plus layout options and DOM props.
 */
export type AgentChatViewProps<S = unknown> = (WithoutTools<ViewChatOptions<S>> | ThreadsOption<S>) & AgentChatViewLayout;

/** A view over many conversations: its chats come from the list. */
interface ThreadsOption<S> {
  /**
   * Many conversations (`createThreadList` from `@agent-chat/core/threads`): the list on the left (a sheet on phones),
   * the active thread's chat beside it. Loaded on demand: a view without it does not ship the thread list.
   */
  threads: ThreadListHandle<S>;
  /**
   * On phones, whether the conversations' sheet is open: given, the app owns it (e.g. a button in its own header, with
   * the view's toggle hidden by its stylesheet); without it the view's toggle opens and closes the sheet.
   */
  threadsOpen?: boolean;
  /** Called when the sheet opens or closes: the view's toggle, or a conversation opened from the list. */
  onThreadsOpenChange?: (open: boolean) => void;
  chat?: undefined;
  transport?: undefined;
}

/** The view's layout options and DOM props. */
type AgentChatViewLayout = Omit<HTMLAttributes<HTMLDivElement>, 'onError' | 'children'> & {
    /**
     * Tools by name: a function renders that tool's calls; an object is a client tool (`execute`, `description`,
     * `inputSchema`, as `useAgentChat`'s `tools`) whose `render`, if any, renders its calls.
     */
    tools?: Record<string, AgentChatViewTool>;
    /** Show the artifact panel: always, never, or from the chat's first artifact on (default; it then stays for that chat). */
    artifacts?: 'auto' | 'always' | 'never';
    /**
     * Interrupts are answered inline, where the agent asked (default `'never'` a dialog). `'destructive'` also opens a
     * modal confirmation for destructive ones, `'always'` for every one; Escape closes it, the question stays inline.
     */
    interruptDialog?: 'never' | 'destructive' | 'always';
    /** A side panel after the artifacts, e.g. `<TurnInspector />` from `@agent-chat/ui/inspector`. */
    aside?: ReactNode;
    placeholder?: string;
    /** The composer's attachments: limits and `uploadFile` (default: on, with the default limits); `false` for none. */
    attachments?: ComposerProps['attachments'];
    /** Shown in the message list before the first message. */
    empty?: ReactNode;
    renderPart?: MessageListProps['renderPart'];
    /** Message actions on every row (copy, regenerate, edit, versions, retry): default `MessageActions.Root` (loaded on demand); `null` for none. */
    messageActions?: MessageListProps['messageActions'] | null;
    /** Origins whose images load without a click, in messages and artifacts (see `MessageList`). */
    allowedImageOrigins?: MessageListProps['allowedImageOrigins'];
    /** Prompts offered as chips before the first message; the agent's follow-ups (`state.suggestions`) show after answers. */
    starterPrompts?: readonly string[];
    /** A compact line of tokens and timing under each finished answer (see `MessageList`). Default false. */
    showUsage?: boolean;
    /** Loads the code highlighter when the first finished code block shows (see `MessageList`). Default: plain code. */
    codeHighlighter?: MessageListProps['codeHighlighter'];
    /** Loads the math renderer when the first finished formula shows (see `MessageList`). Default: TeX source. */
    mathRenderer?: MessageListProps['mathRenderer'];
    /** Loads the diagram renderer when the first finished ```mermaid block shows (see `MessageList`). Default: code. */
    diagramRenderer?: MessageListProps['diagramRenderer'];
    /** Replaces any of the kit's user-visible strings for every component in the view. */
    labels?: Partial<AgentChatLabels>;
    /** Extra content after the composer (inside the provider, so it can use the hooks). */
    children?: ReactNode;
  };

const NO_LABELS: Partial<AgentChatLabels> = {};

/** The chat features the default composition uses (versions, tool calls, resumable turns), unless `features` says otherwise. */
const VIEW_FEATURES: readonly ChatFeature[] = [versionTree(), clientTools(), resumable()];

/** Splits the view's tools into client tools (for the chat) and renderers (for the message list). */
function splitTools(tools: Record<string, AgentChatViewTool> | undefined): { client: ClientTools | undefined; renderers: ToolRegistry | undefined } {
  if (!tools) return { client: undefined, renderers: undefined };
  const client: ClientTools = {};
  const renderers: ToolRegistry = {};
  for (const [name, tool] of Object.entries(tools)) {
    if (typeof tool === 'function') {
      renderers[name] = tool;
      continue;
    }
    const { render, ...definition } = tool;
    client[name] = definition;
    if (render) renderers[name] = render;
  }
  return { client: Object.keys(client).length > 0 ? client : undefined, renderers };
}

type ThreadedModule = typeof import('./threaded-chat-view.js');
let threadedModule: ThreadedModule | null = null;
let threadedLoading: Promise<ThreadedModule> | null = null;
/** The thread layout's chunk, loaded once (tried again after a failure). */
function loadThreadedView(): Promise<ThreadedModule> {
  threadedLoading ??= import('./threaded-chat-view.js').then(
    (module) => (threadedModule = module),
    (error: unknown) => {
      threadedLoading = null;
      throw error;
    },
  );
  return threadedLoading;
}


/**
 * The thread layout once its chunk is there and the list's first page painted; meanwhile the list's first page, from
 * what is loaded. Not `lazy` under a `Suspense`: React holds a boundary's resolved content back for up to 300 ms after
 * its fallback showed.
 */
function ThreadsView<S>({ threads, layout, open, onOpenChange }: { threads: ThreadListHandle<S>; layout: AgentChatViewLayout; open: boolean | undefined; onOpenChange: ((open: boolean) => void) | undefined }) {
  const [loaded, setLoaded] = useState(threadedModule);
  // Asked for at the first render, not after the first paint: the chunk loads while the first page is read.
  if (!loaded) loadThreadedView().catch(() => {}); // a chunk that cannot load leaves the first page
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadThreadedView().then(async (module) => {
      // The first page paints before the layout's much larger first render: read, rendered, a frame, then the layout.
      await threads.ready;
      module.preloadRowParts();
      await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
      if (live) setLoaded(module);
    }, () => {});
    return () => {
      live = false;
    };
  }, [loaded, threads]);
  if (!loaded) {
    return (
      <LabelsProvider labels={layout.labels ?? NO_LABELS}>
        <ThreadsFirstPage threads={threads as ThreadListHandle} />
      </LabelsProvider>
    );
  }
  const ThreadedChatView = loaded.default;
  return <ThreadedChatView threads={threads as ThreadListHandle} labels={layout.labels} open={open} onOpenChange={onOpenChange} render={(chat) => <SingleChatView {...layout} chat={chat} />} />;
}

/**
 * Everything composed — messages (with the thinking indicator where the answer will appear and interrupts answered
 * inline), composer, artifacts, optionally an interrupt dialog: the fastest way to a working chat. Given `threads`,
 * the conversations too.
 */
export function AgentChatView<S = unknown>(props: AgentChatViewProps<S>) {
  if (!('threads' in props) || !props.threads) return <SingleChatView {...(props as SingleChatViewProps<S>)} />;
  const { threads, threadsOpen, onThreadsOpenChange, ...layout } = props;
  return <ThreadsView threads={threads} layout={layout as AgentChatViewLayout} open={threadsOpen} onOpenChange={onThreadsOpenChange} />;
}

/** A conversation the server will not show: not an error to fix, a place to start over from. */
function ConversationUnavailable({ onNew }: { onNew: () => void }) {
  const labels = useLabels();
  return (
    <div className="acu-chat__unavailable" role="status">
      <p>{labels.conversationUnavailable}</p>
      <button type="button" className="acu-button" onClick={onNew}>{labels.startNewChat}</button>
    </div>
  );
}

type SingleChatViewProps<S> = WithoutTools<ViewChatOptions<S>> & AgentChatViewLayout;

/** One conversation's view. */
function SingleChatView<S = unknown>(props: SingleChatViewProps<S>) {
  const { artifacts = 'auto', interruptDialog = 'never', aside, placeholder, attachments, empty, renderPart, messageActions = LazyMessageActions, allowedImageOrigins, tools, labels, starterPrompts, showUsage, codeHighlighter, mathRenderer, diagramRenderer, children, className, protocol, url, headers, ...rest } = props;
  const connection = useProtocolTransport({ protocol, url, headers });
  const dialog = interruptDialog !== 'never';
  const panel = artifacts !== 'never';
  // The parts this view may show load as it mounts (the first answer then usually finds them there); see preloadAgentChatView.
  useEffect(() => {
    const parts = [messageActionsPart, toolActivityPart, messageSourcesPart, ...(showUsage ? [messageUsagePart] : []), ...(panel ? [artifactPanelPart] : []), ...(dialog ? [interruptDialogPart] : [])];
    for (const part of parts) part.preload().catch(() => {}); // a part that cannot load keeps its plain fallback
  }, [panel, dialog, showUsage]);
  const composerField = useRef<HTMLTextAreaElement>(null);
  const { client, renderers } = splitTools(tools);
  // Every chat option (the list core keeps against `AgentChatOptions`) goes to the chat, the rest to the root element.
  const { options: chatOptions, rest: dom } = splitUseAgentChatOptions(rest);
  const options: Record<string, unknown> = chatOptions;
  if (client && !options.chat) options.tools = client;
  if (connection && !options.chat) options.transport = connection;
  if (!options.chat) options.features ??= VIEW_FEATURES;
  const result = useAgentChat<S>(options as UseAgentChatOptions<S>);
  const jumpSlot = useJumpToLatestSlot();
  // Once a chat had an artifact its panel stays (a branch without artifacts shows it empty): the conversation keeps its width.
  const [hadArtifacts, setHadArtifacts] = useState<AgentChat<S> | null>(null);
  if (result.artifacts.length > 0 && hadArtifacts !== result.chat) setHadArtifacts(result.chat);
  // The server answered 404 or 401 (an unknown or deleted conversation, another user's, or no user): said calmly.
  const unavailable = result.error?.code === 'not-found' || result.error?.code === 'unauthorized';
  const showArtifacts = artifacts === 'always' || (artifacts === 'auto' && (result.artifacts.length > 0 || hadArtifacts === result.chat));
  return (
    <AgentChatProvider chat={result.chat}>
      <ComposerFocusContext.Provider value={composerField}>
      <LabelsProvider labels={labels ?? NO_LABELS}>
      <div {...dom} className={cx('acu-chat', className)} data-state={result.isThinking ? 'thinking' : result.status} data-empty={result.messages.length === 0 ? '' : undefined}>
        <div className="acu-chat__main">
          {unavailable ? <ConversationUnavailable onNew={() => result.reset()} /> : <>
          <JumpToLatestContext.Provider value={jumpSlot.slot}>
          <MessageList className="acu-chat__messages" empty={empty} renderPart={renderPart} messageActions={messageActions ?? undefined} allowedImageOrigins={allowedImageOrigins} tools={renderers} showUsage={showUsage} codeHighlighter={codeHighlighter} mathRenderer={mathRenderer} diagramRenderer={diagramRenderer}>
            {/* The agent's follow-ups after the last answer (starter prompts before the first message). */}
            <SuggestionChips className="acu-chat__suggestions" starters={starterPrompts} />
            {/* Where the answer will appear, under the question (not above the composer). */}
            <ThinkingIndicator className="acu-chat__thinking" />
          </MessageList>
          </JumpToLatestContext.Provider>
          <JumpToLatestButton jump={jumpSlot.jump} />
          <Composer className="acu-chat__composer" placeholder={placeholder} attachments={attachments} />
          </>}
          {children}
        </div>
        {showArtifacts ? <LazyArtifactPanel className="acu-chat__artifacts" allowedImageOrigins={allowedImageOrigins} /> : null}
        {aside}
        {dialog ? <LazyInterruptDialog interruptDialog={interruptDialog} /> : null}
      </div>
      </LabelsProvider>
      </ComposerFocusContext.Provider>
    </AgentChatProvider>
  );
}
