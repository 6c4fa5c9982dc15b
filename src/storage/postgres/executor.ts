import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema } from './schema.ts';

/** The database or an open transaction: repositories work the same on either. */
export type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** Applies an already-validated order to a query; `columns` maps order keys to column names. */
export function orderBy<Q extends { orderBy: (...args: any[]) => Q }>(
  query: Q,
  order: Array<{ key: string; direction: 'asc' | 'desc' }>,
  columns: Record<string, string>,
  tieBreak: string,
): Q {
  let q = query;
  for (const { key, direction } of order) q = q.orderBy(columns[key] as never, direction);
  return q.orderBy(tieBreak as never, 'asc');
}

export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string })?.code === '23505';
