import { expect } from 'vitest';
import type { LocalizedFields } from '../../src/storage/port/index.ts';
import { contentFixtures } from './content-fixtures.ts';
import type { ApiResponse, TestServer } from './harness.ts';

export interface EntryRow {
  id: string;
  contentType?: string;
  fields?: LocalizedFields;
  tags?: string[];
  createdAt?: string;
  updatedAt?: string;
  createdBy?: string;
  version?: number;
  /** Published at version `version - 1` with these fields and tags (default: the draft ones). */
  published?: boolean | { fields?: LocalizedFields; tags?: string[]; at?: string; version?: number };
  archived?: boolean;
  environment?: string;
}

/**
 * Rows for the search suites, written straight into the database with exact timestamps, versions and publish
 * states (the entries API stamps `now()`), and the reverse link index written by the entries repository.
 */
export function searchFixtures(api: () => TestServer) {
  const f = contentFixtures(api);
  const db = () => api().tessera.database.db;

  async function insert(table: 'entries' | 'assets', spaceId: string, rows: EntryRow[]) {
    for (const r of rows) {
      const version = r.version ?? (r.published ? 2 : 1);
      const published = r.published === true ? {} : r.published || undefined;
      const publishedVersion = published ? (published.version ?? version - 1) : null;
      const at = r.createdAt ?? '2024-01-01T00:00:00.000Z';
      await db()
        .insertInto(table as 'entries')
        .values({
          space_id: spaceId,
          environment_id: r.environment ?? 'master',
          id: r.id,
          ...(table === 'entries' ? { content_type_id: r.contentType ?? 'article' } : {}),
          fields: JSON.stringify(r.fields ?? {}),
          tags: r.tags ?? [],
          version,
          published_fields: published ? JSON.stringify(published.fields ?? r.fields ?? {}) : null,
          published_tags: published ? (published.tags ?? r.tags ?? []) : null,
          published_version: publishedVersion,
          published_counter: published ? 1 : 0,
          published_at: published ? (published.at ?? at) : null,
          first_published_at: published ? (published.at ?? at) : null,
          published_by: published ? 'publisher' : null,
          archived_version: r.archived ? version - 1 : null,
          archived_at: r.archived ? at : null,
          archived_by: r.archived ? 'archiver' : null,
          created_by: r.createdBy ?? 'author',
          updated_by: r.createdBy ?? 'author',
          created_at: at,
          updated_at: r.updatedAt ?? at,
        } as never)
        .execute();
      if (table === 'entries') {
        const { entries } = api().tessera.storage.repos;
        await entries.replaceLinks(spaceId, r.environment ?? 'master', r.id, 'draft', r.fields ?? {});
        if (published)
          await entries.replaceLinks(
            spaceId,
            r.environment ?? 'master',
            r.id,
            'published',
            published.fields ?? r.fields ?? {},
          );
      }
    }
    // Written below the API: nothing invalidated the cached responses that read this environment.
    api().tessera.cache?.clear();
  }

  /** GET with a raw query string (exactly as written: brackets and commas unescaped unless the caller escapes them). */
  const search = (path: string, query = '') => api().get(query ? `${path}?${query}` : path);

  /** The ids of a 200 answer, in order. */
  function ids(res: ApiResponse): string[] {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.items as Array<{ sys: { id: string } }>).map((i) => i.sys.id);
  }

  /** The 400 InvalidQuery error items of an answer. */
  function invalid(res: ApiResponse): Array<Record<string, unknown>> {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.sys).toEqual({ type: 'Error', id: 'InvalidQuery' });
    return res.body.details.errors;
  }

  return {
    ...f,
    entries: (spaceId: string, rows: EntryRow[]) => insert('entries', spaceId, rows),
    assets: (spaceId: string, rows: EntryRow[]) => insert('assets', spaceId, rows),
    search,
    ids,
    invalid,
  };
}

/** `{'en-US': v}`: a value in the default locale. */
export const en = (value: unknown) => ({ 'en-US': value });
