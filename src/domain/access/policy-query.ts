import { and, type Condition, type Path, type SearchTarget } from '../search/query.ts';
import { CURRENT_USER, type Constraint, type DocPath, type Policy } from './policy.ts';
import { appliesTo } from './policy-evaluation.ts';

const TRUE: Condition = { kind: 'and', conditions: [] };
const FALSE: Condition = { kind: 'or', conditions: [] };

const PATHS: Record<Exclude<DocPath, 'sys.type'>, Path> = {
  'sys.id': { kind: 'sys', attribute: 'id', valueType: 'symbol' },
  'sys.contentType.sys.id': { kind: 'sys', attribute: 'contentType', valueType: 'symbol' },
  'sys.createdBy.sys.id': { kind: 'sys', attribute: 'createdBy', valueType: 'symbol' },
  'sys.updatedBy.sys.id': { kind: 'sys', attribute: 'updatedBy', valueType: 'symbol' },
  'metadata.tags.sys.id': { kind: 'tags' },
};

/** `path` is one of `values` (the constant truth where the target decides it: `sys.type`, an asset's content type). */
function compare(target: SearchTarget, path: DocPath, values: string[]): Condition {
  if (path === 'sys.type') return values.includes(target) ? TRUE : FALSE;
  if (path === 'sys.contentType.sys.id' && target === 'Asset') return FALSE;
  return values.length === 1
    ? { kind: 'compare', path: PATHS[path], op: 'eq', value: values[0]! }
    : { kind: 'compare', path: PATHS[path], op: 'in', value: values };
}

/**
 * A policy constraint as a condition of the search query representation. `paths` limit fields, not entities: in an
 * allow policy they still let the entity be read, in a deny policy they do not hide it.
 */
export function constraintCondition(
  constraint: Constraint,
  target: SearchTarget,
  userId: string,
  effect: Policy['effect'],
): Condition {
  const value = (v: string) => (v === CURRENT_USER ? userId : v);
  switch (constraint.op) {
    case 'and':
      return { kind: 'and', conditions: constraint.of.map((c) => constraintCondition(c, target, userId, effect)) };
    case 'or':
      return { kind: 'or', conditions: constraint.of.map((c) => constraintCondition(c, target, userId, effect)) };
    case 'not':
      return { kind: 'not', condition: constraintCondition(constraint.of, target, userId, effect) };
    case 'equals':
      return compare(target, constraint.path, [value(constraint.value)]);
    case 'in':
      return compare(target, constraint.path, constraint.values.map(value));
    case 'paths':
      return effect === 'allow' ? TRUE : FALSE;
  }
}

/**
 * What a member may read of `target`, as a condition ANDed into every list and search (so totals and paging count
 * only what they may see): some allow policy for `read` holds and no deny policy for `read` does.
 */
export function readableCondition(policies: readonly Policy[], target: SearchTarget, userId: string): Condition {
  const of = (effect: Policy['effect']): Condition => ({
    kind: 'or',
    conditions: policies
      .filter((p) => p.effect === effect && appliesTo(p, 'read'))
      .map((p) => (p.constraint ? constraintCondition(p.constraint, target, userId, effect) : TRUE)),
  });
  const denied = of('deny');
  return denied.kind === 'or' && denied.conditions.length === 0
    ? of('allow')
    : and(of('allow'), { kind: 'not', condition: denied });
}
