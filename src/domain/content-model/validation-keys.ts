import type { Validation } from './field.ts';

/** The thirteen validations of the spec, plus `nodes` (per-node-type validations inside rich text). */
export const VALIDATION_KEYS = [
  'linkContentType',
  'in',
  'linkMimetypeGroup',
  'size',
  'range',
  'regexp',
  'prohibitRegexp',
  'unique',
  'dateRange',
  'assetImageDimensions',
  'assetFileSize',
  'enabledNodeTypes',
  'enabledMarks',
  'nodes',
] as const;

export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/** The rule keys of a validation object (everything but `message`). A well-formed validation has exactly one. */
export const ruleKeys = (validation: Validation): string[] =>
  Object.keys(validation).filter((key) => key !== 'message');

/** The single rule key of a validation already accepted at save time. */
export const ruleKey = (validation: Validation): ValidationKey => ruleKeys(validation)[0] as ValidationKey;

/** The custom message of a validation, when it has one. */
export const customMessage = (validation: Validation): string | undefined =>
  typeof validation.message === 'string' && validation.message !== '' ? validation.message : undefined;

export interface MinMax {
  min?: number;
  max?: number;
}

/** Human text for a min/max bound, e.g. "between 1 and 5". */
export function boundsText(bounds: MinMax): string {
  if (bounds.min !== undefined && bounds.min !== null && bounds.max !== undefined && bounds.max !== null)
    return `between ${bounds.min} and ${bounds.max}`;
  if (bounds.min !== undefined && bounds.min !== null) return `at least ${bounds.min}`;
  return `at most ${bounds.max}`;
}

/** True when `n` lies within the (inclusive) bounds; absent or null bounds are open. */
export function withinBounds(n: number, bounds: MinMax): boolean {
  if (typeof bounds.min === 'number' && n < bounds.min) return false;
  if (typeof bounds.max === 'number' && n > bounds.max) return false;
  return true;
}

/** The min/max bounds that are set, for error items. */
export function boundsOf(bounds: MinMax): MinMax {
  const out: MinMax = {};
  if (typeof bounds.min === 'number') out.min = bounds.min;
  if (typeof bounds.max === 'number') out.max = bounds.max;
  return out;
}
