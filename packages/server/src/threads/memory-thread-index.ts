import { memoryOwners, type ConversationOwners } from '../access/conversation-owners.js';
import { indexAfter, orderKey, type ThreadIndex, type ThreadRecord } from './thread-index.js';

/** One user's threads: by id, and their order keys sorted (a page is a binary search and a slice). */
export class UserThreads {
  readonly byId = new Map<string, ThreadRecord>();
  private keys: string[] = [];

  constructor(threads: readonly ThreadRecord[] = []) {
    for (const thread of threads) this.byId.set(thread.id, thread);
    this.keys = threads.map(orderKey).sort();
  }

  page(cursor: string | null, limit: number) {
    const start = cursor ? indexAfter(this.keys, cursor) : 0;
    const keys = this.keys.slice(start, start + limit);
    const threads = keys.map((key) => this.byId.get(key.slice(key.indexOf(':') + 1))!);
    return { threads, cursor: start + keys.length < this.keys.length && keys.length ? keys.at(-1)! : null };
  }

  put(thread: ThreadRecord): void {
    this.drop(thread.id);
    const key = orderKey(thread);
    this.keys.splice(indexAfter(this.keys, key), 0, key);
    this.byId.set(thread.id, thread);
  }

  drop(id: string): boolean {
    const old = this.byId.get(id);
    if (!old) return false;
    const key = orderKey(old);
    const at = indexAfter(this.keys, key) - 1;
    if (this.keys[at] === key) this.keys.splice(at, 1);
    this.byId.delete(id);
    return true;
  }
}

/** Summaries in this process's memory (the `memory` session store's companion). */
export class MemoryThreadIndex implements ThreadIndex {
  protected readonly users = new Map<string, UserThreads>();

  /** `owners`: who owns each id (default in memory); the protocol handlers of the same server share it. */
  constructor(readonly owners: ConversationOwners = memoryOwners()) {}

  protected async threadsOf(user: string): Promise<UserThreads> {
    let threads = this.users.get(user);
    if (!threads) this.users.set(user, (threads = new UserThreads()));
    return threads;
  }

  /** Claims an id for a user; false when another user has it. */
  protected claim(user: string, id: string): Promise<boolean> {
    return this.owners.claim(id, user);
  }

  /** After a change to a user's threads (files write them). */
  protected async changed(_user: string, _threads: UserThreads): Promise<void> {}

  async list(user: string, cursor: string | null, limit: number) {
    return (await this.threadsOf(user)).page(cursor, limit);
  }

  async get(user: string, id: string) {
    return (await this.threadsOf(user)).byId.get(id) ?? null;
  }

  async put(user: string, thread: ThreadRecord) {
    if (!(await this.claim(user, thread.id))) return false;
    const threads = await this.threadsOf(user);
    threads.put(thread);
    await this.changed(user, threads);
    return true;
  }

  async remove(user: string, id: string) {
    const threads = await this.threadsOf(user);
    if (!threads.drop(id)) return false;
    await this.changed(user, threads);
    return true;
  }
}

/** Options of {@link memoryThreadIndex}. */
export interface MemoryThreadIndexOptions {
  /** Who owns each id (default in memory); the protocol handlers of the same server share it. */
  owners?: ConversationOwners | undefined;
}

/** A thread index in this process's memory (the `memory` session store's companion). */
export function memoryThreadIndex(options: MemoryThreadIndexOptions = {}): ThreadIndex {
  return new MemoryThreadIndex(options.owners);
}
