/** The import graph of the files: file → the files it imports. */
export function importGraph(files: string[]): Map<string, Set<string>>;
/** The strongly connected components with more than one file, or a file importing itself. */
export function cyclesOf(graph: Map<string, Set<string>>): string[][];
/** The import cycles among packages/<name>/src of a repository root, as lists of paths relative to it. */
export function importCycles(root: string): string[][];
/** What each package's shipped sources may import. */
export const PACKAGE_LAYERS: Record<string, string[]>;
/** @agent-chat/core's folders, bottom first. */
export const CORE_FOLDERS: string[];
/** @agent-chat/server's folders, bottom first. */
export const SERVER_FOLDERS: string[];
/** @agent-chat/ui's folders, bottom first. */
export const UI_FOLDERS: string[];
/** The packages whose folders are layered, and their folders bottom first. */
export const FOLDER_LAYERS: Record<string, string[]>;
/** Known upward imports left to another change (`from → to`, paths under packages/). */
export const ALLOWED_UPWARD: Set<string>;
/** The imports of packages/<name>/src (tests and stories aside) that point up a layer, as `from → to (why)`. */
export function upwardImports(root: string): string[];
