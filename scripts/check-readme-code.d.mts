/** The fenced ts/tsx blocks of a markdown text (line: the fence's, 1-based). */
export function fencedBlocks(markdown: string): { line: number; lang: 'ts' | 'tsx'; partial: boolean; code: string }[];
