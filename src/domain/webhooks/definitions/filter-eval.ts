import type { WebhookFilter, WebhookFilterConstraint, WebhookFilterPath } from '../../../storage/port/index.ts';
import { compileUserPattern } from '../../content-model/user-regexp.ts';

/** The environment (or alias) id webhooks without filters fire for. */
const MASTER = 'master';

/** The `doc` paths webhook filters may name. */
export const FILTER_PATHS: readonly WebhookFilterPath[] = [
  'sys.id',
  'sys.environment.sys.id',
  'sys.contentType.sys.id',
  'sys.createdBy.sys.id',
  'sys.updatedBy.sys.id',
];

/** The string at a `sys.…` path of the entity's `sys`, or undefined when the entity lacks it. */
function valueAt(sys: unknown, path: WebhookFilterPath): string | undefined {
  let at: unknown = { sys };
  for (const key of path.split('.')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return typeof at === 'string' ? at : undefined;
}

type Operands = [{ doc: WebhookFilterPath }, unknown];

const operandsOf = (c: WebhookFilterConstraint): Operands => ('equals' in c ? c.equals : 'in' in c ? c.in : c.regexp);

/** A constraint on a value the entity has. */
function holds(c: WebhookFilterConstraint, value: string): boolean {
  if ('equals' in c) return value === c.equals[1];
  if ('in' in c) return c.in[1].includes(value);
  const { regexp } = compileUserPattern(c.regexp[1].pattern);
  return regexp !== undefined && regexp.test(value);
}

/** One filter: false when the entity lacks the property it reads, with or without `not`. */
function passes(filter: WebhookFilter, sys: unknown): boolean {
  const negated = 'not' in filter;
  const constraint = negated ? filter.not : filter;
  const value = valueAt(sys, operandsOf(constraint)[0].doc);
  if (value === undefined) return false;
  return holds(constraint, value) !== negated;
}

/**
 * Whether an event of the entity whose `sys` is given passes a definition's filters: `null` (none given) passes the
 * master environment only, `[]` every environment, otherwise every filter must hold (whatever the environment).
 * `sys.environment.sys.id` is the environment id the change's request named (an alias id through an alias), so
 * `master` is the environment `master` or a write through the `master` alias, never the alias's target named
 * directly. Patterns were checked when the definition was saved and run on linear-time RE2.
 */
export function matchesFilters(filters: readonly WebhookFilter[] | null, sys: unknown): boolean {
  if (filters === null) return valueAt(sys, 'sys.environment.sys.id') === MASTER;
  return filters.every((filter) => passes(filter, sys));
}
