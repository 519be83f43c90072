/**
 * Which tab reads a running turn: the one holding the turn's Web Lock (`navigator.locks`, origin-wide). The tab that
 * reads a turn holds its lock until it stops reading it; a tab that would join it after a reload waits a moment for
 * the lock (the page before it releases it as it unloads) and leaves the turn alone when another tab keeps it.
 * Where Web Locks are missing (Node, old browsers) every tab may join.
 */

/** What a chat holds: the lock of the turn it reads, released by calling it. */
export interface TurnClaims {
  held: { turnId: string; release: () => void } | null;
  enabled: boolean;
}

interface LockManager {
  request(name: string, options: { signal?: AbortSignal; ifAvailable?: boolean }, callback: (lock: unknown) => Promise<void> | void): Promise<unknown>;
}

const lockName = (turnId: string) => `agent-chat/turn/${turnId}`;

function locks(): LockManager | null {
  const manager = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return manager && typeof manager.request === 'function' ? manager : null;
}

/** How long a page waits for a turn's lock before leaving the turn to the tab that keeps it. */
export const CLAIM_WAIT_MS = 1_500;

/** Takes the lock of `turnId` and keeps it until `release`; resolves false when another tab keeps it past the wait. */
function take(turnId: string, wait: number | null): Promise<{ release: () => void } | null> {
  const manager = locks();
  if (!manager) return Promise.resolve({ release: () => undefined });
  return new Promise((resolve) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    const signal = wait === null ? undefined : AbortSignal.timeout(wait);
    manager
      .request(lockName(turnId), signal ? { signal } : {}, () => {
        resolve({ release });
        return held;
      })
      .catch(() => resolve(null));
  });
}

/** Before joining a kept turn: true when this tab may read it (and now holds its lock). */
export async function claimTurn(claims: TurnClaims, turnId: string): Promise<boolean> {
  if (!claims.enabled) return true;
  const taken = await take(turnId, CLAIM_WAIT_MS);
  if (!taken) return false;
  claims.held?.release();
  claims.held = { turnId, ...taken };
  return true;
}

/** The turn this tab reads changed (`state.runningTurn`): holds the new one's lock, releases the old one's. */
export function holdTurn(claims: TurnClaims, turnId: string | null): void {
  if (!claims.enabled || claims.held?.turnId === turnId) return;
  claims.held?.release();
  claims.held = null;
  if (!turnId) return;
  const entry: { turnId: string; release: () => void } = { turnId, release: () => undefined };
  claims.held = entry;
  void take(turnId, null).then((taken) => {
    if (!taken) return;
    // Released meanwhile (the turn ended before the lock came): let it go at once.
    if (claims.held === entry) entry.release = taken.release;
    else taken.release();
  });
}
