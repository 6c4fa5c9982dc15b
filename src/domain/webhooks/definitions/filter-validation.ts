import type { ErrorItem } from '../../../errors/index.ts';
import type { WebhookFilter, WebhookFilterConstraint, WebhookFilterPath } from '../../../storage/port/index.ts';
import { compileUserPattern } from '../../content-model/user-regexp.ts';
import { FILTER_PATHS } from './filter-eval.ts';

type Path = Array<string | number>;

const OPERATORS = ['equals', 'in', 'regexp'] as const;
type Operator = (typeof OPERATORS)[number];

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The one key of an object that must have exactly one of `allowed`, or undefined after adding the problem. */
function soleOperator<T extends string>(
  value: unknown,
  allowed: readonly T[],
  at: Path,
  problems: ErrorItem[],
): T | undefined {
  const keys = isObject(value) ? Object.keys(value) : [];
  if (keys.length === 1 && (allowed as readonly string[]).includes(keys[0])) return keys[0] as T;
  problems.push({
    name: 'type',
    path: at,
    value,
    details: `A filter is an object with exactly one of ${allowed.join(', ')}.`,
  });
  return undefined;
}

function docPath(value: unknown, at: Path, problems: ErrorItem[]): WebhookFilterPath | undefined {
  const doc = isObject(value) && Object.keys(value).length === 1 ? value.doc : undefined;
  if (typeof doc === 'string' && (FILTER_PATHS as readonly string[]).includes(doc)) return doc as WebhookFilterPath;
  problems.push({
    name: 'in',
    path: [...at, 'doc'],
    value: isObject(value) ? value.doc : value,
    expected: FILTER_PATHS,
    details: `doc is one of ${FILTER_PATHS.join(', ')}.`,
  });
  return undefined;
}

function operand(op: Operator, value: unknown, at: Path, problems: ErrorItem[]): unknown {
  if (op === 'equals') {
    if (typeof value === 'string') return value;
    problems.push({ name: 'type', path: at, value, details: 'equals compares with a string.' });
  } else if (op === 'in') {
    if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) return value;
    problems.push({ name: 'type', path: at, value, details: 'in takes a non-empty list of strings.' });
  } else {
    const pattern = isObject(value) && Object.keys(value).length === 1 ? value.pattern : undefined;
    if (typeof pattern !== 'string') {
      problems.push({ name: 'type', path: at, value, details: 'regexp takes {pattern: "<regular expression>"}.' });
      return undefined;
    }
    const { problem } = compileUserPattern(pattern);
    if (!problem) return { pattern };
    problems.push({ name: 'regexp', path: [...at, 'pattern'], value: pattern, details: problem });
  }
  return undefined;
}

function parseConstraint(value: unknown, at: Path, problems: ErrorItem[]): WebhookFilterConstraint | undefined {
  const op = soleOperator(value, OPERATORS, at, problems);
  if (!op) return undefined;
  const operands = (value as Record<string, unknown>)[op];
  if (!Array.isArray(operands) || operands.length !== 2) {
    problems.push({
      name: 'type',
      path: [...at, op],
      value: operands,
      details: `${op} takes [{doc: <path>}, <value>].`,
    });
    return undefined;
  }
  const before = problems.length;
  const doc = docPath(operands[0], [...at, op, 0], problems);
  const compared = operand(op, operands[1], [...at, op, 1], problems);
  if (problems.length > before || !doc) return undefined;
  return { [op]: [{ doc }, compared] } as WebhookFilterConstraint;
}

/** One filter: a constraint, or `not` around one. */
function parseFilter(value: unknown, at: Path, problems: ErrorItem[]): WebhookFilter | undefined {
  if (isObject(value) && Object.hasOwn(value, 'not') && Object.keys(value).length === 1) {
    const inner = parseConstraint(value.not, [...at, 'not'], problems);
    return inner && { not: inner };
  }
  return parseConstraint(value, at, problems);
}

/**
 * The filters of a definition body, checked: left out or null is null (master only), `[]` every environment. Each
 * filter is `{equals|in|regexp: [{doc}, value]}` or `{not: ...}` around one; problems name their path under `filters`.
 */
export function parseFilters(value: unknown, problems: ErrorItem[]): WebhookFilter[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) {
    problems.push({ name: 'type', path: ['filters'], value, details: 'filters is a list of filters, or null.' });
    return null;
  }
  const filters = value.map((filter, i) => parseFilter(filter, ['filters', i], problems));
  return filters.filter((f): f is WebhookFilter => f !== undefined);
}
