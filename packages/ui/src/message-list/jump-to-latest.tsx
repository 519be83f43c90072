import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useLabels } from '../labels/labels.js';

/** Where a message list hands its "Jump to latest" to, so that the button sits outside the list and covers nothing. */
export interface JumpToLatestSlot {
  /** The list's jump while the reader is away from its end; null at the end. */
  set: (jump: (() => void) | null) => void;
}

/** Provided by `AgentChatView`: the list's jump button then renders between the list and the composer. */
export const JumpToLatestContext = createContext<JumpToLatestSlot | null>(null);

/** A slot for one list's jump, and the jump it holds (for the button). */
export function useJumpToLatestSlot(): { slot: JumpToLatestSlot; jump: (() => void) | null } {
  const [jump, setJump] = useState<(() => void) | null>(null);
  const [slot] = useState<JumpToLatestSlot>(() => ({ set: (next) => setJump(() => next) }));
  return { slot, jump };
}

/**
 * Hands the list's jump to the nearest slot while it is away from its end (true when a slot took it: the list then
 * draws no button of its own). The jump is read through a ref, so a new function per render re-renders nothing.
 */
export function useHandJumpToSlot(atBottom: boolean, jump: () => void): boolean {
  const slot = useContext(JumpToLatestContext);
  const latest = useRef(jump);
  useEffect(() => {
    latest.current = jump;
  });
  useEffect(() => {
    if (!slot) return;
    slot.set(atBottom ? null : () => latest.current());
    return () => slot.set(null);
  }, [slot, atBottom]);
  return slot !== null;
}

/** The jump button of a slot, in the page's flow (it takes its own room and covers no control); nothing at the end. */
export function JumpToLatestButton({ jump }: { jump: (() => void) | null }) {
  const labels = useLabels();
  if (!jump) return null;
  return (
    <div className="acu-chat__jump">
      <button type="button" className="acu-message-list__jump" onClick={jump}>{labels.jumpToLatest}</button>
    </div>
  );
}
