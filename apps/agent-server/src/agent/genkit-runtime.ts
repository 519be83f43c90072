/**
 * genkit/beta, its logger and the model plugins, loaded through their CommonJS entries on purpose: one module system
 * for the agent, its errors (`GenkitError`) and the plugins a real model loads (src/agent/real-model.ts), so that an
 * error's class is the one its status mapping knows (a missing snapshot stays a 404 NOT_FOUND).
 */
import { createRequire } from 'node:module';

export const requireCjs = createRequire(import.meta.url);

type GenkitBetaModule = typeof import('genkit/beta');
export type GenkitBeta = ReturnType<GenkitBetaModule['genkit']>;

const beta = requireCjs('genkit/beta') as GenkitBetaModule;
export const { genkit, z, GenkitError, FileSessionStore, InMemorySessionStore, applyPatch } = beta;

/** The part of a Genkit action the routes use: `run(input, {onChunk, context, abortSignal, init})`. */
export interface RunnableAction {
  run(input: unknown, options?: Record<string, unknown>): Promise<{ result: unknown }>;
}

/** Genkit's process-wide logger. */
export const { logger: genkitLogger } = requireCjs('genkit/logging') as { logger: { error(...args: unknown[]): void } };
