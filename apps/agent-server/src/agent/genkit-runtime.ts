/**
 * genkit/beta and @genkit-ai/express, both loaded through their CommonJS entries on purpose.
 *
 * @genkit-ai/express@1.42.0 lists its export conditions as {require, default, import}, so even an ESM
 * `import` of it gets the CJS build, whose error mapping (`getHttpStatus`/`getCallableJSON`) tests
 * `instanceof GenkitError` against the *CJS* class. Agents built from the ESM genkit/beta would throw
 * ESM GenkitErrors and every error would degrade to HTTP 500 "Internal Error" (a missing snapshot would
 * no longer be a 404 NOT_FOUND). One module system for both keeps the real statuses.
 */
import { createRequire } from 'node:module';
import type { RequestHandler } from 'express';

export const requireCjs = createRequire(import.meta.url);

type GenkitBetaModule = typeof import('genkit/beta');
export type GenkitBeta = ReturnType<GenkitBetaModule['genkit']>;

const beta = requireCjs('genkit/beta') as GenkitBetaModule;
export const { genkit, z, GenkitError, FileSessionStore, InMemorySessionStore, applyPatch } = beta;

/** The part of a Genkit action `expressHandler` uses: `run(input, {onChunk, context, abortSignal, init})`. */
export interface RunnableAction {
  run(input: unknown, options?: Record<string, unknown>): Promise<{ result: unknown }>;
}

export const { expressHandler } = requireCjs('@genkit-ai/express') as {
  expressHandler: (action: RunnableAction) => RequestHandler;
};

/** Genkit's error → HTTP mapping and wire JSON (what @genkit-ai/express writes in an `error:` frame). */
export const { getCallableJSON, getHttpStatus } = requireCjs('genkit/context') as {
  getCallableJSON: (error: unknown) => unknown;
  getHttpStatus: (error: unknown) => number;
};

/** Genkit's process-wide logger. */
export const { logger: genkitLogger } = requireCjs('genkit/logging') as { logger: { error(...args: unknown[]): void } };
