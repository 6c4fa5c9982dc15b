import type { ErrorItem } from '../../errors/index.ts';
import { inLocale, operatorsOf } from './operators.ts';
import type { Condition, FieldPath, Operator, OrderKey } from './query.ts';
import type { PathResolver } from './rest-paths.ts';
import type { RestParameter } from './rest-query-string.ts';
import { parseArea, parseFlag, parseList, parsePoint, parseScalar, searchTerms, type Parsed } from './rest-values.ts';
import { invalidValue, operatorNotApplicable, unknownOperator } from './search-errors.ts';

/** The operators of the REST grammar (`path[op]=value`); a plain `path=value` is equality. */
const WIRE_OPERATORS: Record<string, Operator | 'near'> = {
  ne: 'ne',
  in: 'in',
  nin: 'nin',
  exists: 'exists',
  lt: 'lt',
  lte: 'lte',
  gt: 'gt',
  gte: 'gte',
  match: 'match',
  all: 'all',
  near: 'near',
  within: 'within',
};

export type FilterResult =
  { kind: 'condition'; condition: Condition } | { kind: 'near'; order: OrderKey } | { kind: 'error'; error: ErrorItem };

const error = (e: ErrorItem): FilterResult => ({ kind: 'error', error: e });

/** The operators of `metadata.tags` (`[exists]`) and `metadata.tags.sys.id` (`[in]`, `[nin]`, `[all]`). */
const TAG_WIRE_OPERATORS: Record<string, readonly string[]> = {
  'metadata.tags': ['exists'],
  'metadata.tags.sys.id': ['in', 'nin', 'all', 'exists'],
};

/**
 * Turns one `path[op]=value` parameter into a condition (or, for `[near]`, an ordering by distance), checking
 * that the operator applies to the path's type and that the value parses as that type.
 */
export function parseFilter(parameter: RestParameter, resolve: PathResolver, defaultLocale: string): FilterResult {
  const { path: wire, op: wireOp, value: raw } = parameter;
  const resolved = resolve(wire);
  if (!resolved.ok) return error(resolved.error);
  const { path, typeName } = resolved;
  const op = wireOp === undefined ? 'eq' : WIRE_OPERATORS[wireOp];
  if (op === undefined) return error(unknownOperator(wire, wireOp!));

  if (path.kind === 'tags') {
    if (!TAG_WIRE_OPERATORS[wire]!.includes(op)) return error(operatorNotApplicable(wire, typeName, wireOp));
  } else if (op === 'near') {
    if (path.kind !== 'field' || path.valueType !== 'location' || path.array)
      return error(operatorNotApplicable(wire, typeName, wireOp));
  } else if (!operatorsOf(path).includes(op)) {
    return error(operatorNotApplicable(wire, typeName, wireOp));
  }

  const bad = (parsed: Parsed<unknown> & { ok: false }) =>
    error(invalidValue(wire, typeName, wireOp, raw, parsed.expected));
  const valueType = path.kind === 'tags' ? 'symbol' : path.valueType;
  switch (op) {
    case 'near': {
      const point = parsePoint(raw);
      if (!point.ok) return bad(point);
      return {
        kind: 'near',
        order: { kind: 'distance', path: inLocale(path as FieldPath, [defaultLocale]), ...point.value },
      };
    }
    case 'within': {
      const area = parseArea(raw);
      return area.ok
        ? { kind: 'condition', condition: { kind: 'compare', path: path as FieldPath, op, value: area.value } }
        : bad(area);
    }
    case 'exists': {
      const flag = parseFlag(raw);
      return flag.ok ? { kind: 'condition', condition: { kind: 'compare', path, op, value: flag.value } } : bad(flag);
    }
    case 'match':
      return {
        kind: 'condition',
        condition: { kind: 'compare', path: path as FieldPath, op, value: searchTerms(raw) },
      };
    case 'in':
    case 'nin':
    case 'all': {
      const list = parseList(valueType, raw);
      return list.ok ? { kind: 'condition', condition: { kind: 'compare', path, op, value: list.value } } : bad(list);
    }
    default: {
      const scalar = parseScalar(valueType, raw);
      return scalar.ok
        ? { kind: 'condition', condition: { kind: 'compare', path, op: op as 'eq', value: scalar.value } }
        : bad(scalar);
    }
  }
}
