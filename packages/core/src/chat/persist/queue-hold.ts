/**
 * A chat's message queue held back: a thread left mid-turn (switched away from, its turn stopped or detached) sends
 * nothing while it is not shown; its queue goes again once the thread is shown and its turn rejoined. Apart from the
 * queue so that a thread list holds it without shipping the queue.
 */
interface Hold {
  held: boolean;
  wake: () => void;
}

const HOLDS = new WeakMap<object, Hold>();

const holdOf = (chat: object): Hold => {
  let hold = HOLDS.get(chat);
  if (!hold) HOLDS.set(chat, (hold = { held: false, wake: () => undefined }));
  return hold;
};

/** Holds (true) or releases (false) the queue of `chat`; a release lets the waiting messages go. */
export function holdQueue(chat: object, held: boolean): void {
  const hold = holdOf(chat);
  const released = hold.held && !held;
  hold.held = held;
  if (released) hold.wake();
}

/** The queue's side: whether `chat`'s queue is held now, with `wake` called on each release. */
export function queueHold(chat: object, wake: () => void): () => boolean {
  const hold = holdOf(chat);
  hold.wake = wake;
  return () => hold.held;
}
