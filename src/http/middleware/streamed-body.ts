import type { RequestHandler } from 'express';
import type { IncomingBody } from '../../domain/uploads/upload-files.ts';

/**
 * Leaves `application/octet-stream` bodies on the wire: `req.body` becomes an IncomingBody whose stream the upload
 * handler reads once, into a file. No parser ever buffers such a body.
 */
export const streamedBody = (): RequestHandler => (req, _res, next) => {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/octet-stream' && req.body === undefined) {
    const length = req.headers['content-length'];
    const declaredLength =
      length !== undefined ? Number(length) : req.headers['transfer-encoding'] === undefined ? 0 : undefined;
    req.body = { declaredLength, stream: req } satisfies IncomingBody;
  }
  next();
};

export const isIncomingBody = (body: unknown): body is IncomingBody =>
  typeof body === 'object' &&
  body !== null &&
  'stream' in body &&
  typeof (body as IncomingBody).stream?.pipe === 'function';
