/** The Chromium executable to use ($CHROMIUM_PATH, else Debian's), or null when there is none. */
export function findChromium(env?: NodeJS.ProcessEnv): string | null;
