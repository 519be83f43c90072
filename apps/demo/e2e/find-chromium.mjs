// Which Chromium the browser suite drives: $CHROMIUM_PATH, else Debian's (apt-get install chromium). Never a downloaded build.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const isExecutable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The Chromium executable to use, or null when there is none. */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) return isExecutable(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  const onPath = (env.PATH ?? '').split(delimiter).filter(Boolean).flatMap((dir) => [join(dir, 'chromium'), join(dir, 'chromium-browser')]);
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', ...onPath].find(isExecutable) ?? null;
}
