import type { createClient } from 'redis';
import { orderKey, type ThreadIndex, type ThreadRecord } from './thread-index.js';

type RedisClient = ReturnType<typeof createClient>;

/**
 * Summaries in Redis, shared by every instance using it:
 *
 *   <prefix>threads:<user>          a sorted set of order keys, all scored 0: ZRANGE BYLEX pages it in O(log n + page)
 *   <prefix>threads:<user>:data     a hash, thread id → summary JSON
 *   <prefix>thread-owner            a hash, thread id → user (HSETNX: the first user to claim an id keeps it)
 */
export class RedisThreadIndex implements ThreadIndex {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix = 'agent-chat:',
  ) {}

  private order = (user: string) => `${this.prefix}threads:${user}`;
  private data = (user: string) => `${this.prefix}threads:${user}:data`;
  private owners = () => `${this.prefix}thread-owner`;

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
    await this.client.hSetNX(this.owners(), thread.id, user);
    if ((await this.client.hGet(this.owners(), thread.id)) !== user) return false;
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
