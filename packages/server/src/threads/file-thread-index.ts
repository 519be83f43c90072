import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileOwners, userKey } from '../access/conversation-owners.js';
import { isSafeId } from '../hygiene/safe-id.js';
import { MemoryThreadIndex, UserThreads } from './memory-thread-index.js';
import type { ThreadIndex, ThreadRecord } from './thread-index.js';

/**
 * Summaries in files beside the `file` session store: `<dir>/<sha256 of the user>.json` holds a user's summaries (read
 * once, then served from memory; rewritten whole through a temporary file and a rename, changes made meanwhile in one
 * write); the user's name is never part of a path. `<dir>/.owners/<id>` names the user an id belongs to (created
 * exclusively: two users cannot both claim it). A file of an older version, `<dir>/<user>.json` for a user name that is
 * a safe id, is still read once.
 */
export class FileThreadIndex extends MemoryThreadIndex {
  private readonly loading = new Map<string, Promise<UserThreads>>();
  private writes: Promise<void> = Promise.resolve();
  /** Per user, a write queued and not started yet: it will write every change made until it starts. */
  private readonly queued = new Map<string, Promise<void>>();

  constructor(private readonly dir: string) {
    super(fileOwners(join(dir, '.owners')));
  }

  private fileOf(user: string): string {
    return join(this.dir, `${userKey(user)}.json`);
  }

  private async read(user: string): Promise<string> {
    try {
      return await readFile(this.fileOf(user), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !isSafeId(user)) throw error;
      return readFile(join(this.dir, `${user}.json`), 'utf8');
    }
  }

  protected override threadsOf(user: string): Promise<UserThreads> {
    let loaded = this.loading.get(user);
    if (!loaded) {
      loaded = this.read(user).then(
        (json) => new UserThreads(JSON.parse(json) as ThreadRecord[]),
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return new UserThreads();
          throw error;
        },
      );
      this.loading.set(user, loaded);
      loaded.catch(() => this.loading.delete(user));
    }
    return loaded;
  }

  protected override changed(user: string, threads: UserThreads): Promise<void> {
    const queued = this.queued.get(user);
    if (queued) return queued;
    const write = async () => {
      this.queued.delete(user);
      await mkdir(this.dir, { recursive: true });
      const temporary = `${this.fileOf(user)}.${process.pid}.${randomUUID()}.tmp`;
      await writeFile(temporary, JSON.stringify([...threads.byId.values()]));
      await rename(temporary, this.fileOf(user));
    };
    this.writes = this.writes.then(write, write);
    this.queued.set(user, this.writes);
    return this.writes;
  }
}

/** Options of {@link fileThreadIndex}. */
export interface FileThreadIndexOptions {
  /** The folder of the index's files (one per user, and `.owners/`). */
  dir: string;
}

/** A thread index in files under `dir`, one per user (see `FileThreadIndex`). */
export function fileThreadIndex(options: FileThreadIndexOptions): ThreadIndex {
  return new FileThreadIndex(options.dir);
}
