import { join } from 'node:path';
import type { createClient } from 'redis';
import { DEFAULT_DATA_DIR } from '../agent.js';
import { FileThreadIndex } from './file-thread-index.js';
import { MemoryThreadIndex } from './memory-thread-index.js';
import { RedisThreadIndex } from './redis-thread-index.js';
import type { ThreadIndex } from './thread-index.js';

/** The thread index beside the sessions: in Redis when they are, else in memory or in files under the data folder. */
export function threadIndexFor(options: { store?: 'memory' | 'file'; dataDir?: string; redis?: ReturnType<typeof createClient> }): ThreadIndex {
  if (options.redis) return new RedisThreadIndex(options.redis);
  if (options.store === 'memory') return new MemoryThreadIndex();
  return new FileThreadIndex(join(options.dataDir ?? DEFAULT_DATA_DIR, 'threads'));
}
