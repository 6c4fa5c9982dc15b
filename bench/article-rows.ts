import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { ContentSpace } from './content-space.ts';

/**
 * Article entries written straight into the database, set-based (`generate_series`), in exactly the shape the
 * entries API writes them (entries-repository.ts, content-rows.ts, entry-links.ts, the publish snapshot): ids of 22
 * characters, every field of the `article` type filled, 90% published (version 2, published side equal to the draft,
 * an index row per link holding both states, one snapshot each), 10% drafts at version 1. Numbers `from` .. `to - 1` are
 * deterministic: article n always has the same id and values. `views` is uniform in 0..999, `publishedAt` spread
 * over two years; one article in five also has a German title.
 */
export async function insertArticles(db: pg.ClientBase, space: ContentSpace, from: number, to: number): Promise<void> {
  await db.query('begin');
  try {
    await db.query(
      `
      create temporary table bench_articles on commit drop as
      select g, substr(md5('article-' || g), 1, 22) as id, g % 10 <> 0 as published,
        now() - (($3::int - g) * interval '1 ms') as at,
        case when g % 7 = 0 then array['news']::text[] else '{}'::text[] end as tags,
        ($1::text[])[1 + g % cardinality($1::text[])] as author,
        jsonb_build_object(
          'title', case when g % 5 = 0 then jsonb_build_object('en-US', 'Article ' || g, 'de-DE', 'Artikel ' || g)
                        else jsonb_build_object('en-US', 'Article ' || g) end,
          'slug', jsonb_build_object('en-US', 'article-' || g),
          'views', jsonb_build_object('en-US', abs(hashtext('views-' || g)) % 1000),
          'publishedAt', jsonb_build_object('en-US', to_char(timestamptz '2023-01-01 00:00:00+00'
            + (abs(hashtext('at-' || g)) % 63072000) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')),
          'body', jsonb_build_object('en-US', 'The body of article ' || g || ', a few words long so that the row has some weight.'),
          'featured', jsonb_build_object('en-US', g % 3 = 0),
          'author', jsonb_build_object('en-US', jsonb_build_object('sys', jsonb_build_object(
            'type', 'Link', 'linkType', 'Entry', 'id', ($1::text[])[1 + g % cardinality($1::text[])])))
        ) as fields
      from generate_series($2::int, $3::int - 1) as g`,
      [space.personIds, from, to],
    );
    await db.query(
      `
      insert into entries (space_id, environment_id, id, content_type_id, fields, tags, version,
        published_fields, published_tags, published_version, published_counter, published_at, published_by, first_published_at,
        created_by, updated_by, created_at, updated_at)
      select $1, 'master', id, 'article', fields, tags, case when published then 2 else 1 end,
        case when published then fields end, case when published then tags end, case when published then 1 end,
        case when published then 1 else 0 end, case when published then at end, case when published then $2 end,
        case when published then at end, $2, $2, at, at
      from bench_articles order by g`,
      [space.spaceId, space.userId],
    );
    await db.query(
      `
      insert into entry_links (space_id, environment_id, source_id, field_id, locale, position, target_type, target_id, states)
      select $1, 'master', a.id, 'author', 'en-US', 0, 'Entry', a.author, case when a.published then 3 else 1 end
      from bench_articles a`,
      [space.spaceId],
    );
    await db.query(
      `
      insert into snapshots (space_id, environment_id, id, entity_type, entity_id, snapshot, created_by, created_at)
      select $1, 'master', substr(md5('snapshot-' || g), 1, 22), 'Entry', id, jsonb_build_object(
        'spaceId', $1::text, 'environmentId', 'master', 'id', id, 'contentTypeId', 'article', 'fields', fields, 'tags', to_jsonb(tags),
        'publishedFields', fields, 'publishedTags', to_jsonb(tags), 'version', 2, 'publishedVersion', 1, 'publishedCounter', 1,
        'publishedAt', at, 'publishedBy', $2::text, 'firstPublishedAt', at, 'archivedVersion', null, 'archivedAt', null,
        'archivedBy', null, 'createdBy', $2::text, 'updatedBy', $2::text, 'createdAt', at, 'updatedAt', at), $2, at
      from bench_articles where published`,
      [space.spaceId, space.userId],
    );
    await db.query('commit');
    // Written below the API: running servers must drop what their read caches derived from this space (totals).
    await db.query(`select pg_notify('tessera_cache', '*')`);
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
  // What autovacuum does after a bulk insert; index-only scans need the visibility map it sets.
  await db.query('vacuum analyze');
}

/** The id article number n gets. */
export const articleId = (n: number) => createHash('md5').update(`article-${n}`).digest('hex').slice(0, 22);
