import { vendorNames } from '../../../config.ts';
import { validationFailed, type ErrorItem } from '../../../errors/index.ts';
import type {
  WebhookDefinitionChanges,
  WebhookDefinitionRecord,
  WebhookHeader,
  WebhookMethod,
  WebhookTransformation,
} from '../../../storage/port/index.ts';
import { isObject, parseFilters } from './filter-validation.ts';
import { cloudProxyHeaderProblem } from '../delivery/request-cloud-proxy.ts';
import { topicProblem } from './topic-match.ts';
import { URL_MAX_LENGTH, urlProblem } from './url-policy.ts';

/** A create or update body as sent; `sys` and unknown properties are never read. */
export interface WebhookDefinitionInput {
  name?: unknown;
  url?: unknown;
  topics?: unknown;
  filters?: unknown;
  headers?: unknown;
  httpBasicUsername?: unknown;
  httpBasicPassword?: unknown;
  active?: unknown;
  transformation?: unknown;
}

export interface WebhookRules {
  /** Loopback and private hosts are allowed (`TESSERA_WEBHOOK_ALLOW_PRIVATE_TARGETS`). */
  allowPrivateTargets: boolean;
  /** The vendor token of the management media type a transformation may name (`application/vnd.<token>.management.v1+json`). */
  vendorToken: string;
}

type Path = Array<string | number>;

export const NAME_MAX = 255;
const BASIC_AUTH_MAX = 255;
const HEADER_VALUE_MAX = 8192;
/** An HTTP field name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Set by the server for each call (framing and connection handling). */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
]);
/** Control characters a header value (or basic-auth credential) cannot hold; tab is allowed. */
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;
const METHODS: readonly WebhookMethod[] = ['POST', 'GET', 'PUT', 'PATCH', 'DELETE'];
const TRANSFORMATION_KEYS = ['method', 'contentType', 'includeContentLength', 'body'];

/** The content types a transformation may send (the vendor management type first, the default). */
export const transformationContentTypes = (vendorToken: string): string[] =>
  [
    `application/vnd.${vendorToken}.management.v1+json`,
    'application/json',
    'application/x-www-form-urlencoded',
  ].flatMap((type) => [type, `${type}; charset=utf-8`]);

function requiredString(value: unknown, path: string, max: number, problems: ErrorItem[]): string {
  if (value === undefined || value === null) {
    problems.push({ name: 'required', path: [path], details: `${path} is required.` });
  } else if (typeof value !== 'string') {
    problems.push({ name: 'type', path: [path], value, details: `${path} is a string.` });
  } else if (value.trim() === '' || value.length > max) {
    problems.push({ name: 'size', path: [path], value, max, details: `${path} has 1 to ${max} characters.` });
  }
  return typeof value === 'string' ? value : '';
}

/** A missing or non-list `topics` is `invalid_type`, as the hosted service names it (reference 1.13). */
function parseTopics(value: unknown, problems: ErrorItem[]): string[] {
  if (!Array.isArray(value)) {
    problems.push({
      name: 'invalid_type',
      path: ['topics'],
      ...(value === undefined ? {} : { value }),
      details: `topics is a list of <Type>.<action> strings${value === undefined || value === null ? ' and is required' : ''}.`,
    });
    return [];
  }
  if (value.length === 0)
    problems.push({ name: 'size', path: ['topics'], value, min: 1, details: 'Topics cannot be empty.' });
  value.forEach((topic, i) => {
    const problem = typeof topic === 'string' ? topicProblem(topic) : 'A topic is a <Type>.<action> string.';
    if (problem) problems.push({ name: 'invalid', path: ['topics', i], value: topic, details: problem });
  });
  return value.filter((t): t is string => typeof t === 'string');
}

/** A header's value: given, or kept from the stored secret header of the same key when an update leaves it out. */
function headerValue(
  item: Record<string, unknown>,
  key: string,
  secret: boolean,
  at: Path,
  kept: WebhookHeader[],
  problems: ErrorItem[],
): string {
  const { value } = item;
  if (value === undefined || value === null) {
    const stored = secret ? kept.find((h) => h.secret && h.key.toLowerCase() === key.toLowerCase()) : undefined;
    if (stored) return stored.value;
    problems.push({
      name: 'required',
      path: [...at, 'value'],
      details: secret ? 'A new secret header needs a value.' : 'A header needs a value.',
    });
    return '';
  }
  if (typeof value !== 'string' || value.length > HEADER_VALUE_MAX || CONTROL.test(value)) {
    problems.push({
      name: 'invalid',
      path: [...at, 'value'],
      details: `A header value is a string of at most ${HEADER_VALUE_MAX} characters without line breaks.`,
    });
    return '';
  }
  return value;
}

function parseHeaders(value: unknown, kept: WebhookHeader[], problems: ErrorItem[]): WebhookHeader[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    problems.push({ name: 'type', path: ['headers'], value, details: 'headers is a list of {key, value, secret}.' });
    return [];
  }
  const seen = new Set<string>();
  return value.flatMap((item, i): WebhookHeader[] => {
    const at = ['headers', i];
    if (!isObject(item)) {
      problems.push({ name: 'type', path: at, value: item, details: 'A header is {key, value, secret}.' });
      return [];
    }
    const { key } = item;
    if (typeof key !== 'string' || !HEADER_NAME.test(key) || key.length > 256) {
      problems.push({
        name: 'invalid',
        path: [...at, 'key'],
        value: key,
        details: "A header key is an HTTP header name (letters, digits and !#$%&'*+-.^_`|~).",
      });
      return [];
    }
    if (RESERVED_HEADERS.has(key.toLowerCase())) {
      problems.push({
        name: 'reserved',
        path: [...at, 'key'],
        value: key,
        details: `${key} is set by the server and cannot be given.`,
      });
    } else if (seen.has(key.toLowerCase())) {
      problems.push({ name: 'taken', path: [...at, 'key'], value: key, details: `Two headers have the key ${key}.` });
    }
    seen.add(key.toLowerCase());
    if (item.secret !== undefined && item.secret !== null && typeof item.secret !== 'boolean') {
      problems.push({ name: 'type', path: [...at, 'secret'], value: item.secret, details: 'secret is a boolean.' });
    }
    const secret = item.secret === true;
    return [{ key, value: headerValue(item, key, secret, at, kept, problems), secret }];
  });
}

function credential(value: unknown, path: string, problems: ErrorItem[]): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (
    typeof value !== 'string' ||
    value.length > BASIC_AUTH_MAX ||
    CONTROL.test(value) ||
    (path === 'httpBasicUsername' && value.includes(':'))
  ) {
    const colon = path === 'httpBasicUsername' ? ', without ":"' : '';
    problems.push({
      name: 'invalid',
      path: [path],
      details: `${path} is a string of at most ${BASIC_AUTH_MAX} characters${colon}.`,
    });
    return null;
  }
  return value;
}

/** Basic auth: no user name, no password; a left-out password keeps the stored one. */
function parseBasicAuth(
  input: WebhookDefinitionInput,
  existing: WebhookDefinitionRecord | undefined,
  problems: ErrorItem[],
) {
  const username = credential(input.httpBasicUsername, 'httpBasicUsername', problems);
  const password = credential(input.httpBasicPassword, 'httpBasicPassword', problems);
  const httpBasicUsername = username ? username : null;
  if (!httpBasicUsername) {
    if (password)
      problems.push({
        name: 'required',
        path: ['httpBasicUsername'],
        details: 'httpBasicPassword needs httpBasicUsername.',
      });
    return { httpBasicUsername, httpBasicPassword: null };
  }
  return {
    httpBasicUsername,
    httpBasicPassword: password === undefined ? (existing?.httpBasicPassword ?? null) : password,
  };
}

function parseTransformation(value: unknown, rules: WebhookRules, problems: ErrorItem[]): WebhookTransformation | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) {
    problems.push({ name: 'type', path: ['transformation'], value, details: 'transformation is an object, or null.' });
    return null;
  }
  for (const key of Object.keys(value).filter((k) => !TRANSFORMATION_KEYS.includes(k))) {
    problems.push({
      name: 'unknown',
      path: ['transformation', key],
      details: `"${key}" is not a property of a transformation (${TRANSFORMATION_KEYS.join(', ')}).`,
    });
  }
  const result: WebhookTransformation = {};
  const { method, contentType, includeContentLength, body } = value;
  const contentTypes = transformationContentTypes(rules.vendorToken);
  if (method !== undefined && method !== null) {
    if (METHODS.includes(method as WebhookMethod)) result.method = method as WebhookMethod;
    else
      problems.push({
        name: 'in',
        path: ['transformation', 'method'],
        value: method,
        expected: METHODS,
        details: `method is one of ${METHODS.join(', ')}.`,
      });
  }
  if (contentType !== undefined && contentType !== null) {
    if (contentTypes.includes(contentType as string)) result.contentType = contentType as string;
    else
      problems.push({
        name: 'in',
        path: ['transformation', 'contentType'],
        value: contentType,
        expected: contentTypes,
        details: `contentType is one of ${contentTypes.join(', ')}.`,
      });
  }
  if (includeContentLength !== undefined && includeContentLength !== null) {
    if (typeof includeContentLength === 'boolean') result.includeContentLength = includeContentLength;
    else
      problems.push({
        name: 'type',
        path: ['transformation', 'includeContentLength'],
        value: includeContentLength,
        details: 'includeContentLength is a boolean.',
      });
  }
  if (body !== undefined && body !== null) result.body = body;
  return result;
}

/**
 * A definition body checked and normalised for storage, or 422 `ValidationFailed` listing every problem by path.
 * `existing` (on an update) supplies the values of secret headers and the password that the body leaves out.
 */
export function parseDefinition(
  input: WebhookDefinitionInput,
  rules: WebhookRules,
  existing?: WebhookDefinitionRecord,
): WebhookDefinitionChanges {
  const problems: ErrorItem[] = [];
  const name = requiredString(input.name, 'name', NAME_MAX, problems);
  const before = problems.length;
  const url = requiredString(input.url, 'url', URL_MAX_LENGTH, problems);
  const urlIssue = problems.length === before ? urlProblem(url, rules.allowPrivateTargets) : undefined;
  if (urlIssue) problems.push({ name: 'invalid', path: ['url'], value: url, details: urlIssue });
  const topics = parseTopics(input.topics, problems);
  const filters = parseFilters(input.filters, problems);
  const headers = parseHeaders(input.headers, existing?.headers ?? [], problems);
  const proxyIssue = cloudProxyHeaderProblem(headers, vendorNames(rules.vendorToken).headerPrefix);
  if (proxyIssue) problems.push({ name: 'invalid', path: ['headers', proxyIssue.index], details: proxyIssue.details });
  const basicAuth = parseBasicAuth(input, existing, problems);
  if (input.active !== undefined && input.active !== null && typeof input.active !== 'boolean') {
    problems.push({ name: 'type', path: ['active'], value: input.active, details: 'active is a boolean.' });
  }
  const transformation = parseTransformation(input.transformation, rules, problems);
  if (problems.length > 0) throw validationFailed(problems);
  return { name, url, topics, filters, headers, ...basicAuth, active: input.active !== false, transformation };
}
