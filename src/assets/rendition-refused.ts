import { AppError } from '../errors/index.ts';

/**
 * A new rendition the image host will not make now (429 `RateLimitExceeded`): the space spent its budget of new
 * renditions, or every transform slot and queue place is taken. The host sends `retryAfterSeconds` as `Retry-After`
 * and `X-<Vendor>-RateLimit-Reset`. Cached renditions and originals are still served.
 */
export class RenditionRefused extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    details: Record<string, unknown>,
  ) {
    super('RateLimitExceeded', message, details);
  }
}
