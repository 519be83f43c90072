import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findChromium } from './find-chromium.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Builds the packages and the demo once for the browser suite (nothing to do without a Chromium; E2E_SKIP_BUILD=1
 * reuses apps/demo/dist; E2E_PACKAGES_BUILT=1, which `npm test` sets after its own build steps, builds the demo only).
 */
export default function setup(): void {
  if (!findChromium() || process.env.E2E_SKIP_BUILD === '1') return;
  // A production build, as npm start serves it (vitest sets NODE_ENV=test, which would give React's development build).
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only', ...(process.env.E2E_PACKAGES_BUILT === '1' ? ['--packages-built'] : [])], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error('Building the demo for the browser suite failed (node scripts/start.mjs --build-only).');
}
