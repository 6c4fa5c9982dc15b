import { sql, type Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * Search support. `tessera_timestamptz` reads a Date field value as an instant: a value without an offset is UTC
 * (the session time zone is pinned, which also makes the function immutable) and a malformed value is null
 * instead of failing the whole search. GIN indexes answer `metadata.tags` filters and the tag-in-use check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`
    create function tessera_timestamptz(value text) returns timestamptz
    language plpgsql immutable parallel safe set timezone = 'UTC' as $$
    begin
      return value::timestamptz;
    exception when others then
      return null;
    end
    $$`).execute(db);
  await executeStatements(db, `
    create index entries_tags on entries using gin (tags);
    create index entries_published_tags on entries using gin (published_tags);
    create index assets_tags on assets using gin (tags);
    create index assets_published_tags on assets using gin (published_tags)
  `);
}
