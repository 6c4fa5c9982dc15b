import type { ErrorItem } from '../../errors/index.ts';
import {
  ANY,
  CURRENT_USER,
  DOC_PATHS,
  DOC_TYPES,
  USER_DOC_PATHS,
  type Constraint,
  type DocPath,
  type FieldPath,
} from './policy.ts';

export type ProblemPath = Array<string | number>;

/** How deep constraints may nest (`and` inside `not` inside `or`...): the root constraint is level 1. */
export const MAX_CONSTRAINT_DEPTH = 10;

const OPERATORS = ['and', 'or', 'not', 'equals', 'in', 'paths'];
const FIELD_PATH = /^fields\.([a-zA-Z][a-zA-Z0-9_]{0,63}|%)\.([a-zA-Z0-9-]{2,11}|%)$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A recursive-descent reader of one policy constraint: it returns the typed constraint, or undefined after adding to
 * `problems` one item per fault, each naming its path in the request body.
 */
export function parseConstraint(
  value: unknown,
  path: ProblemPath,
  problems: ErrorItem[],
  depth = 1,
): Constraint | undefined {
  const fail = (name: string, at: ProblemPath, details: string, extra: Record<string, unknown> = {}): undefined => {
    problems.push({ name, path: at, details, ...extra });
    return undefined;
  };
  if (depth > MAX_CONSTRAINT_DEPTH)
    return fail('depth', path, `Constraints nest at most ${MAX_CONSTRAINT_DEPTH} levels deep.`, {
      max: MAX_CONSTRAINT_DEPTH,
    });
  if (!isObject(value))
    return fail('type', path, 'A constraint is an object with one operator: and, or, not, equals, in or paths.', {
      value,
    });
  const keys = Object.keys(value);
  if (keys.length !== 1 || !OPERATORS.includes(keys[0])) {
    const unknown = keys.find((k) => !OPERATORS.includes(k));
    if (unknown !== undefined)
      return fail(
        'unknown',
        [...path, unknown],
        `"${unknown}" is not a constraint operator (and, or, not, equals, in, paths).`,
      );
    return fail(
      'operator',
      path,
      `A constraint has exactly one operator, got ${keys.length ? keys.join(', ') : 'none'}.`,
    );
  }
  const op = keys[0];
  const argument = value[op];
  const at = [...path, op];
  switch (op) {
    case 'and':
    case 'or': {
      if (!Array.isArray(argument) || argument.length === 0)
        return fail('size', at, `"${op}" takes a non-empty array of constraints.`, { min: 1 });
      const of = argument.map((item, i) => parseConstraint(item, [...at, i], problems, depth + 1));
      return of.every((c) => c !== undefined) ? { op, of: of as Constraint[] } : undefined;
    }
    case 'not': {
      const of = parseConstraint(argument, at, problems, depth + 1);
      return of && { op: 'not', of };
    }
    case 'equals':
      return parseEquals(argument, at, fail);
    case 'in':
      return parseIn(argument, at, fail);
    default:
      return parsePaths(argument, at, fail);
  }
}

type Fail = (name: string, at: ProblemPath, details: string, extra?: Record<string, unknown>) => undefined;

/** `{doc: <path>}`, the first element of `equals` and `in`. */
function parseDoc(value: unknown, at: ProblemPath, fail: Fail): DocPath | undefined {
  if (!isObject(value) || Object.keys(value).length !== 1 || typeof value.doc !== 'string') {
    return fail('type', at, 'The first element is the document path, as {"doc": "<path>"}.', { value });
  }
  if (!(DOC_PATHS as readonly string[]).includes(value.doc)) {
    const hint = value.doc.startsWith('fields.') ? ' Field paths are compared only by "paths".' : '';
    return fail(
      'unknown',
      at,
      `The path "${value.doc}" is not recognized; use one of ${DOC_PATHS.join(', ')}.${hint}`,
      { value: value.doc, expected: DOC_PATHS },
    );
  }
  return value.doc as DocPath;
}

/** A value compared with `doc`: a non-empty string; `User.current()` only on the user paths; `Entry` or `Asset` on `sys.type`. */
function checkValue(doc: DocPath | undefined, value: unknown, at: ProblemPath, fail: Fail): value is string {
  if (typeof value !== 'string' || value === '')
    return fail('type', at, 'A compared value is a non-empty string.', { value }) ?? false;
  if (doc === undefined) return true;
  if (value === CURRENT_USER && !USER_DOC_PATHS.includes(doc)) {
    return (
      fail('invalid', at, `${CURRENT_USER} compares only with ${USER_DOC_PATHS.join(' or ')}, not ${doc}.`, {
        value,
      }) ?? false
    );
  }
  if (doc === 'sys.type' && !(DOC_TYPES as readonly string[]).includes(value)) {
    return fail('in', at, `sys.type is "Entry" or "Asset", not "${value}".`, { value, expected: DOC_TYPES }) ?? false;
  }
  return true;
}

function parseEquals(argument: unknown, at: ProblemPath, fail: Fail): Constraint | undefined {
  if (!Array.isArray(argument) || argument.length !== 2) {
    return fail('arity', at, '"equals" takes two elements: [{"doc": "<path>"}, "<value>"].', { value: argument });
  }
  const path = parseDoc(argument[0], [...at, 0], fail);
  const valid = checkValue(path, argument[1], [...at, 1], fail);
  return path !== undefined && valid ? { op: 'equals', path, value: argument[1] as string } : undefined;
}

function parseIn(argument: unknown, at: ProblemPath, fail: Fail): Constraint | undefined {
  if (!Array.isArray(argument) || argument.length !== 2) {
    return fail('arity', at, '"in" takes two elements: [{"doc": "<path>"}, ["<value>", ...]].', { value: argument });
  }
  const path = parseDoc(argument[0], [...at, 0], fail);
  const values = argument[1];
  if (!Array.isArray(values) || values.length === 0)
    return fail('size', [...at, 1], '"in" compares with a non-empty array of values.', { min: 1 });
  const valid = values.map((v, i) => checkValue(path, v, [...at, 1, i], fail)).every(Boolean);
  return path !== undefined && valid ? { op: 'in', path, values: [...new Set(values as string[])] } : undefined;
}

function parsePaths(argument: unknown, at: ProblemPath, fail: Fail): Constraint | undefined {
  if (!Array.isArray(argument) || argument.length === 0) {
    return fail('size', at, '"paths" takes a non-empty array of {"doc": "fields.<field>.<locale>"}.', { min: 1 });
  }
  const paths = argument.map((item, i): FieldPath | undefined => {
    const doc = isObject(item) && Object.keys(item).length === 1 ? item.doc : undefined;
    const match = typeof doc === 'string' ? FIELD_PATH.exec(doc) : null;
    if (!match) {
      return fail('invalid', [...at, i], `A path is {"doc": "fields.<field id or ${ANY}>.<locale code or ${ANY}>"}.`, {
        value: doc ?? item,
      });
    }
    return { field: match[1], locale: match[2] };
  });
  return paths.every((p) => p !== undefined) ? { op: 'paths', paths: paths as FieldPath[] } : undefined;
}
