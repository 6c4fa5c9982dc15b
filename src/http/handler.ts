import type { IncomingHttpHeaders } from 'node:http';
import type { Actor } from '../domain/shared/actor.ts';
import type { AccessGrant } from '../domain/access/authorizer.ts';
import { AppError } from '../errors/index.ts';
import type { BodyOf, OperationId, PathOf, QueryOf } from './operation-input.ts';

/** What every handler sees besides its operation's input: the headers, the authenticated actor, the request. */
export interface RequestContext {
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

/**
 * What the handler of `Op` sees: its path, query and body as the OpenAPI validator checked them against the
 * operation (types from generated/types), and the context. For a union of operations (one handler bound to
 * `Entries_get` and `MasterEntries_get`) the input of any of them.
 */
export interface ApiRequest<Op> extends RequestContext {
  readonly params: PathOf<Op>;
  readonly query: QueryOf<Op>;
  readonly body: BodyOf<Op>;
}

export interface ApiResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** The body's media type when it is not the vendor management one (the SCIM API answers `application/scim+json`). */
  mediaType?: string;
}

export type Handler<Op extends OperationId> = (req: ApiRequest<Op>) => Promise<ApiResult>;
/** The handler of a public operation (`security` allows no credential): it runs before authentication, so there is no actor. */
export type PublicHandler<Op extends OperationId> = (req: Omit<ApiRequest<Op>, 'actor'>) => Promise<ApiResult>;
/** One handler for each operation of the published documents, typed by its operation: no other key. */
export type HandlerMap = { readonly [Op in OperationId]: Handler<Op> };

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
