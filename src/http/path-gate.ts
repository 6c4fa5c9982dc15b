import type { RequestHandler } from 'express';

/** A first segment path-to-regexp matches as written (case-insensitively, as Express routes do by default). */
const PLAIN_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/**
 * Runs `handler` (a router of Express's default case-insensitive routing) only for requests whose first path segment
 * is one of `firstSegments`; other requests skip it at once. Each router an Express request enters scans all its
 * routes and leaves through a `setImmediate`, on every request of every API. `null` among the segments (a route or
 * mount path that begins with a parameter or a pattern) means that any request may match: the handler always runs.
 */
export function gateByFirstSegment(firstSegments: Array<string | null>, handler: RequestHandler): GatedHandler {
  if (firstSegments.some((s) => s === null || !PLAIN_SEGMENT.test(s)))
    return Object.assign((...args: Parameters<RequestHandler>) => handler(...args), { claims: 'any' as const });
  const accepted = new Set(firstSegments.map((s) => s!.toLowerCase()));
  const gate: RequestHandler = (req, res, next) => {
    if (accepted.has(firstSegmentOfRequest(req.path))) return handler(req, res, next);
    next();
  };
  return Object.assign(gate, { claims: accepted });
}

/** A gated handler, and the first path segments (lower case) it may answer: `any` when it may answer every path. */
export type GatedHandler = RequestHandler & { claims: ReadonlySet<string> | 'any' };

/** A request path's first segment, lower case (`/Spaces/s1` -> `spaces`; `/` -> the empty string). */
export function firstSegmentOfRequest(path: string): string {
  const end = path.indexOf('/', 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
}

/** The first segment of a route or mount path (`/docs/:page` -> `docs`), or null when it is not plain text. */
export function firstSegment(path: string): string | null {
  const segment = path.split('/')[1] ?? '';
  return PLAIN_SEGMENT.test(segment) ? segment : null;
}
