import { sql } from 'kysely';
import type { ContentState } from '../../../domain/search/query.ts';
import { type Sql } from './sql-values.ts';

const LIFECYCLE = [
  'space_id',
  'environment_id',
  'id',
  'version',
  'published_version',
  'published_counter',
  'published_at',
  'published_by',
  'first_published_at',
  'archived_version',
  'archived_at',
  'archived_by',
  'created_by',
  'updated_by',
  'created_at',
  'updated_at',
];
const STATE_COLUMNS: Record<ContentState, string[]> = {
  draft: ['fields', 'tags'],
  published: ['published_fields', 'published_tags'],
};

const projections = new Map<string, Sql>();

/**
 * The columns of a search's rows `r`: the lifecycle columns and the content of the state searched only. Every reader
 * of a search's records reads the content of that state (the draft `fields`/`tags`, or the published ones), so the
 * other state's JSON is neither sent nor parsed; its record properties are left undefined.
 */
export function searchColumns(table: 'entries' | 'assets', state: ContentState): Sql {
  const key = `${table}:${state}`;
  let columns = projections.get(key);
  if (!columns) {
    const names = [...LIFECYCLE, ...(table === 'entries' ? ['content_type_id'] : []), ...STATE_COLUMNS[state]];
    columns = sql.join(names.map((name) => sql.ref(`r.${name}`)));
    projections.set(key, columns);
  }
  return columns;
}
