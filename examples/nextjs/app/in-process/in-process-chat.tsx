'use client';
// The chat with the in-process agent, on resumable turns: `resumable: true` on the transport makes each turn outlive
// its request, so a reload in the middle of an answer does not stop it. The page keeps the session id and the running
// turn in sessionStorage; the next page restores the session and reattaches to the turn, which streams on from the
// server's replay buffer (core README: "A reload mid-answer").
import { clientTools, genkitTransport, resumable, versionTree, type RunningTurn } from '@agent-chat/core';
import { useAgentChat } from '@agent-chat/react';
import { AgentChatView } from '@agent-chat/ui';
import { useEffect, useRef } from 'react';

const transport = genkitTransport({ url: '/api/in-process/agent', resumable: true });
const features = [versionTree(), clientTools(), resumable()];

const KEY = 'agent-chat-example/in-process';
interface Kept {
  sessionId?: string | null;
  runningTurn?: RunningTurn | null;
}

function read(): Kept {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Kept;
  } catch {
    return {};
  }
}

function write(kept: Kept): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...read(), ...kept }));
  } catch {
    // Storage disabled: the chat works, without surviving a reload.
  }
}

export function InProcessChat() {
  const { chat } = useAgentChat({ transport, features });
  const restored = useRef(false);

  useEffect(() => {
    // Once per page (StrictMode runs effects twice in development; the ref keeps its value).
    if (!restored.current) {
      restored.current = true;
      const { sessionId, runningTurn } = read();
      // The session's turns so far (Genkit names the session at the end of its first turn), then the turn that ran
      // when the page went away, if any: reattach applies only while the chat shows the point it continues from.
      void (sessionId ? chat.restore({ sessionId }) : Promise.resolve())
        .then(() => runningTurn && chat.reattach(runningTurn))
        .catch(() => write({ sessionId: null, runningTurn: null }));
    }
    const unsubscribe = chat.subscribe((state, previous) => {
      if (state.sessionId && state.sessionId !== previous.sessionId) write({ sessionId: state.sessionId });
      if (state.runningTurn && state.runningTurn !== previous.runningTurn) write({ runningTurn: state.runningTurn });
      // A turn that ended here is done; one detached by leaving the page runs on and is the next page's to reattach.
      else if (state.turnEnd && !previous.turnEnd && state.finishReason !== 'detached') write({ runningTurn: null });
    });
    // Leaving the page (a reload, a link) detaches: the turn runs on without this page.
    const detach = () => void chat.detach();
    window.addEventListener('pagehide', detach);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', detach);
    };
  }, [chat]);

  return <AgentChatView chat={chat} placeholder="Ask the in-process agent…" />;
}
