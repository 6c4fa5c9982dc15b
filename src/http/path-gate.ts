import type { RequestHandler } from 'express';

/** A first segment path-to-regexp matches as written (case-insensitively, as Express routes do by default). */
const PLAIN_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/**
 * Runs `handler` (a router of Express's default case-insensitive routing) only for requests whose first path segment
 * is one of `firstSegments`; other requests skip it at once. Each router an Express request enters scans all its
 * routes and leaves through a `setImmediate`, on every request of every API. `null` among the segments (a route or
 * mount path that begins with a parameter or a pattern) means that any request may match: the handler always runs.
 */
export function gateByFirstSegment(firstSegments: Array<string | null>, handler: RequestHandler): RequestHandler {
  if (firstSegments.some((s) => s === null || !PLAIN_SEGMENT.test(s))) return handler;
  const accepted = new Set(firstSegments.map((s) => s!.toLowerCase()));
  return (req, res, next) => {
    const path = req.path;
    const end = path.indexOf('/', 1);
    if (accepted.has((end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase())) return handler(req, res, next);
    next();
  };
}

/** The first segment of a route or mount path (`/docs/:page` -> `docs`), or null when it is not plain text. */
export function firstSegment(path: string): string | null {
  const segment = path.split('/')[1] ?? '';
  return PLAIN_SEGMENT.test(segment) ? segment : null;
}
