/** Exact-match aliases for each protocol folder under `<root>/packages/core/src/protocols`. */
export function protocolAliases(root: string): { find: RegExp; replacement: string }[];
