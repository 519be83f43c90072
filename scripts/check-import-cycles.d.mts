/** The import graph of the files: file → the files it imports. */
export function importGraph(files: string[]): Map<string, Set<string>>;
/** The strongly connected components with more than one file, or a file importing itself. */
export function cyclesOf(graph: Map<string, Set<string>>): string[][];
/** The import cycles among packages/<name>/src of a repository root, as lists of paths relative to it. */
export function importCycles(root: string): string[][];
