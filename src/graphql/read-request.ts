import type { Request } from 'express';
import { jsonDepth, MAX_INPUT_DEPTH } from './document-bounds.ts';
import { requestError } from './errors.ts';

export const MAX_QUERY_BYTES = 8192;

export interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}

function readVariables(req: Request, raw: unknown): Record<string, unknown> {
  let variables = raw;
  if (req.method === 'GET' && typeof variables === 'string') {
    try {
      variables = JSON.parse(variables);
    } catch {
      throw requestError('INVALID_VARIABLES_FORMAT', 'Variables must be a JSON-encoded object');
    }
  }
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
    throw requestError('INVALID_VARIABLES_FORMAT', 'Variables must be a JSON object');
  }
  const depth = variables ? jsonDepth(variables) - 1 : 0;
  if (depth > MAX_INPUT_DEPTH) {
    throw requestError(
      'INVALID_VARIABLES_FORMAT',
      `Variables cannot be nested deeper than ${MAX_INPUT_DEPTH} levels of lists and objects`,
      { maximumDepth: MAX_INPUT_DEPTH },
    );
  }
  return (variables ?? {}) as Record<string, unknown>;
}

/** Reads `query`, `variables` and `operationName` from a POST body or the URL parameters of a GET. */
export function readRequest(req: Request): GraphqlRequest {
  let input: Record<string, unknown>;
  if (req.method === 'GET') {
    input = req.query as Record<string, unknown>;
  } else {
    const text = typeof req.body === 'string' ? req.body : '';
    try {
      input = text.trim() ? JSON.parse(text) : {};
    } catch {
      throw requestError('INVALID_QUERY_FORMAT', 'The request body is not valid JSON');
    }
    if (!input || typeof input !== 'object' || Array.isArray(input))
      throw requestError('INVALID_QUERY_FORMAT', 'The request body must be a JSON object');
  }
  const { query, operationName } = input;
  if (query === undefined || query === null || query === '')
    throw requestError('MISSING_QUERY', 'A query is required: send it as `query`');
  if (typeof query !== 'string') throw requestError('INVALID_QUERY_FORMAT', 'The query must be a string');
  const bytes = Buffer.byteLength(query, 'utf8');
  if (bytes > MAX_QUERY_BYTES) {
    throw requestError(
      'QUERY_TOO_BIG',
      `Query cannot be executed. The maximum allowed size for a query is ${MAX_QUERY_BYTES} bytes but it was ${bytes} bytes`,
      { maximumQuerySize: MAX_QUERY_BYTES, querySize: bytes },
    );
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    throw requestError('INVALID_QUERY_FORMAT', 'The operationName must be a string');
  }
  return { query, variables: readVariables(req, input.variables), operationName: operationName ?? undefined };
}
