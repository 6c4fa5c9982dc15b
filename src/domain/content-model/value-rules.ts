import type { ErrorItem } from '../../errors/index.ts';
import type { Validation } from './field.ts';
import type { RE2JS } from 're2js';
import { richTextPlainText, walkRichText } from './rich-text.ts';
import { isIsoDate, isoDateMillis, isPlainObject } from './value-shape.ts';
import { compileUserPattern } from './user-regexp.ts';
import { boundsOf, boundsText, customMessage, ruleKey, withinBounds, type MinMax } from './validation-keys.ts';

type Path = Array<string | number>;

/** Adds the custom message of a validation to an error item: it becomes `details` and is echoed as `customMessage`. */
export function withMessage(item: ErrorItem, validation: Validation): ErrorItem {
  const message = customMessage(validation);
  return message ? { ...item, details: message, customMessage: message } : item;
}

/** The compiled user pattern of a `regexp`/`prohibitRegexp` rule (RE2, linear time), or undefined when unusable. */
function compile(spec: unknown): RE2JS | undefined {
  if (!isPlainObject(spec) || typeof spec.pattern !== 'string') return undefined;
  return compileUserPattern(spec.pattern, typeof spec.flags === 'string' ? spec.flags : '').regexp;
}

/** The size `size` measures: characters of text, items of a list, characters of a rich text document's text. */
function measure(value: unknown): number | undefined {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  if (isPlainObject(value) && value.nodeType === 'document') return richTextPlainText(value).length;
  return undefined;
}

/**
 * Publish-time checks of one validation that need nothing but the value: `in`, `size`, `range`, `regexp`,
 * `prohibitRegexp`, `dateRange`, `enabledNodeTypes`, `enabledMarks`. Link, asset and `unique` rules are
 * answered elsewhere (they need lookups); this returns [] for them.
 */
export function valueRuleErrors(validation: Validation, value: unknown, path: Path): ErrorItem[] {
  if (value === null || value === undefined) return [];
  const key = ruleKey(validation);
  const spec = validation[key];
  switch (key) {
    case 'in': {
      const expected = Array.isArray(spec) ? spec : [];
      return expected.includes(value)
        ? []
        : [
            withMessage(
              { name: 'in', expected, value, path, details: 'Value must be one of expected values' },
              validation,
            ),
          ];
    }
    case 'size': {
      const size = measure(value);
      const bounds = (spec ?? {}) as MinMax;
      if (size === undefined || withinBounds(size, bounds)) return [];
      return [
        withMessage(
          { name: 'size', ...boundsOf(bounds), value, path, details: `Size must be ${boundsText(bounds)}` },
          validation,
        ),
      ];
    }
    case 'range': {
      const bounds = (spec ?? {}) as MinMax;
      if (typeof value !== 'number' || withinBounds(value, bounds)) return [];
      return [
        withMessage(
          { name: 'range', ...boundsOf(bounds), value, path, details: `Value must be ${boundsText(bounds)}` },
          validation,
        ),
      ];
    }
    case 'regexp':
    case 'prohibitRegexp': {
      const regexp = compile(spec);
      if (typeof value !== 'string' || !regexp) return [];
      const matches = regexp.test(value);
      if (key === 'regexp' ? matches : !matches) return [];
      const pattern = (spec as { pattern: string }).pattern;
      const details =
        key === 'regexp'
          ? `Value does not match the expected pattern ${pattern}`
          : `Value must not match the pattern ${pattern}`;
      return [withMessage({ name: key, pattern, value, path, details }, validation)];
    }
    case 'dateRange':
      return dateRangeErrors(validation, value, path);
    case 'enabledNodeTypes':
    case 'enabledMarks':
      return richTextRuleErrors(validation, key, value, path);
    default:
      return [];
  }
}

function dateRangeErrors(validation: Validation, value: unknown, path: Path): ErrorItem[] {
  const spec = (validation.dateRange ?? {}) as Record<string, unknown>;
  if (!isIsoDate(value)) return [];
  const at = isoDateMillis(value);
  const bound = (key: string) => (isIsoDate(spec[key]) ? isoDateMillis(spec[key] as string) : undefined);
  const min = bound('min');
  const max = bound('max');
  const after = bound('after');
  const before = bound('before');
  const ok =
    (min === undefined || at >= min) &&
    (max === undefined || at <= max) &&
    (after === undefined || at > after) &&
    (before === undefined || at < before);
  if (ok) return [];
  const limits = (['min', 'max', 'after', 'before'] as const).filter((k) => spec[k] !== undefined && spec[k] !== null);
  const item: ErrorItem = {
    name: 'dateRange',
    value,
    path,
    details: `Date must respect ${limits.map((k) => `${k} ${spec[k] as string}`).join(', ')}`,
  };
  for (const k of limits) item[k] = spec[k];
  return [withMessage(item, validation)];
}

function richTextRuleErrors(
  validation: Validation,
  key: 'enabledNodeTypes' | 'enabledMarks',
  value: unknown,
  path: Path,
): ErrorItem[] {
  if (!isPlainObject(value) || value.nodeType !== 'document') return [];
  const allowed = Array.isArray(validation[key]) ? (validation[key] as string[]) : [];
  const errors: ErrorItem[] = [];
  for (const visited of walkRichText(value)) {
    if (key === 'enabledNodeTypes') {
      if (ALWAYS_ENABLED.has(visited.nodeType) || allowed.includes(visited.nodeType)) continue;
      errors.push(
        withMessage(
          {
            name: 'enabledNodeTypes',
            nodeType: visited.nodeType,
            expected: allowed,
            value: visited.nodeType,
            path: [...path, ...visited.path],
            details: `Node type "${visited.nodeType}" is not enabled for this field`,
          },
          validation,
        ),
      );
    } else if (visited.nodeType === 'text' && Array.isArray(visited.node.marks)) {
      for (const mark of visited.node.marks as Array<{ type?: unknown }>) {
        if (typeof mark?.type === 'string' && !allowed.includes(mark.type)) {
          errors.push(
            withMessage(
              {
                name: 'enabledMarks',
                mark: mark.type,
                expected: allowed,
                value: mark.type,
                path: [...path, ...visited.path, 'marks'],
                details: `Mark "${mark.type}" is not enabled for this field`,
              },
              validation,
            ),
          );
        }
      }
    }
  }
  return errors;
}

/** Node types that `enabledNodeTypes` never has to list: the structure every document needs. */
const ALWAYS_ENABLED = new Set([
  'document',
  'paragraph',
  'text',
  'list-item',
  'table-row',
  'table-cell',
  'table-header-cell',
]);
