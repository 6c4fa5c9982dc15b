import type { ServerResponse } from 'node:http';

/**
 * Answers with a JSON text as Express's `res.status(status).type(mediaType).send(json)` did (no ETag is set, so it
 * was never a 304; a HEAD request gets the headers only), through Node's own response: it serves requests that
 * Express never saw.
 */
export function writeJson(res: ServerResponse, status: number, mediaType: string, json: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', `${mediaType}; charset=utf-8`);
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}
