// The API report (scripts/api-report.mjs) reads the same whatever build wrote the declarations: TypeScript prints an
// inferred union of string literals in the order its types were created, which an incremental build changes.
import { describe, expect, it } from 'vitest';
import { sortedLiteralUnions } from './api-report.mjs';

describe('the API report', () => {
  it('prints an inferred union of string literals in one order', () => {
    const fromClean = 'Omit<Props, "message" | "chat"> & Partial<Pick<Props, "message" | "chat">>';
    const fromIncremental = 'Omit<Props, "chat" | "message"> & Partial<Pick<Props, "chat" | "message">>';
    expect(sortedLiteralUnions(fromClean)).toBe(sortedLiteralUnions(fromIncremental));
    expect(sortedLiteralUnions(fromClean)).toBe(fromIncremental);
  });

  it('leaves a single literal, other unions and text outside unions as they are', () => {
    expect(sortedLiteralUnions('kind: "b";')).toBe('kind: "b";');
    expect(sortedLiteralUnions('a: B | A;')).toBe('a: B | A;');
    expect(sortedLiteralUnions("x: 'z' | \"y\" | \"b\";")).toBe("x: 'z' | \"b\" | \"y\";");
  });
});
