import type { ErrorItem } from '../../errors/index.ts';
import { isMimetypeGroup, MIMETYPE_GROUPS } from './mimetype-groups.ts';
import { ENABLEABLE_NODE_TYPES, LINK_NODE_TYPES, MARKS } from './rich-text.ts';
import { compileUserPattern, SAVEABLE_FLAGS } from './user-regexp.ts';
import { ruleKeys, VALIDATION_KEYS, type ValidationKey } from './validation-keys.ts';
import { isIsoDate, isoDateMillis, isPlainObject } from './value-shape.ts';

/**
 * What a validation is attached to: a field type, or the item of an array. Links are split by target so that
 * entry rules and asset rules can be told apart.
 */
export type ValidationTarget =
  | 'Symbol'
  | 'Text'
  | 'RichText'
  | 'Integer'
  | 'Number'
  | 'Date'
  | 'Boolean'
  | 'Location'
  | 'Object'
  | 'Array'
  | 'Link to Entry'
  | 'Link to Asset'
  | 'rich text entry node'
  | 'rich text asset node'
  | 'rich text node';

/** Where each validation applies (the spec's "Validations" table). */
const APPLIES_TO: Record<ValidationKey, ValidationTarget[]> = {
  linkContentType: ['Link to Entry', 'RichText', 'rich text entry node'],
  in: ['Symbol', 'Text', 'Integer', 'Number'],
  linkMimetypeGroup: ['Link to Asset', 'rich text asset node'],
  size: ['Array', 'Text', 'Symbol', 'RichText', 'rich text entry node', 'rich text asset node', 'rich text node'],
  range: ['Number', 'Integer'],
  regexp: ['Text', 'Symbol'],
  prohibitRegexp: ['Text', 'Symbol'],
  unique: ['Symbol', 'Integer', 'Number'],
  dateRange: ['Date'],
  assetImageDimensions: ['Link to Asset', 'rich text asset node'],
  assetFileSize: ['Link to Asset', 'rich text asset node'],
  enabledNodeTypes: ['RichText'],
  enabledMarks: ['RichText'],
  nodes: ['RichText'],
};

type Path = Array<string | number>;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Problems of a `{min?, max?}` object: numbers (non-negative integers when `counts`), at least one, min <= max, no other keys. */
function minMaxProblem(spec: unknown, counts: boolean): string | undefined {
  if (!isPlainObject(spec)) return 'must be an object with "min" and/or "max"';
  const extra = Object.keys(spec).filter((key) => key !== 'min' && key !== 'max');
  if (extra.length) return `has unknown properties: ${extra.join(', ')}`;
  const { min, max } = spec;
  const set = [min, max].filter((v) => v !== undefined && v !== null);
  if (set.length === 0) return 'needs "min" or "max"';
  if (set.some((v) => !isNumber(v) || (counts && (!Number.isInteger(v) || v < 0)))) {
    return counts ? '"min" and "max" must be non-negative integers' : '"min" and "max" must be numbers';
  }
  if (isNumber(min) && isNumber(max) && min > max) return '"min" must not be greater than "max"';
  return undefined;
}

function regexpProblem(spec: unknown): string | undefined {
  if (!isPlainObject(spec) || typeof spec.pattern !== 'string' || spec.pattern === '')
    return 'needs a "pattern" string';
  const flags = spec.flags ?? '';
  if (typeof flags !== 'string' || !SAVEABLE_FLAGS.test(flags)) return '"flags" may only contain i, m, s and u';
  return compileUserPattern(spec.pattern, flags).problem;
}

function stringListProblem(spec: unknown, allowed?: readonly string[]): string | undefined {
  if (!Array.isArray(spec) || spec.length === 0 || !spec.every((v) => typeof v === 'string' && v !== ''))
    return 'must be a non-empty list of strings';
  const unknown = allowed ? spec.filter((v) => !allowed.includes(v)) : [];
  return unknown.length ? `has unknown values: ${unknown.join(', ')}; allowed: ${allowed!.join(', ')}` : undefined;
}

/** The problem with the rule value of a validation that applies to its target, or undefined when it is well-formed. */
function specProblem(
  key: ValidationKey,
  spec: unknown,
  target: ValidationTarget,
  path: Path,
): string | ErrorItem[] | undefined {
  switch (key) {
    case 'linkContentType':
      return stringListProblem(spec);
    case 'in': {
      if (!Array.isArray(spec) || spec.length === 0) return 'must be a non-empty list of values';
      const numeric = target === 'Integer' || target === 'Number';
      const fits = (v: unknown) =>
        numeric ? isNumber(v) && (target !== 'Integer' || Number.isInteger(v)) : typeof v === 'string';
      return spec.every(fits)
        ? undefined
        : `values must be ${numeric ? (target === 'Integer' ? 'integers' : 'numbers') : 'strings'}`;
    }
    case 'linkMimetypeGroup': {
      const groups = typeof spec === 'string' ? [spec] : spec;
      if (!Array.isArray(groups) || groups.length === 0 || !groups.every(isMimetypeGroup))
        return `must name groups among: ${MIMETYPE_GROUPS.join(', ')}`;
      return undefined;
    }
    case 'size':
      return minMaxProblem(spec, true);
    case 'range':
      return minMaxProblem(spec, false);
    case 'regexp':
    case 'prohibitRegexp':
      return regexpProblem(spec);
    case 'unique':
      return typeof spec === 'boolean' ? undefined : 'must be true or false';
    case 'dateRange':
      return dateRangeProblem(spec);
    case 'assetImageDimensions': {
      if (
        !isPlainObject(spec) ||
        Object.keys(spec).some((k) => k !== 'width' && k !== 'height') ||
        (spec.width === undefined && spec.height === undefined)
      ) {
        return 'must be an object with "width" and/or "height", each {min?, max?}';
      }
      for (const side of ['width', 'height'] as const) {
        if (spec[side] === undefined) continue;
        const problem = minMaxProblem(spec[side], true);
        if (problem) return `"${side}" ${problem}`;
      }
      return undefined;
    }
    case 'assetFileSize':
      return minMaxProblem(spec, true);
    case 'enabledNodeTypes':
      return Array.isArray(spec) && spec.length === 0 ? undefined : stringListProblem(spec, ENABLEABLE_NODE_TYPES);
    case 'enabledMarks':
      return Array.isArray(spec) && spec.length === 0 ? undefined : stringListProblem(spec, MARKS);
    case 'nodes':
      return nodesProblems(spec, path);
  }
}

function dateRangeProblem(spec: unknown): string | undefined {
  if (!isPlainObject(spec)) return 'must be an object with "min", "max", "after" or "before" dates';
  const keys = Object.keys(spec);
  const extra = keys.filter((k) => !['min', 'max', 'after', 'before'].includes(k));
  if (extra.length) return `has unknown properties: ${extra.join(', ')}`;
  const set = keys.filter((k) => spec[k] !== null && spec[k] !== undefined);
  if (set.length === 0) return 'needs "min", "max", "after" or "before"';
  const bad = set.filter((k) => !isIsoDate(spec[k]));
  if (bad.length) return `${bad.map((k) => `"${k}"`).join(', ')} must be ISO-8601 dates`;
  if (isIsoDate(spec.min) && isIsoDate(spec.max) && isoDateMillis(spec.min) > isoDateMillis(spec.max))
    return '"min" must not be after "max"';
  return undefined;
}

/** `nodes`: `{<node type>: [validations]}`; link nodes take their link rules and `size` (a count of such nodes). */
function nodesProblems(spec: unknown, path: Path): string | ErrorItem[] | undefined {
  if (!isPlainObject(spec)) return 'must be an object of node types to lists of validations';
  const errors: ErrorItem[] = [];
  for (const [nodeType, list] of Object.entries(spec)) {
    if (!ENABLEABLE_NODE_TYPES.includes(nodeType)) {
      errors.push({
        name: 'nodes',
        path: [...path, 'nodes', nodeType],
        value: nodeType,
        details: `Unknown node type "${nodeType}"`,
      });
      continue;
    }
    const linkType = LINK_NODE_TYPES[nodeType];
    const target: ValidationTarget =
      linkType === 'Entry' ? 'rich text entry node' : linkType === 'Asset' ? 'rich text asset node' : 'rich text node';
    if (!Array.isArray(list)) {
      errors.push({
        name: 'nodes',
        path: [...path, 'nodes', nodeType],
        value: list,
        details: 'must be a list of validations',
      });
      continue;
    }
    errors.push(...validationListErrors(list, target, [...path, 'nodes', nodeType]));
  }
  return errors.length ? errors : undefined;
}

/**
 * Save-time problems of a field's (or array items') validations: each must be an object with exactly one known
 * rule key (plus an optional string `message`), apply to `target`, be well-formed, and appear once per list.
 * `path` is the list's path, e.g. `['fields', 2, 'validations']`.
 */
export function validationListErrors(validations: unknown, target: ValidationTarget, path: Path): ErrorItem[] {
  if (validations === undefined || validations === null) return [];
  if (!Array.isArray(validations))
    return [{ name: 'type', path, value: validations, details: '"validations" must be a list of validation objects' }];
  const errors: ErrorItem[] = [];
  const seen = new Set<string>();
  validations.forEach((validation, n) => {
    const at = [...path, n];
    if (!isPlainObject(validation)) {
      errors.push({
        name: 'type',
        path: at,
        value: validation,
        details: 'A validation must be an object with one rule key',
      });
      return;
    }
    const keys = ruleKeys(validation);
    if (keys.length !== 1) {
      errors.push({
        name: 'validation',
        path: at,
        value: validation,
        details: `A validation has exactly one rule key besides "message"; found ${keys.length ? keys.join(', ') : 'none'}`,
      });
      return;
    }
    const key = keys[0]!;
    if (!(VALIDATION_KEYS as readonly string[]).includes(key)) {
      errors.push({
        name: 'unknown',
        path: [...at, key],
        value: validation,
        details: `Unknown validation "${key}"; known: ${VALIDATION_KEYS.join(', ')}`,
      });
      return;
    }
    const rule = key as ValidationKey;
    if (!APPLIES_TO[rule].includes(target)) {
      errors.push({
        name: rule,
        path: at,
        value: validation,
        details: `The "${rule}" validation does not apply to ${target}; it applies to: ${APPLIES_TO[rule].join(', ')}`,
      });
      return;
    }
    if (validation.message !== undefined && validation.message !== null && typeof validation.message !== 'string') {
      errors.push({
        name: rule,
        path: [...at, 'message'],
        value: validation.message,
        details: '"message" must be a string',
      });
    }
    if (seen.has(rule))
      errors.push({ name: rule, path: at, value: validation, details: `Only one "${rule}" validation per list` });
    seen.add(rule);
    const problem = specProblem(rule, validation[rule], target, at);
    if (typeof problem === 'string')
      errors.push({ name: rule, path: [...at, rule], value: validation[rule], details: `"${rule}" ${problem}` });
    else if (problem) errors.push(...problem);
  });
  return errors;
}
