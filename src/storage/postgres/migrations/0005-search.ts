import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/** Search support: GIN indexes that answer `metadata.tags` filters (draft and published) and the tag-in-use check. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    create index entries_tags on entries using gin (tags);
    create index entries_published_tags on entries using gin (published_tags);
    create index assets_tags on assets using gin (tags);
    create index assets_published_tags on assets using gin (published_tags)
  `,
  );
}
