import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The environment a test file asks for in its docblock (as vitest reads it), or its project's. */
export function environmentOf(code: string, projectEnvironment?: string): string;
/** Within each run of one project's specs, the specs of one environment together (groups in order of first spec). */
export function groupByEnvironment<T extends { project: unknown }>(specs: T[], environment: (spec: T) => string): T[];
/** vitest's order, each project's files of one environment together (vitest.config.ts's `sequence.sequencer`). */
export default class EnvironmentGroupingSequencer extends BaseSequencer {
  sort(files: TestSpecification[]): Promise<TestSpecification[]>;
}
