import { GraphQLError } from 'graphql';
import { ContentTokenRefused, OperationBudgetExhausted } from '../domain/delivery/index.ts';
import { CONTENT_TOKEN_REFUSALS, GRAPHQL_ERRORS, type GraphqlErrorCode } from '../errors/catalogue.ts';

/** An error that stops a GraphQL request before execution: the whole answer is `{errors: [...]}` with its status. */
export class GraphqlRequestError extends Error {
  readonly status: number;
  constructor(
    readonly code: GraphqlErrorCode,
    message?: string,
    readonly details: Record<string, unknown> = {},
    readonly locations?: WireError['locations'],
  ) {
    super(message ?? GRAPHQL_ERRORS[code].message);
    this.status = GRAPHQL_ERRORS[code].status;
  }
}

export const requestError = (
  code: GraphqlErrorCode,
  message?: string,
  details?: Record<string, unknown>,
  locations?: WireError['locations'],
) => new GraphqlRequestError(code, message, details, locations);

/**
 * A refused delivery or preview token as the GraphQL answer: the catalogue's code for its reason, and for an unknown
 * space or environment a message and details naming the ids requested. Any other error is returned unchanged.
 */
export function asRequestError(e: unknown): unknown {
  if (!(e instanceof ContentTokenRefused)) return e;
  const code = CONTENT_TOKEN_REFUSALS[e.reason].graphqlCode;
  const { spaceId, environmentId } = e;
  if (e.reason === 'unknownSpace')
    return requestError(code, `Query cannot be executed. The space '${spaceId}' does not exist`, { spaceId });
  if (e.reason === 'unknownEnvironment') {
    return requestError(
      code,
      `Query cannot be executed. The environment '${environmentId}' does not exist in the space '${spaceId}'`,
      { spaceId, environmentId },
    );
  }
  return requestError(code);
}

/** An error of one path during execution (partial data: the field resolves to null). */
export function executionError(
  code: GraphqlErrorCode,
  message: string,
  details: Record<string, unknown> = {},
): GraphQLError {
  return new GraphQLError(message, { extensions: { tesseraCode: code, details } });
}

export interface WireError {
  message: string;
  locations?: ReadonlyArray<{ line: number; column: number }>;
  path?: ReadonlyArray<string | number>;
  extensions: Record<string, { code: string; requestId: string; details: Record<string, unknown> }>;
}

/** The wire form of an error: `extensions.<vendor token>` holds `code`, `requestId` and `details`. */
export function wireError(
  vendorToken: string,
  requestId: string,
  e: { message: string; locations?: WireError['locations']; path?: WireError['path'] },
  code: string,
  details: Record<string, unknown> = {},
): WireError {
  return {
    message: e.message,
    ...(e.locations ? { locations: e.locations } : {}),
    ...(e.path ? { path: e.path } : {}),
    extensions: { [vendorToken]: { code, requestId, details } },
  };
}

/**
 * The wire form of an execution error, whatever threw it: a spent operation budget is RESOURCES_EXHAUSTED on its path,
 * unknown errors become INTERNAL_SERVER_ERROR without their message.
 */
export function wireExecutionError(vendorToken: string, requestId: string, e: GraphQLError): WireError {
  const code = e.extensions?.tesseraCode as string | undefined;
  if (code) return wireError(vendorToken, requestId, e, code, (e.extensions.details ?? {}) as Record<string, unknown>);
  if (e.originalError instanceof OperationBudgetExhausted) {
    const { message } = GRAPHQL_ERRORS.RESOURCES_EXHAUSTED;
    return wireError(vendorToken, requestId, { message, locations: e.locations, path: e.path }, 'RESOURCES_EXHAUSTED', {
      maximumOperations: e.originalError.maximumOperations,
    });
  }
  if (e.originalError && !(e.originalError instanceof GraphQLError)) {
    return wireError(
      vendorToken,
      requestId,
      { message: 'Internal Server Error', locations: e.locations, path: e.path },
      'INTERNAL_SERVER_ERROR',
    );
  }
  return wireError(vendorToken, requestId, e, 'INTERNAL_SERVER_ERROR');
}
