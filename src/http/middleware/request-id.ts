import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
  }
}

/** Every response carries `X-<Vendor>-Request-Id`; error bodies repeat it as `requestId`. */
export const requestId =
  (headerName: string): RequestHandler =>
  (req, res, next) => {
    req.id = randomUUID().replaceAll('-', '');
    res.setHeader(headerName, req.id);
    next();
  };
