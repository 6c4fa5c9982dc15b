import type { Request, RequestHandler } from 'express';
import type { VendorNames } from '../../config.ts';
import { AppError } from '../../errors/index.ts';
import { CLIENT_ID_PATTERN } from '../../lib/ids.ts';
import { isIncomingBody } from './streamed-body.ts';
import {
  findJsonProblem,
  formatJsonPath,
  MAX_JSON_DEPTH,
  unstorableText,
  type JsonProblem,
} from '../../lib/json-guard.ts';

/** The request fields the OpenAPI validator's route matching leaves (`validator-route-index.ts`). */
type MatchedRequest = Request & {
  openapi?: { schema?: { requestBody?: unknown }; pathParams?: Record<string, string> };
};

const INT32_MAX = 2_147_483_647;
const DIGITS = /^[0-9]{1,10}$/;
const printable = (text: string) => JSON.stringify(text).slice(1, -1);
const REASONS = {
  nul: 'contains a NUL character',
  'lone-surrogate': 'contains a lone UTF-16 surrogate (not Unicode text)',
} as const;

/**
 * Refuses a request whose path is not valid percent-encoded UTF-8 (400), before route matching decodes it.
 * Mounted in front of the OpenAPI validator, whose matcher would otherwise throw on it.
 */
export const pathEncodingGuard: RequestHandler = (req, _res, next) => {
  const path = req.path;
  if (path.includes('%')) {
    try {
      decodeURIComponent(path);
    } catch {
      return next(
        new AppError('BadRequest', `The request path ${printable(path)} is not valid percent-encoded UTF-8.`),
      );
    }
  }
  next();
};

/** Path parameters that are no ids: a SCIM schema is named by its URN (`urn:ietf:params:scim:schemas:core:2.0:User`). */
const URN_PARAMS = new Set(['schema_id']);
const URN_PATTERN = /^urn:[a-zA-Z0-9._:-]{1,250}$/;

function pathParamError(params: Record<string, string> | undefined): AppError | undefined {
  for (const name in params) {
    const value = params[name]!;
    if (URN_PARAMS.has(name) && URN_PATTERN.test(value)) continue;
    if (!CLIENT_ID_PATTERN.test(value)) {
      return new AppError(
        'BadRequest',
        `The path parameter ${name} must be 1 to 64 letters, digits, dots, hyphens or underscores, got "${printable(value)}".`,
        {
          errors: [{ name: 'invalid', path: [name], details: 'does not match ^[a-zA-Z0-9-_.]{1,64}$' }],
        },
      );
    }
  }
  return undefined;
}

/** A query component decoded as the query parser does (`+` is a space, a `%` that starts no escape is itself), but strictly: invalid UTF-8 throws. */
const decodeQueryComponent = (text: string) =>
  decodeURIComponent(text.replaceAll('+', ' ').replace(/%(?![0-9a-fA-F]{2})/g, '%25'));

function queryError(rawUrl: string): AppError | undefined {
  const at = rawUrl.indexOf('?');
  if (at < 0) return undefined;
  for (const pair of rawUrl.slice(at + 1).split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    let name = rawName;
    try {
      name = decodeQueryComponent(rawName);
      const value = eq < 0 ? '' : decodeQueryComponent(pair.slice(eq + 1));
      const reason = unstorableText(name) ?? unstorableText(value);
      if (reason) return invalidQuery(name, REASONS[reason]);
    } catch {
      return invalidQuery(name, 'is not valid percent-encoded UTF-8');
    }
  }
  return undefined;
}

const invalidQuery = (name: string, problem: string) =>
  new AppError('InvalidQuery', `The query parameter ${printable(name)} ${problem}.`, {
    errors: [{ name: 'invalid', path: [name], details: problem }],
  });

function numericHeaderError(req: Request, headerName: string): AppError | undefined {
  const raw = req.headers[headerName.toLowerCase()];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw === 'string' && DIGITS.test(raw) && Number(raw) <= INT32_MAX) return undefined;
  return new AppError(
    'BadRequest',
    `The ${headerName} header must be a non-negative integer written in decimal digits, got "${printable(String(raw))}".`,
  );
}

function bodyError(problem: JsonProblem): AppError {
  const where = problem.path.length ? formatJsonPath(problem.path) : 'the body';
  if (problem.reason === 'too-deep') {
    return new AppError(
      'BadRequest',
      `The body is nested deeper than ${MAX_JSON_DEPTH} levels at ${formatJsonPath(problem.path.slice(0, 8))}${problem.path.length > 8 ? '…' : ''}.`,
      {
        errors: [{ name: 'depth', path: problem.path, details: `nested deeper than ${MAX_JSON_DEPTH} levels` }],
      },
    );
  }
  const details = `${problem.inKey ? 'the key ' : ''}${REASONS[problem.reason]}`;
  return new AppError('ValidationFailed', `The body you sent is invalid: ${where} ${details}.`, {
    errors: [{ name: 'invalid', path: problem.path, details }],
  });
}

/**
 * The one check of a management request's input that no valid request contains and PostgreSQL cannot store, made
 * once the route is known and before request validation, handlers or SQL see it: path parameters outside the id
 * grammar, a NUL or undecodable text in the query string (searches parse it raw), numeric headers that are not
 * decimal digits (the validator would coerce `0x1` to 1), and a body with a NUL, a lone surrogate or nesting
 * deeper than `MAX_JSON_DEPTH` (one iterative walk).
 */
export function inputGuard(vendor: VendorNames): RequestHandler {
  const versionHeader = `${vendor.headerPrefix}-Version`;
  return (req: MatchedRequest, _res, next) => {
    const openapi = req.openapi;
    const error =
      pathParamError(openapi?.pathParams) ??
      queryError(req.originalUrl ?? req.url) ??
      numericHeaderError(req, versionHeader);
    if (error) return next(error);
    if (openapi?.schema?.requestBody !== undefined && req.body !== undefined && !isIncomingBody(req.body)) {
      const problem = findJsonProblem(req.body);
      if (problem) return next(bodyError(problem));
    }
    next();
  };
}
