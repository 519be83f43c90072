/**
 * Client turn ids cancelled before their turn began (a Stop while the POST was under way), per user and route, for
 * `waitMs`: the turn that then begins under the id is stopped at once. Kept per user, `perUser` at most (the oldest go
 * first): one user's cancels can neither replace nor crowd out another's.
 *
 * Every entry lives the same `waitMs`, so they expire in the order they were made: one list in that order, swept from
 * its head, makes a cancel O(1) (amortized) however many users have entries; each entry is also in its user's map, for
 * the lookup and the per-user cap.
 */

interface Entry {
  readonly user: string;
  readonly key: string;
  readonly at: number;
  older: Entry | undefined;
  newer: Entry | undefined;
}

export class EarlyCancels {
  private readonly byUser = new Map<string, Map<string, Entry>>();
  private oldest: Entry | undefined;
  private newest: Entry | undefined;
  private count = 0;

  constructor(private readonly options: { waitMs: number; perUser: number; now?: () => number }) {}

  /** Entries kept (expired ones go at the next cancel). */
  get size(): number {
    return this.count;
  }

  /** Remembers that `user` cancelled `turnId` on `route` before it began. */
  cancel(turnId: string, route: string, user: string): void {
    const now = this.now();
    // The expired ones, oldest first: only those are visited.
    while (this.oldest && now - this.oldest.at > this.options.waitMs) this.remove(this.oldest);
    const key = `${route} ${turnId}`;
    const again = this.byUser.get(user)?.get(key);
    if (again) this.remove(again); // cancelled again: it lives from now, as the newest
    let ids = this.byUser.get(user);
    if (!ids) this.byUser.set(user, (ids = new Map()));
    const entry: Entry = { user, key, at: now, older: this.newest, newer: undefined };
    if (this.newest) this.newest.newer = entry;
    else this.oldest = entry;
    this.newest = entry;
    ids.set(key, entry);
    this.count++;
    // The user's oldest go first past the few a user can mean within the wait.
    while (ids.size > this.options.perUser) this.remove(ids.values().next().value!);
  }

  /** Whether `user` cancelled `turnId` on `route` within the wait (forgotten once asked). */
  take(turnId: string | undefined, route: string, user: string): boolean {
    if (turnId === undefined) return false;
    const entry = this.byUser.get(user)?.get(`${route} ${turnId}`);
    if (!entry) return false;
    this.remove(entry);
    return this.now() - entry.at <= this.options.waitMs;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private remove(entry: Entry): void {
    if (entry.older) entry.older.newer = entry.newer;
    else this.oldest = entry.newer;
    if (entry.newer) entry.newer.older = entry.older;
    else this.newest = entry.older;
    entry.older = entry.newer = undefined;
    this.count--;
    const ids = this.byUser.get(entry.user);
    if (ids?.get(entry.key) !== entry) return;
    ids.delete(entry.key);
    if (ids.size === 0) this.byUser.delete(entry.user);
  }
}
