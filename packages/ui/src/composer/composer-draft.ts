import type { AgentChat } from '@agent-chat/core';
import { persistedValues } from '@agent-chat/core/binding';
import { useEffect, useState } from 'react';

/** The name the draft is kept under with the conversation (`persist()`). */
const DRAFT = 'draft';
/** Drafts of the chats this page showed, for chats without `persist()` (a thread switched away from and back). */
const drafts = new WeakMap<object, string>();

const keptDraft = (chat: AgentChat<unknown>) => persistedValues(chat)?.get<string>(DRAFT) ?? drafts.get(chat) ?? '';

/**
 * The composer's text, kept per conversation: across a thread switch (the chat's draft comes back with it) and, with
 * `persist()` on the chat, across a reload, in the conversation's kept record. Sending clears it (`setText('')`).
 */
export function useComposerDraft(chat: AgentChat<unknown>): [string, (text: string) => void] {
  const [shown, setShown] = useState(() => ({ chat, text: keptDraft(chat) }));
  // Another conversation: its own draft (during render, so that no frame shows the other one's).
  const current = shown.chat === chat ? shown : { chat, text: keptDraft(chat) };
  if (current !== shown) setShown(current);
  useEffect(() => {
    const values = persistedValues(chat);
    if (!values) return;
    let live = true;
    // The kept record is read once the chat restores: its draft shows unless the user typed meanwhile.
    void values.restored.then(() => {
      const kept = values.get<string>(DRAFT);
      if (live && kept) setShown((now) => (now.chat === chat && now.text === '' ? { chat, text: kept } : now));
    });
    return () => {
      live = false;
    };
  }, [chat]);
  const setText = (text: string) => {
    setShown({ chat, text });
    if (text) drafts.set(chat, text);
    else drafts.delete(chat);
    persistedValues(chat)?.set(DRAFT, text || undefined);
  };
  return [current.text, setText];
}
