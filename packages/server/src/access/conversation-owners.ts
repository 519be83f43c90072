/**
 * Who owns each conversation: the user who started it (its first turn, or the thread created for it). One record per
 * conversation id (a safe id), the user name stored as a value, never as part of a file name or a key: a user name is
 * an opaque string (`../`, `\`, NUL, 10 kB, any unicode are all just names). The thread index and every protocol handler
 * of one server share one owners store, so a thread, its session and its turns have one owner.
 */
import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { createClient } from 'redis';
import { isSafeId } from '../hygiene/safe-id.js';

type RedisClient = ReturnType<typeof createClient>;

/** Where conversation owners live: memory, files or Redis, as the sessions. */
export interface ConversationOwners {
  /** Makes `user` the owner of `id` unless another user owns it (atomically); true when `user` owns it now. */
  claim(id: string, user: string): Promise<boolean>;
  /** The owner of `id`, or null when nobody claimed it. */
  ownerOf(id: string): Promise<string | null>;
  /** Forgets the owner of `id` (the conversation was deleted). */
  release(id: string): Promise<void>;
}

/** A user name as a fixed-length key (hex SHA-256): what file names and Redis keys use instead of the name. */
export function userKey(user: string): string {
  return createHash('sha256').update(user, 'utf8').digest('hex');
}

const checked = (id: string): string => {
  if (!isSafeId(id)) throw new TypeError('A conversation id must be 1-128 characters of A-Z, a-z, 0-9, "_" or "-".');
  return id;
};

/** Owners in this process's memory. */
export function memoryOwners(): ConversationOwners {
  const owners = new Map<string, string>();
  return {
    async claim(id, user) {
      const owner = owners.get(checked(id));
      if (owner !== undefined) return owner === user;
      owners.set(id, user);
      return true;
    },
    async ownerOf(id) {
      return owners.get(id) ?? null;
    },
    async release(id) {
      owners.delete(id);
    },
  };
}

/** Owners in files: `<dir>/<id>` holds the owner's name, created exclusively (two users cannot both claim an id). */
export function fileOwners(dir: string): ConversationOwners {
  return {
    async claim(id, user) {
      const file = join(dir, checked(id));
      await mkdir(dir, { recursive: true });
      try {
        const handle = await open(file, 'wx');
        await handle.writeFile(user, 'utf8');
        await handle.close();
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        return (await readFile(file, 'utf8')) === user;
      }
    },
    async ownerOf(id) {
      if (!isSafeId(id)) return null;
      try {
        return await readFile(join(dir, id), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async release(id) {
      if (isSafeId(id)) await rm(join(dir, id), { force: true });
    },
  };
}

/** Owners in one Redis hash, `<prefix>thread-owner` (id → user; HSETNX: the first claim wins on every instance). */
export function redisOwners(client: RedisClient, prefix = 'agent-chat:'): ConversationOwners {
  const key = `${prefix}thread-owner`;
  return {
    async claim(id, user) {
      await client.hSetNX(key, checked(id), user);
      return (await client.hGet(key, id)) === user;
    },
    async ownerOf(id) {
      return (await client.hGet(key, id)) ?? null;
    },
    async release(id) {
      await client.hDel(key, id);
    },
  };
}
