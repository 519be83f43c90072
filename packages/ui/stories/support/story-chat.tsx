import { AgentChatProvider } from '@agent-chat/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AgentChat } from '@agent-chat/core';

/** Chats created by the stories, by the element they render in: play functions reach their chat through it. */
const chats = new WeakMap<Element, AgentChat>();

/** The chat of the story rendered in `canvas`. */
export function chatOf(canvas: Element): AgentChat {
  const host = canvas.querySelector('[data-story-chat]');
  const chat = host && chats.get(host);
  if (!chat) throw new Error('No story chat in this canvas.');
  return chat;
}

interface StoryChatProps {
  create: () => AgentChat;
  /** Run once after mount: the turns the story starts with. */
  start?: (chat: AgentChat) => void;
  children: ReactNode;
}

/** Creates a chat once, provides it to the story's components, starts its opening turns, and stops it on unmount. */
export function StoryChat({ create, start, children }: StoryChatProps) {
  const [chat] = useState(create);
  const host = useRef<HTMLDivElement>(null);
  const started = useRef(false);
  useEffect(() => {
    if (host.current) chats.set(host.current, chat);
    if (!started.current) {
      started.current = true;
      start?.(chat);
    }
  }, [chat, start]);
  useEffect(() => () => void chat.stop(), [chat]);
  return (
    <AgentChatProvider chat={chat}>
      <div ref={host} data-story-chat="" className="story-chat">
        {children}
      </div>
    </AgentChatProvider>
  );
}
