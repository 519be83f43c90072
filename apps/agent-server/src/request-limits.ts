/**
 * The JSON body parser every route shares, with its two caps: the body's size (413 before it is read when
 * Content-Length says so, else as soon as it passes the cap) and its nesting depth (400, measured on the raw bytes
 * before JSON.parse or anything recursive sees the value).
 */
import type { IncomingMessage } from 'node:http';
import express from 'express';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { exceedsJsonDepth } from './json-depth.js';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_MAX_JSON_DEPTH = 64;

export interface RequestLimits {
  /** Largest request body in bytes (default 1 MiB); larger → 413. */
  maxBodyBytes?: number;
  /** Deepest nesting of arrays/objects in a request body (default 64); deeper → 400. */
  maxJsonDepth?: number;
}

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

/** Turns body-parser's errors into clear JSON answers naming the limit and how to change it. */
export function requestLimitErrors(limits: RequestLimits = {}): ErrorRequestHandler {
  const maxBodyBytes = limits.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxJsonDepth = limits.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH;
  return (error: { type?: string }, _req, res, next) => {
    if (res.headersSent) return next(error);
    switch (error.type) {
      case 'entity.too.large':
        return void res.status(413).json({
          status: 'RESOURCE_EXHAUSTED',
          message: `The request body is larger than ${maxBodyBytes} bytes (option maxBodyBytes / AGENT_MAX_BODY_BYTES).`,
        });
      case 'entity.too.deep':
        return void res.status(400).json({
          status: 'INVALID_ARGUMENT',
          message: `The request JSON nests deeper than ${maxJsonDepth} levels (option maxJsonDepth / AGENT_MAX_JSON_DEPTH).`,
        });
      case 'entity.parse.failed':
        return void res.status(400).json({ status: 'INVALID_ARGUMENT', message: 'The request body is not valid JSON.' });
      default:
        return next(error);
    }
  };
}
