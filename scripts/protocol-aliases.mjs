// The source aliases of @agent-chat/core's protocol subpaths (`@agent-chat/core/<name>` → its folder's index.ts), one
// per folder of packages/core/src/protocols: the configs (vitest, Storybook) name no protocol.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Exact-match aliases for each protocol folder under `<root>/packages/core/src/protocols`. */
export function protocolAliases(root) {
  const folder = join(root, 'packages/core/src/protocols');
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({ find: new RegExp(`^@agent-chat/core/${name}$`), replacement: join(folder, name, 'index.ts') }));
}
