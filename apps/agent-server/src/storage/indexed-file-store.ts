/**
 * Genkit's FileSessionStore with a sessionId lookup that never scans and files that can be corrupt.
 *
 * FileSessionStore keeps `<dir>/global/<snapshotId>.json` and a pointer `<dir>/global/.pointers/<sessionId>.json`
 * naming a session's latest snapshot, written whenever a new snapshot is saved. Its own lookup falls back to
 * reading every snapshot file when the pointer is missing (every unknown sessionId), and one unparsable file
 * there fails that scan for everyone. Here the pointer is the index: a session without one does not exist,
 * so a lookup reads at most two small files whatever the store holds. An unreadable pointer or snapshot fails
 * only its own session, with a clear FAILED_PRECONDITION, and is logged. Writes stay FileSessionStore's.
 */
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FileSessionStore as FileStore, SessionSnapshot, SessionStore, SessionStoreOptions, SnapshotMutator } from 'genkit/beta';
import { FileSessionStore, GenkitError } from '../agent/genkit-runtime.js';

/** FileSessionStore's folder for snapshots when no per-tenant prefix is configured. */
const PREFIX = 'global';
const POINTERS = '.pointers';

type Lookup = Parameters<SessionStore<unknown>['getSnapshot']>[0];

export interface IndexedFileStoreOptions {
  /** Receives one line per unreadable file met (rate-limit it: files are read per request). */
  log?: (line: string) => void;
}

export class IndexedFileSessionStore<S> implements SessionStore<S> {
  private readonly inner: FileStore<S>;
  private readonly dir: string;
  private readonly log: (line: string) => void;

  constructor(dataDir: string, options: IndexedFileStoreOptions = {}) {
    this.inner = new FileSessionStore<S>(dataDir);
    this.dir = join(resolve(dataDir), PREFIX);
    this.log = options.log ?? (() => {});
  }

  async getSnapshot(lookup: Lookup): Promise<SessionSnapshot<S> | undefined> {
    if (!!lookup.sessionId === !!lookup.snapshotId) {
      throw new GenkitError({ status: 'INVALID_ARGUMENT', message: 'getSnapshot needs exactly one of snapshotId or sessionId.' });
    }
    if (lookup.snapshotId) return this.readSnapshot(lookup.snapshotId);
    const sessionId = lookup.sessionId!;
    const snapshotId = await this.pointerOf(sessionId);
    if (snapshotId === undefined) return undefined;
    const snapshot = await this.readSnapshot(snapshotId);
    return snapshot && (snapshot.sessionId ?? snapshot.state?.sessionId) === sessionId ? snapshot : undefined;
  }

  async saveSnapshot(
    snapshotId: string | undefined,
    mutator: SnapshotMutator<S>,
    options?: SessionStoreOptions
  ): Promise<string | null> {
    try {
      return await this.inner.saveSnapshot(snapshotId, mutator, options);
    } catch (error) {
      // FileSessionStore reads the current snapshot before a rewrite (abort, heartbeat): a corrupt one lands here.
      if (error instanceof SyntaxError && snapshotId) throw this.unreadable(`${snapshotId}.json`, error);
      throw error;
    }
  }

  onSnapshotStateChange(
    snapshotId: string,
    callback: (snapshot: SessionSnapshot<S>) => void,
    options?: SessionStoreOptions
  ): void | (() => void) {
    return this.inner.onSnapshotStateChange(snapshotId, callback, options);
  }

  /** Bytes on disk of a session's latest snapshot (or of one snapshot), 0 when there is none. */
  async storedBytes(lookup: { sessionId?: string; snapshotId?: string }): Promise<number> {
    const snapshotId = lookup.snapshotId ?? (lookup.sessionId ? await this.pointerOf(lookup.sessionId) : undefined);
    if (snapshotId === undefined) return 0;
    try {
      return (await stat(join(this.dir, `${snapshotId}.json`))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
  }

  /**
   * Deletes a session: every snapshot file whose session it is (forks included: the folder is scanned, as deletes are
   * rare) and its pointer. Unreadable files are left alone (they are nobody's known session).
   */
  async deleteSession(sessionId: string): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) {
      if (!name.endsWith('.json')) continue;
      try {
        const snapshot = JSON.parse(await readFile(join(this.dir, name), 'utf8')) as SessionSnapshot<S>;
        if ((snapshot.sessionId ?? snapshot.state?.sessionId) === sessionId) await rm(join(this.dir, name), { force: true });
      } catch {
        // unreadable or gone meanwhile
      }
    }
    await rm(join(this.dir, POINTERS, `${sessionId}.json`), { force: true });
  }

  /** The snapshot id a session's pointer names, or undefined when the session has no pointer. */
  private async pointerOf(sessionId: string): Promise<string | undefined> {
    const name = join(POINTERS, `${sessionId}.json`);
    const text = await this.readIfExists(name);
    if (text === undefined) return undefined;
    let pointer: unknown;
    try {
      pointer = JSON.parse(text);
    } catch (error) {
      throw this.unreadable(name, error as Error);
    }
    const current = (pointer as { currentSnapshotId?: unknown } | null)?.currentSnapshotId;
    if (typeof current !== 'string') throw this.unreadable(name, new Error('no currentSnapshotId'));
    return current;
  }

  private async readSnapshot(snapshotId: string): Promise<SessionSnapshot<S> | undefined> {
    const name = `${snapshotId}.json`;
    const text = await this.readIfExists(name);
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text) as SessionSnapshot<S>;
    } catch (error) {
      throw this.unreadable(name, error as Error);
    }
  }

  private async readIfExists(name: string): Promise<string | undefined> {
    try {
      return await readFile(join(this.dir, name), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  private unreadable(name: string, cause: Error): Error {
    this.log(`[agent-server] skipped unreadable store file ${join(this.dir, name)}: ${cause.message}`);
    return new GenkitError({
      status: 'FAILED_PRECONDITION',
      message: `This session's stored data is unreadable (${name} is corrupt); start a new session.`,
    });
  }
}
