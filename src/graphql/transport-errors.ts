import express, { type NextFunction, type Request, type Response } from 'express';
import { wireError, type WireError } from './errors.ts';

/** The largest POST body read (the query itself may have at most 8192 bytes; variables take the rest). */
export const MAX_BODY_BYTES = 1024 * 1024;

interface Answering {
  vendorToken: string;
  costHeader: string;
}

function answer(res: Response, o: Answering, error: WireError): void {
  res.setHeader(o.costHeader, '0');
  res
    .status(400)
    .type('application/json')
    .send(JSON.stringify({ errors: [error] }));
}

/**
 * The body as text, at most 1 MB. A body the parser refuses (too large, unknown charset, aborted) answers in the
 * GraphQL error format: QUERY_TOO_BIG over the limit, INVALID_QUERY_FORMAT otherwise.
 */
export function graphqlBody(o: Answering) {
  const text = express.text({ type: () => true, limit: MAX_BODY_BYTES });
  return (req: Request, res: Response, next: NextFunction) =>
    text(req, res, (e?: unknown) => {
      if (!e) return next();
      answer(
        res,
        o,
        (e as { type?: string }).type === 'entity.too.large'
          ? wireError(
              o.vendorToken,
              req.id,
              {
                message: `Query cannot be executed. The maximum allowed size for a request body is ${MAX_BODY_BYTES} bytes`,
              },
              'QUERY_TOO_BIG',
              { maximumBodySize: MAX_BODY_BYTES },
            )
          : wireError(o.vendorToken, req.id, { message: 'The request body could not be read' }, 'INVALID_QUERY_FORMAT'),
      );
    });
}

/**
 * Mounted at `/content/v1/spaces`: the router fails a path whose ids are not UTF-8 (`%ED%A0%80`) before any handler
 * (400); such an id names no space or environment.
 */
export function undecodablePath(o: Answering) {
  return (e: unknown, req: Request, res: Response, next: NextFunction) => {
    if ((e as { status?: number }).status !== 400) return next(e);
    const [space] = req.path.split('/').filter(Boolean);
    let code: 'UNKNOWN_SPACE' | 'UNKNOWN_ENVIRONMENT' = 'UNKNOWN_ENVIRONMENT';
    try {
      decodeURIComponent(space ?? '');
    } catch {
      code = 'UNKNOWN_SPACE';
    }
    answer(
      res,
      o,
      wireError(
        o.vendorToken,
        req.id,
        { message: 'Query cannot be executed. The path holds an id that is not valid UTF-8' },
        code,
      ),
    );
  };
}
