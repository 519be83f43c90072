/**
 * The JSON body parser every route shares, with its two caps: the body's size (413 before it is read when
 * Content-Length says so, else as soon as it passes the cap) and its nesting depth (400, measured on the raw bytes
 * before JSON.parse or anything recursive sees the value).
 */
import type { IncomingMessage } from 'node:http';
import { bodyLimitResponse, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_JSON_DEPTH, exceedsJsonDepth, sendResponse, type BodyLimits } from '@agent-chat/server';
import express from 'express';
import type { ErrorRequestHandler, RequestHandler } from 'express';

export type RequestLimits = Pick<BodyLimits, 'maxBodyBytes' | 'maxJsonDepth'>;

/** The answers name the options and the environment variables that change the caps. */
const HINTS = { maxBodyBytes: 'option maxBodyBytes / AGENT_MAX_BODY_BYTES', maxJsonDepth: 'option maxJsonDepth / AGENT_MAX_JSON_DEPTH' };

const bodyLengths = new WeakMap<IncomingMessage, number>();

/** The parsed request body's size in bytes (0 when there was none). */
export function bodyBytes(req: IncomingMessage): number {
  return bodyLengths.get(req) ?? 0;
}

export function jsonBodyParser(limits: RequestLimits = {}): RequestHandler {
  const maxJsonDepth = limits.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH;
  return express.json({
    limit: limits.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    verify(req, _res, buffer) {
      bodyLengths.set(req, buffer.length);
      if (exceedsJsonDepth(buffer, maxJsonDepth)) {
        // body-parser keeps a thrown error's own status; `type` tells the error handler what happened.
        throw Object.assign(new Error('too deep'), { status: 400, type: 'entity.too.deep' });
      }
    },
  });
}

/** Turns body-parser's errors into clear JSON answers naming the limit and how to change it (@agent-chat/server's bodyLimitResponse). */
export function requestLimitErrors(limits: RequestLimits = {}): ErrorRequestHandler {
  const problems: Record<string, 'too-large' | 'too-deep' | 'not-json'> = { 'entity.too.large': 'too-large', 'entity.too.deep': 'too-deep', 'entity.parse.failed': 'not-json' };
  return (error: { type?: string }, _req, res, next) => {
    const problem = error.type === undefined ? undefined : problems[error.type];
    if (res.headersSent || !problem) return next(error);
    sendResponse(res, bodyLimitResponse(problem, { ...limits, hints: HINTS })).catch(next);
  };
}
