/**
 * FileSessionStore writes `<name>.json.<pid>.<uuid>.tmp` and renames it into place; a process killed mid-write
 * (`kill -9`) leaves the temp file behind for good. On start, those whose writing process is gone are removed.
 */
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';

const TEMP_FILE = /\.json\.(\d+)\.[0-9a-f-]+\.tmp$/i;

/** Whether the process that wrote a temp file may still be writing it. */
function writerMayBeAlive(pid: number, modifiedMs: number): boolean {
  // Our own pid: a file from before this process started comes from an earlier one (pids recur in containers).
  if (pid === process.pid) return modifiedMs >= performance.timeOrigin;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function entries(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Removes stale temp files under `<dataDir>/<prefix>/` and `<dataDir>/<prefix>/.pointers/`; returns what went. */
export async function removeStaleTempFiles(dataDir: string): Promise<{ files: number; bytes: number }> {
  const removed = { files: 0, bytes: 0 };
  const dirs: string[] = [];
  for (const prefix of await entries(dataDir)) {
    if (!prefix.isDirectory()) continue;
    dirs.push(join(dataDir, prefix.name), join(dataDir, prefix.name, '.pointers'));
  }
  for (const dir of dirs) {
    for (const entry of await entries(dir)) {
      const match = entry.isFile() ? TEMP_FILE.exec(entry.name) : null;
      if (!match) continue;
      const path = join(dir, entry.name);
      try {
        const { size, mtimeMs } = await stat(path);
        if (writerMayBeAlive(Number(match[1]), mtimeMs)) continue;
        await unlink(path);
        removed.files++;
        removed.bytes += size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return removed;
}
