import type { createClient } from 'redis';
import { redisOwners, userKey, type ConversationOwners } from '../access/conversation-owners.js';
import { orderKey, type ThreadIndex, type ThreadRecord } from './thread-index.js';

type RedisClient = ReturnType<typeof createClient>;

/**
 * Summaries in Redis, shared by every instance using it:
 *
 *   <prefix>threads:<u>             a sorted set of order keys, all scored 0: ZRANGE BYLEX pages it in O(log n + page)
 *   <prefix>threads:<u>:data        a hash, thread id → summary JSON
 *   <prefix>thread-owner            a hash, thread id → user (HSETNX: the first user to claim an id keeps it)
 *
 * `<u>` is the SHA-256 of the user name (hex): a name is never part of a key, so no name can reach another's keys.
 */
export class RedisThreadIndex implements ThreadIndex {
  /** Who owns each id, in the same Redis (the protocol handlers of every instance share it). */
  readonly owners: ConversationOwners;

  constructor(
    private readonly client: RedisClient,
    private readonly prefix = 'agent-chat:',
  ) {
    this.owners = redisOwners(client, prefix);
  }

  private order = (user: string) => `${this.prefix}threads:${userKey(user)}`;
  private data = (user: string) => `${this.prefix}threads:${userKey(user)}:data`;

  async list(user: string, cursor: string | null, limit: number) {
    const keys = await this.client.zRange(this.order(user), cursor ? `(${cursor}` : '-', '+', { BY: 'LEX', LIMIT: { offset: 0, count: limit + 1 } });
    const page = keys.slice(0, limit);
    const ids = page.map((key) => key.slice(key.indexOf(':') + 1));
    const values = ids.length ? await this.client.hmGet(this.data(user), ids) : [];
    const threads = values.flatMap((json) => (json ? [JSON.parse(json) as ThreadRecord] : []));
    return { threads, cursor: keys.length > limit ? page.at(-1)! : null };
  }

  async get(user: string, id: string) {
    const json = await this.client.hGet(this.data(user), id);
    return json ? (JSON.parse(json) as ThreadRecord) : null;
  }

  async put(user: string, thread: ThreadRecord) {
    if (!(await this.owners.claim(thread.id, user))) return false;
    const old = await this.get(user, thread.id);
    const transaction = this.client.multi();
    if (old) transaction.zRem(this.order(user), orderKey(old));
    transaction.zAdd(this.order(user), { score: 0, value: orderKey(thread) });
    transaction.hSet(this.data(user), thread.id, JSON.stringify(thread));
    await transaction.exec();
    return true;
  }

  async remove(user: string, id: string) {
    const old = await this.get(user, id);
    if (!old) return false;
    await this.client.multi().zRem(this.order(user), orderKey(old)).hDel(this.data(user), id).exec();
    return true;
  }
}

/** Options of {@link redisThreadIndex}. */
export interface RedisThreadIndexOptions {
  /** A client of the app's (connected); it stays the app's to quit. */
  client: RedisClient;
  /** Key prefix (default `agent-chat:`), the same as the turn store's when they share a Redis. */
  prefix?: string | undefined;
}

/** A thread index in Redis, shared by every instance of the server (see `RedisThreadIndex`). */
export function redisThreadIndex(options: RedisThreadIndexOptions): ThreadIndex {
  return new RedisThreadIndex(options.client, options.prefix);
}
