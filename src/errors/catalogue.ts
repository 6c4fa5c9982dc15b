/**
 * The one error catalogue: every error id with its HTTP status, GraphQL code, SCIM type and default message.
 * The REST error body, the GraphQL error extension and the SCIM error are all mapped from here.
 * A test checks these ids against the `ErrorId` enum of the published OpenAPI documents.
 */
export interface ErrorSpec {
  readonly status: number;
  readonly graphqlCode: string;
  readonly scimType: string | null;
  readonly message: string;
}

export const ERRORS = {
  BadRequest: {
    status: 400,
    graphqlCode: 'BAD_REQUEST',
    scimType: 'invalidSyntax',
    message: 'The request could not be understood.',
  },
  InvalidQuery: {
    status: 400,
    graphqlCode: 'INVALID_QUERY',
    scimType: 'invalidFilter',
    message:
      'The query you sent was invalid. Probably a filter or ordering specification is not applicable to the type of a field.',
  },
  AccessTokenInvalid: {
    status: 401,
    graphqlCode: 'ACCESS_TOKEN_INVALID',
    scimType: null,
    message: 'The access token you sent could not be found or is invalid.',
  },
  AccessDenied: {
    status: 403,
    graphqlCode: 'ACCESS_DENIED',
    scimType: null,
    message: 'You are not allowed to perform this action.',
  },
  NotFound: { status: 404, graphqlCode: 'NOT_FOUND', scimType: null, message: 'The resource could not be found.' },
  MissingOrganizationParameter: {
    status: 404,
    graphqlCode: 'MISSING_ORGANIZATION_PARAMETER',
    scimType: null,
    message:
      'This User has multiple Organizations with permissions to create a Space. Please pass the X-Service-Organization header in which Organization to create the Space.',
  },
  VersionMismatch: { status: 409, graphqlCode: 'VERSION_MISMATCH', scimType: null, message: 'Version mismatch' },
  ValidationFailed: {
    status: 422,
    graphqlCode: 'VALIDATION_FAILED',
    scimType: 'invalidValue',
    message: 'Validation error',
  },
  InvalidEntry: { status: 422, graphqlCode: 'INVALID_ENTRY', scimType: 'invalidValue', message: 'Validation error' },
  PayloadTooLarge: {
    status: 413,
    graphqlCode: 'PAYLOAD_TOO_LARGE',
    scimType: null,
    message: 'The request body is larger than this endpoint accepts.',
  },
  ActionPreconditionsFailed: {
    status: 422,
    graphqlCode: 'ACTION_PRECONDITIONS_FAILED',
    scimType: null,
    message: 'The preconditions of this action are not met.',
  },
  UnknownField: {
    status: 422,
    graphqlCode: 'UNKNOWN_FIELD',
    scimType: 'invalidPath',
    message: 'The query references an unknown field.',
  },
  RateLimitExceeded: {
    status: 429,
    graphqlCode: 'RATE_LIMIT_EXCEEDED',
    scimType: null,
    message:
      'You have exceeded the rate limit of the Organization this Space belongs to by making too many API requests within a short timespan. Please wait a moment before trying the request again.',
  },
  NotImplemented: { status: 501, graphqlCode: 'NOT_IMPLEMENTED', scimType: null, message: 'Not implemented.' },
  ServerError: { status: 500, graphqlCode: 'INTERNAL_SERVER_ERROR', scimType: null, message: 'Internal Server Error' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorId = keyof typeof ERRORS;

/**
 * Errors only the SCIM API answers (RFC 7644 §3.12), by their `scimType`, besides the ids above mapped through their
 * own `scimType`.
 */
export const SCIM_ERRORS = {
  uniqueness: { status: 409, scimType: 'uniqueness', message: 'A resource with this unique attribute exists already.' },
  invalidFilter: { status: 400, scimType: 'invalidFilter', message: 'The filter is not supported.' },
  invalidSyntax: { status: 400, scimType: 'invalidSyntax', message: 'The request body is not a valid SCIM message.' },
  invalidPath: { status: 400, scimType: 'invalidPath', message: 'The path names no attribute of the resource.' },
  invalidValue: { status: 400, scimType: 'invalidValue', message: 'A value is missing or not valid.' },
  noTarget: { status: 400, scimType: 'noTarget', message: 'The path matched no value.' },
} as const satisfies Record<string, { status: number; scimType: string; message: string }>;

export type ScimErrorType = keyof typeof SCIM_ERRORS;

/** The codes the GraphQL Content API raises outside the REST catalogue, with their HTTP status (200: partial data). */
export const GRAPHQL_ERRORS = {
  ACCESS_TOKEN_MISSING: { status: 401, message: 'Access token is missing.' },
  ACCESS_TOKEN_INVALID: { status: 401, message: 'The access token you sent could not be found or is invalid.' },
  COLLIDING_TYPE_NAMES: { status: 500, message: 'Schema generation failed.' },
  COLLIDING_FIELD_NAMES: { status: 500, message: 'Schema generation failed.' },
  RESERVED_FIELD_NAME: { status: 500, message: 'Schema generation failed.' },
  UNKNOWN_SPACE: { status: 400, message: 'The space could not be found.' },
  UNKNOWN_ENVIRONMENT: { status: 400, message: 'The environment could not be found.' },
  MISSING_QUERY: { status: 400, message: 'A query is required.' },
  QUERY_TOO_BIG: { status: 400, message: 'Query cannot be executed.' },
  INVALID_QUERY_FORMAT: { status: 400, message: 'The query must be a string.' },
  INVALID_VARIABLES_FORMAT: { status: 400, message: 'Variables must be a JSON object.' },
  TOO_COMPLEX_QUERY: { status: 400, message: 'Query cannot be executed.' },
  QUERY_OPERATION_NAME_MISMATCH: {
    status: 400,
    message: 'The operation name does not match an operation of the query.',
  },
  GRAPHQL_PARSE_FAILED: { status: 400, message: 'The query could not be parsed.' },
  GRAPHQL_VALIDATION_FAILED: { status: 400, message: 'The query is not valid for the schema.' },
  UNKNOWN_LOCALE: { status: 200, message: 'Query execution error. Unknown locale.' },
  UNRESOLVABLE_LINK: { status: 200, message: 'Query execution error. Link cannot be resolved.' },
  UNEXPECTED_LINKED_CONTENT_TYPE: { status: 200, message: 'Query execution error. Unexpected linked content type.' },
  RESOURCES_EXHAUSTED: {
    status: 200,
    message: 'Query execution error. Query too complex to be executed in allocated resources',
  },
  INTERNAL_SERVER_ERROR: { status: 500, message: 'Internal Server Error' },
  RATE_LIMIT_EXCEEDED: {
    status: 429,
    message:
      'You have exceeded the rate limit of this Space by making too many requests within a short timespan. Please wait a moment before trying the request again.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type GraphqlErrorCode = keyof typeof GRAPHQL_ERRORS;

/**
 * Why a delivery or preview token opens no space environment (`domain/access/delivery-token.ts`), as each content API
 * answers it: the REST error id of the delivery and preview REST APIs, and the GraphQL Content API's code (its status
 * and message above). These are not ids of `ERRORS`: the Management document's `ErrorId` declares none of them.
 */
export const CONTENT_TOKEN_REFUSALS = {
  missing: { id: 'AccessTokenInvalid', graphqlCode: 'ACCESS_TOKEN_MISSING' },
  invalid: { id: 'AccessTokenInvalid', graphqlCode: 'ACCESS_TOKEN_INVALID' },
  unknownSpace: { id: 'NotFound', graphqlCode: 'UNKNOWN_SPACE' },
  unknownEnvironment: { id: 'NotFound', graphqlCode: 'UNKNOWN_ENVIRONMENT' },
} as const satisfies Record<string, { id: ErrorId; graphqlCode: GraphqlErrorCode }>;

export type ContentTokenRefusal = keyof typeof CONTENT_TOKEN_REFUSALS;
