import type { RequestHandler } from 'express';

/** Placeholder until the shared-bucket limiter lands: sets no headers and limits nothing. */
export function createRateLimit(): { middleware: RequestHandler; close(): Promise<void> } {
  return { middleware: (_req, _res, next) => next(), close: async () => {} };
}
