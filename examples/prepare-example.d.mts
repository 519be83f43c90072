/** Where the examples are installed: one folder per checkout. */
export const examplesDir: string;
/** The tools the README check's project has (in the shared install). */
export const README_TOOLS: string[];
/** A hash of every file under packages/<name> (but node_modules) of the five packages: equal keys, equal tarballs. */
export function packagesKey(): string;
/** Packs the built packages into `dir` (one `npm pack`); returns the tarball path of each package name. */
export function packPackages(dir: string): Record<string, string>;
/** The built packages as `npm pack` gives them, packed once per content; the tarball path of each package name. */
export function packedPackages(): Record<string, string>;
/** The install the README check and examples/vite share (README_TOOLS, the tarballs, the example's dependencies); its folder. */
export function prepareSharedInstall(): string;
/** The node_modules an example's build and server run from. */
export function exampleModules(name: string): string;
/** Copies `examples/<name>` to a temp folder, points its @agent-chat dependencies at the tarballs, installs (and builds) it; returns the folder. */
export function prepareExample(name: string, options?: { build?: boolean }): string;
/** The folder `prepareExample(name)` installs into. */
export function preparedExample(name: string): string;
