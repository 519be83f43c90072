import { AgentChatProvider, useAgentChat, type UseAgentChatOptions } from '@agent-chat/react';
import { lazy, Suspense, useRef, type HTMLAttributes, type ReactNode } from 'react';
import type { ThreadList as ThreadListStore } from '@agent-chat/core/threads';
import { ArtifactPanel } from './artifact-panel.js';
import { cx } from './class-names.js';
import { Composer, type ComposerProps } from './composer.js';
import { ComposerFocusContext } from './composer-focus.js';
import { LabelsProvider, type AgentChatLabels } from './labels.js';
import { InterruptConfirmDialog } from './interrupt-confirm-dialog.js';
import { MessageActions } from './message-actions.js';
import { MessageList, type MessageListProps } from './message-list.js';
import type { ToolRegistry, ToolRenderer } from './tool-registry.js';
import type { ClientTool, ClientTools } from '@agent-chat/core';
import { ThinkingIndicator } from './thinking-indicator.js';
import { OwnerActionsContext } from './use-chat-view.js';

/** A tool of {@link AgentChatView}: a renderer for a server tool's calls, or a client tool with an optional `render`. */
export type AgentChatViewTool = ToolRenderer | (ClientTool & { render?: ToolRenderer });

type WithoutTools<T> = T extends unknown ? Omit<T, 'tools'> : never;

/** Props of {@link AgentChatView}: `useAgentChat` options (or a `chat`), plus layout options and DOM props. */
export type AgentChatViewProps<S = unknown> = (WithoutTools<UseAgentChatOptions<S>> | ThreadsOption<S>) & AgentChatViewLayout;

/** A view over many conversations: its chats come from the list. */
interface ThreadsOption<S> {
  /**
   * Many conversations (`createThreadList` from `@agent-chat/core/threads`): the list on the left (a sheet on phones),
   * the active thread's chat beside it. Loaded on demand: a view without it does not ship the thread list.
   */
  threads: ThreadListStore<S>;
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
    /** Show the artifact panel: always, never, or once there are artifacts (default). */
    artifacts?: 'auto' | 'always' | 'never';
    /** A side panel after the artifacts, e.g. `<TurnInspector />` from `@agent-chat/ui/inspector`. */
    aside?: ReactNode;
    placeholder?: string;
    /** The composer's attachments: limits and `uploadFile` (default: on, with the default limits); `false` for none. */
    attachments?: ComposerProps['attachments'];
    /** Shown in the message list before the first message. */
    empty?: ReactNode;
    renderPart?: MessageListProps['renderPart'];
    /** Message actions on every row (copy, regenerate, edit, versions, retry): default `MessageActions`; `null` for none. */
    messageActions?: MessageListProps['actions'] | null;
    /** Origins whose images load without a click, in messages and artifacts (see `MessageList`). */
    allowedImageOrigins?: MessageListProps['allowedImageOrigins'];
    /** Replaces any of the kit's user-visible strings for every component in the view. */
    labels?: Partial<AgentChatLabels>;
    /** Extra content after the composer (inside the provider, so it can use the hooks). */
    children?: ReactNode;
  };

const NO_LABELS: Partial<AgentChatLabels> = {};

const OPTION_KEYS = ['chat', 'transport', 'sessionId', 'snapshotId', 'state', 'onChunk', 'onTurnEnd', 'onError', 'generateId', 'throttle', 'maxToolRounds'] as const;

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

const ThreadedChatView = lazy(() => import('./threaded-chat-view.js'));

/**
 * Everything composed — messages, thinking indicator, composer, interrupt dialog, artifacts: the fastest way to a
 * working chat. Given `threads`, the conversations too.
 */
export function AgentChatView<S = unknown>(props: AgentChatViewProps<S>) {
  if (!('threads' in props) || !props.threads) return <SingleChatView {...(props as SingleChatViewProps<S>)} />;
  const { threads, ...layout } = props;
  return (
    <Suspense fallback={null}>
      <ThreadedChatView
        threads={threads as ThreadListStore}
        labels={layout.labels}
        render={(chat) => <SingleChatView {...(layout as AgentChatViewLayout)} chat={chat} />}
      />
    </Suspense>
  );
}

type SingleChatViewProps<S> = WithoutTools<UseAgentChatOptions<S>> & AgentChatViewLayout;

/** One conversation's view. */
function SingleChatView<S = unknown>(props: SingleChatViewProps<S>) {
  const { artifacts = 'auto', aside, placeholder, attachments, empty, renderPart, messageActions = MessageActions, allowedImageOrigins, tools, labels, children, className, ...rest } = props;
  const composerField = useRef<HTMLTextAreaElement>(null);
  const { client, renderers } = splitTools(tools);
  const options: Record<string, unknown> = {};
  const dom: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) ((OPTION_KEYS as readonly string[]).includes(key) ? options : dom)[key] = value;
  if (client && !options.chat) options.tools = client;
  const result = useAgentChat<S>(options as UseAgentChatOptions<S>);
  const showArtifacts = artifacts === 'always' || (artifacts === 'auto' && result.artifacts.length > 0);
  return (
    <AgentChatProvider chat={result.chat}>
      <OwnerActionsContext.Provider value={result}>
        <ComposerFocusContext.Provider value={composerField}>
        <LabelsProvider labels={labels ?? NO_LABELS}>
        <div {...dom} className={cx('acu-chat', className)} data-state={result.isThinking ? 'thinking' : result.status}>
          <div className="acu-chat__main">
            <MessageList className="acu-chat__messages" empty={empty} renderPart={renderPart} actions={messageActions ?? undefined} allowedImageOrigins={allowedImageOrigins} tools={renderers} />
            <ThinkingIndicator className="acu-chat__thinking" />
            <Composer className="acu-chat__composer" placeholder={placeholder} attachments={attachments} />
            {children}
          </div>
          {showArtifacts ? <ArtifactPanel className="acu-chat__artifacts" allowedImageOrigins={allowedImageOrigins} /> : null}
          {aside}
          <InterruptConfirmDialog />
        </div>
        </LabelsProvider>
        </ComposerFocusContext.Provider>
      </OwnerActionsContext.Provider>
    </AgentChatProvider>
  );
}
