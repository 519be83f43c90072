import type { Program } from 'typescript';

/** A package's typed entry points, read from its package.json `exports`. */
export interface PackageEntries {
  name: string;
  entries: Array<{ name: string; file: string }>;
}
/** The package's typed entry points: subpath → built .d.ts. */
export function entriesOf(dir: string): PackageEntries;
/** One program over the built declarations of the packages' entry points; throws when one is not built. */
export function programOf(packages: PackageEntries[]): Program;
/** The report of one package, from its built declarations in `program`. */
export function apiReport(entries: PackageEntries, program: Program): string;
