import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * API requests counted per organization, space, metric and UTC day (the Usage API). Each process counts in memory
 * and adds its counts every few seconds with one upsert (`n = n + excluded.n`). `space_id` is `''` for requests on
 * the organization's own paths: a primary key column cannot be null. No foreign keys: usage outlives a deleted space.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `create table api_usage (
      organization_id text not null,
      day date not null,
      metric text not null check (metric in ('cma', 'cda', 'cpa', 'gql')),
      space_id text not null,
      n bigint not null check (n >= 0),
      primary key (organization_id, day, metric, space_id)
    )`,
  );
}
