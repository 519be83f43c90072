import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MemoryThreadIndex, UserThreads } from './memory-thread-index.js';
import type { ThreadRecord } from './thread-index.js';

/**
 * Summaries in files beside the `file` session store: `<dir>/<user>.json` holds a user's summaries (read once, then
 * served from memory; rewritten whole through a temporary file and a rename, changes made meanwhile in one write), `<dir>/.owners/<id>` names the user an
 * id belongs to (created exclusively: two users cannot both claim it).
 */
export class FileThreadIndex extends MemoryThreadIndex {
  private readonly loading = new Map<string, Promise<UserThreads>>();
  private writes: Promise<void> = Promise.resolve();
  /** Per user, a write queued and not started yet: it will write every change made until it starts. */
  private readonly queued = new Map<string, Promise<void>>();

  constructor(private readonly dir: string) {
    super();
  }

  protected override threadsOf(user: string): Promise<UserThreads> {
    let loaded = this.loading.get(user);
    if (!loaded) {
      loaded = readFile(join(this.dir, `${user}.json`), 'utf8').then(
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

  protected override async claim(user: string, id: string): Promise<boolean> {
    const owners = join(this.dir, '.owners');
    await mkdir(owners, { recursive: true });
    const file = join(owners, id);
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(user);
      await handle.close();
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return (await readFile(file, 'utf8')) === user;
    }
  }

  protected override changed(user: string, threads: UserThreads): Promise<void> {
    const queued = this.queued.get(user);
    if (queued) return queued;
    const write = async () => {
      this.queued.delete(user);
      await mkdir(this.dir, { recursive: true });
      const temporary = join(this.dir, `${user}.json.${process.pid}.${randomUUID()}.tmp`);
      await writeFile(temporary, JSON.stringify([...threads.byId.values()]));
      await rename(temporary, join(this.dir, `${user}.json`));
    };
    this.writes = this.writes.then(write, write);
    this.queued.set(user, this.writes);
    return this.writes;
  }
}
