import { sql } from 'kysely';
import type { FieldPath, OrderKey } from '../../../domain/search/query.ts';
import { distanceKm } from './sql-text-geo.ts';
import { chainValue, comparable, scalar, subItem, sysColumn, type CompileContext, type Sql } from './sql-values.ts';

/** Ids order by code point on every database: PGlite's default collation is C, a server's may be a language's. */
const idColumn = (ctx: CompileContext): Sql => sql`${sysColumn(ctx, 'id')} collate "C"`;

type Chained = FieldPath & { locale: { kind: 'chain' } };

function chained(path: FieldPath): Chained {
  if (path.locale.kind !== 'chain')
    throw new Error(`ordering by fields.${path.fieldId} needs one locale chain, not any locale`);
  return path as Chained;
}

/**
 * `order by` of the query: every key with missing values last in both directions (so `-sys.publishedAt` starts
 * with the latest published, not with drafts), distances nearest first. `sys.type` is constant and adds nothing.
 */
export function compileOrder(order: OrderKey[], ctx: CompileContext): Sql {
  const terms: Sql[] = [];
  for (const key of order) {
    if (key.kind === 'distance') {
      terms.push(sql`${distanceKm(chainValue(ctx, chained(key.path)), key.lat, key.lon)} asc nulls last`);
      continue;
    }
    const { path } = key;
    if (path.kind === 'sys' && path.attribute === 'type') continue;
    const expression =
      path.kind === 'sys'
        ? path.attribute === 'id'
          ? idColumn(ctx)
          : sysColumn(ctx, path.attribute)
        : comparable(scalar(subItem(chainValue(ctx, chained(path)), path), path.valueType), path.valueType);
    terms.push(sql`${expression} ${sql.raw(key.direction === 'desc' ? 'desc' : 'asc')} nulls last`);
  }
  return terms.length ? sql.join(terms) : sql`${idColumn(ctx)} asc`;
}
