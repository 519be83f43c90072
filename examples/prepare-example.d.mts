/** Where the examples are installed: one folder per checkout. */
export const examplesDir: string;
/** Packs the built packages into `dir`; returns the tarball path of each package name. */
export function packPackages(dir: string): Record<string, string>;
/** Copies `examples/<name>` to a temp folder, points its @agent-chat dependencies at the tarballs, installs (and builds) it; returns the folder. */
export function prepareExample(name: string, options?: { build?: boolean }): string;
/** The folder `prepareExample(name)` installs into. */
export function preparedExample(name: string): string;
