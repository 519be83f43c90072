// Counts immer's drafts (one revocable Proxy each) per store update while a chat sends: a count, not a clock, for tests
// that hold an update's cost to the path it writes.
import type { AgentChat } from '../src/index.js';

/** The drafts made for each store update (each notification) while `chat.send(text)` runs. */
export async function draftsPerUpdate(chat: Pick<AgentChat, 'send' | 'subscribe'>, text: string): Promise<number[]> {
  const counts: number[] = [];
  let made = 0;
  const revocable = Proxy.revocable;
  Proxy.revocable = ((target: object, handler: ProxyHandler<object>) => (made++, revocable(target, handler))) as typeof Proxy.revocable;
  const stop = chat.subscribe(() => {
    counts.push(made);
    made = 0;
  });
  try {
    await chat.send(text);
  } finally {
    Proxy.revocable = revocable;
    stop();
  }
  return counts;
}
