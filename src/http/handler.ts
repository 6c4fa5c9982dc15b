import type { IncomingHttpHeaders } from 'node:http';
import type { Actor } from '../domain/shared/actor.ts';
import type { AccessGrant } from '../domain/access/authorizer.ts';
import { AppError } from '../errors/index.ts';

/** What a handler sees: validated input and the authenticated actor. */
export interface ApiRequest {
  readonly params: Record<string, string>;
  readonly query: Record<string, unknown>;
  readonly body: any;
  readonly headers: IncomingHttpHeaders;
  readonly actor: Actor;
  /** What the authorizer granted for this operation (what the actor is in its space or organization). */
  readonly grant: AccessGrant;
  readonly requestId: string;
  /** A vendor header by its suffix: `vendorHeader('Version')` reads `X-<Vendor>-Version`. */
  vendorHeader(suffix: string): string | undefined;
  /** The configured vendor token (lower case), as in `sys.urn` (`crn:<token>:::content:...`). */
  readonly vendorToken: string;
  /** The `X-<Vendor>-Version` header as a number, or undefined when absent. */
  readonly version: number | undefined;
  /** The public base URL of this server, for `Location` headers. */
  readonly baseUrl: string;
  /**
   * The query string exactly as sent (without `?`). Searches parse it themselves: the request validator turns
   * bracketed keys such as `fields.title[ne]` into nested objects, which loses values containing `&` or `=`.
   */
  readonly rawQuery: string;
}

export interface ApiResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** The body's media type when it is not the vendor management one (the SCIM API answers `application/scim+json`). */
  mediaType?: string;
}

export type Handler = (req: ApiRequest) => Promise<ApiResult>;
/** The handler of a public operation (`security` allows no credential): it runs before authentication, so there is no actor. */
export type PublicHandler = (req: Omit<ApiRequest, 'actor'>) => Promise<ApiResult>;
export type HandlerMap = Record<string, Handler>;

export const ok = (body: unknown): ApiResult => ({ status: 200, body });
export const created = (body: unknown, location?: string): ApiResult => ({
  status: 201,
  body,
  headers: location ? { Location: location } : undefined,
});
export const noContent = (): ApiResult => ({ status: 204 });

/** Parses the version header strictly: it must be a non-negative integer when present. */
export function parseVersion(raw: string | undefined, headerName: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw))
    throw new AppError('BadRequest', `The ${headerName} header must be a non-negative integer, got "${raw}".`);
  return Number(raw);
}
