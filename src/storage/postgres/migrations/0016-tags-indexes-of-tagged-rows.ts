import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * The GIN indexes of tags (0005) hold only the rows that have a tag. An empty or null tag array was still an index
 * entry (GIN's placeholder item), written by every entry create and, since a publish changes `published_tags`,
 * twice more by every publish: about a tenth of PostgreSQL's CPU per entry created and published, for entries and
 * assets without tags. Every query that reads these indexes (tag filters `in` and `all` of a non-empty list, the
 * tag-in-use check) matches only rows with a tag and says so with the indexes' own condition (`tagged` in
 * search/sql-values.ts), so the planner can use them as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements: string[] = [];
  for (const table of ['entries', 'assets']) {
    for (const column of ['tags', 'published_tags']) {
      statements.push(
        `drop index ${table}_${column}`,
        `create index ${table}_${column} on ${table} using gin (${column}) where cardinality(${column}) > 0`,
      );
    }
  }
  await executeStatements(db, statements.join(';\n'));
}
