import { join } from 'node:path';
import type { createClient } from 'redis';
import { DEFAULT_DATA_DIR } from '../agent/agent.js';
import { fileThreadIndex, memoryThreadIndex, redisThreadIndex, type ThreadIndex } from '@agent-chat/server';

/** The thread index beside the sessions: in Redis when they are, else in memory or in files under the data folder. */
export function threadIndexFor(options: { store?: 'memory' | 'file'; dataDir?: string; redis?: ReturnType<typeof createClient> }): ThreadIndex {
  if (options.redis) return redisThreadIndex({ client: options.redis });
  if (options.store === 'memory') return memoryThreadIndex();
  return fileThreadIndex({ dir: join(options.dataDir ?? DEFAULT_DATA_DIR, 'threads') });
}
