import express, { type Request, type Response, type Router } from 'express';
import { execute, type DocumentNode, type GraphQLError } from 'graphql';
import type { VendorNames } from '../config.ts';
import type { RateLimiter } from '../rate-limit/index.ts';
import { DEFAULT_MAX_OPERATIONS, defaultLocaleOf, type ContentReader } from '../domain/delivery/index.ts';
import { bearerToken } from '../lib/bearer-token.ts';
import { asRequestError, GraphqlRequestError, requestError, wireError, wireExecutionError } from './errors.ts';
import { documentCache, type DocumentCache } from './document-cache.ts';
import { admitQuery, checkNesting, QueryValidationErrors } from './query-admission.ts';
import { readRequest, type GraphqlRequest } from './read-request.ts';
import { schemaCache, type SchemaCache } from './schema-cache.ts';
import { graphqlBody, undecodablePath } from './transport-errors.ts';
import { httpsFileUrl } from './types/asset-type.ts';

const MASTER = 'master';

/**
 * What a response depends on besides the environment's content: the query, its variables and operation, and the
 * token's kind (a preview token may read drafts that a delivery token's identical query must not be answered with).
 */
const responseKeyOf = (tokenKind: string, request: GraphqlRequest) =>
  `${tokenKind}\n${request.operationName ?? ''}\n${JSON.stringify(request.variables)}\n${request.query}`;

export interface GraphqlEndpointOptions {
  /** Requests per second per space; undefined: unlimited. */
  limiter?: RateLimiter;
  schemas?: SchemaCache;
  documents?: DocumentCache;
  /** Database operations (searches, link batches) one request may run; past it, RESOURCES_EXHAUSTED per path. */
  maxOperations?: number;
  /** A stored file URL with this server's scheme; unset: protocol-relative URLs get `https:`. */
  completeFileUrl?: (url: string) => string;
  /** Counts one `gql` request of an authorized token in its space (the Usage API). */
  meter?: (spaceId: string) => Promise<void>;
}

/**
 * The GraphQL Content API: `POST|GET /content/v1/spaces/{space}[/environments/{environment}]`, authenticated by
 * delivery and preview tokens (not by the Management API's tokens). Every answer carries the query cost header.
 * With a limiter, authenticated requests are charged to their space (all its environments share the budget):
 * `X-<Vendor>-RateLimit-Second-Limit` on every charged answer, and over budget 429 RATE_LIMIT_EXCEEDED with
 * `X-<Vendor>-RateLimit-Reset` (seconds to wait). Requests refused before authentication are not charged, nor are
 * answers served from the response cache (`reader.responses`: the hosted API's CDN hits are not counted either);
 * only complete answers without errors are cached.
 */
export function graphqlEndpoint(
  reader: ContentReader,
  vendor: VendorNames,
  options: GraphqlEndpointOptions = {},
): Router {
  const {
    limiter,
    schemas = schemaCache(reader, vendor.token),
    documents = documentCache(),
    maxOperations = DEFAULT_MAX_OPERATIONS,
    completeFileUrl = httpsFileUrl,
    meter,
  } = options;
  const router = express.Router();
  const costHeader = `${vendor.headerPrefix}-Graphql-Query-Cost`;
  const limitHeader = `${vendor.headerPrefix}-RateLimit-Second-Limit`;
  const resetHeader = `${vendor.headerPrefix}-RateLimit-Reset`;
  const paths = ['/content/v1/spaces/:space', '/content/v1/spaces/:space/environments/:environment'];

  async function charge(res: Response, spaceId: string): Promise<void> {
    if (!limiter) return;
    const decision = await limiter.consume(`graphql:${spaceId}`);
    res.setHeader(limitHeader, String(decision.limit));
    if (!decision.allowed) {
      res.setHeader(resetHeader, String(decision.resetSeconds));
      throw requestError('RATE_LIMIT_EXCEEDED');
    }
  }

  async function handle(req: Request, res: Response) {
    let cost = 0;
    const send = (status: number, body: unknown) => {
      res.setHeader(costHeader, String(cost));
      res.status(status).type('application/json').send(JSON.stringify(body));
    };
    try {
      const token = bearerToken(req.get('authorization'), req.query);
      const spaceId = String(req.params.space);
      const access = await reader.authorize(
        token,
        spaceId,
        req.params.environment ? String(req.params.environment) : MASTER,
      );
      // Every request of a valid token counts, answers from the response cache too (they are requests of the API).
      if (meter) await meter(spaceId);
      const scope = { spaceId, environmentId: access.environmentId };
      let request: GraphqlRequest | undefined;
      let requestFailure: unknown;
      try {
        request = readRequest(req);
      } catch (e) {
        requestFailure = e;
      }
      const responses = request && reader.responses;
      const responseKey = responses ? responseKeyOf(access.grant.kind, request!) : '';
      const hit = responses?.get(scope, responseKey);
      if (hit) {
        cost = hit.cost;
        res.setHeader(costHeader, String(cost));
        return res.status(200).type('application/json').send(hit.body);
      }
      const startedAt = responses?.begin() ?? 0;
      await charge(res, spaceId);
      if (!request) throw requestFailure;
      const [schema, locales] = await Promise.all([schemas.schemaFor(scope), reader.locales(scope)]);
      checkNesting(request.query);
      let document: DocumentNode;
      try {
        document = documents.parse(request.query);
      } catch (e) {
        return send(400, { errors: [wireError(vendor.token, req.id, e as GraphQLError, 'GRAPHQL_PARSE_FAILED')] });
      }
      const { operation } = admitQuery(
        schema,
        document,
        request,
        () => documents.validate(schema, request!.query, document),
        (c) => {
          cost = c;
        },
      );
      const defaultLocale = defaultLocaleOf(locales);
      const result = await execute({
        schema,
        document,
        operationName: operation.name?.value,
        variableValues: request.variables,
        contextValue: {
          reads: reader.open(access, { maxOperations }),
          grant: access.grant,
          locales,
          defaultLocale,
          completeFileUrl,
        },
      });
      // Without `data`, execution never started: the variables do not fit the operation's definitions.
      const errors = (result.errors ?? []).map((e) =>
        'data' in result
          ? wireExecutionError(vendor.token, req.id, e)
          : wireError(vendor.token, req.id, e, 'GRAPHQL_VALIDATION_FAILED'),
      );
      const denied = errors.filter((e) => e.extensions[vendor.token]!.code === 'ACCESS_TOKEN_INVALID');
      if (denied.length) return send(401, { errors: denied });
      if (!result.data && errors.length) return send(400, { errors });
      if (errors.length) return send(200, { data: result.data ?? null, errors });
      const body = JSON.stringify({ data: result.data });
      responses?.set(scope, responseKey, { body, cost }, startedAt);
      res.setHeader(costHeader, String(cost));
      return res.status(200).type('application/json').send(body);
    } catch (thrown) {
      const e = asRequestError(thrown);
      if (e instanceof GraphqlRequestError) {
        return send(e.status, {
          errors: [wireError(vendor.token, req.id, { message: e.message, locations: e.locations }, e.code, e.details)],
        });
      }
      if (e instanceof QueryValidationErrors)
        return send(400, {
          errors: e.errors.map((v) => wireError(vendor.token, req.id, v, 'GRAPHQL_VALIDATION_FAILED')),
        });
      return send(500, {
        errors: [wireError(vendor.token, req.id, { message: 'Internal Server Error' }, 'INTERNAL_SERVER_ERROR')],
      });
    }
  }

  const body = graphqlBody({ vendorToken: vendor.token, costHeader });
  for (const path of paths) {
    router.post(path, body, (req, res, next) => {
      handle(req, res).catch(next);
    });
    router.get(path, (req, res, next) => {
      handle(req, res).catch(next);
    });
  }
  router.use('/content/v1/spaces', undecodablePath({ vendorToken: vendor.token, costHeader }));
  return router;
}
