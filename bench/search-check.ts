import type pg from 'pg';
import { articleId } from './article-rows.ts';
import type { ContentSpace } from './content-space.ts';
import type { HttpClient } from './http-client.ts';

export const SEARCH_QUERY = 'content_type=article&fields.views[gt]=500&order=-fields.publishedAt&limit=20';

/** Article n read back through the API must be the entry the SQL load meant (shape, versions, link, values). */
export async function checkLoadedArticle(client: HttpClient, space: ContentSpace, n: number): Promise<void> {
  const id = articleId(n);
  const entry = await client.expectStatus(200, 'GET', `/spaces/${space.spaceId}/environments/master/entries/${id}`);
  const published = n % 10 !== 0;
  const problems: string[] = [];
  if (entry.sys.contentType.sys.id !== 'article') problems.push('content type');
  if (entry.sys.version !== (published ? 2 : 1) || (entry.sys.publishedVersion ?? null) !== (published ? 1 : null))
    problems.push('versions');
  if (entry.fields.title?.['en-US'] !== `Article ${n}` || typeof entry.fields.views?.['en-US'] !== 'number')
    problems.push('fields');
  if (entry.fields.author?.['en-US']?.sys?.id !== space.personIds[n % space.personIds.length])
    problems.push('author link');
  const linked = await client.expectStatus(
    200,
    'GET',
    `/spaces/${space.spaceId}/environments/master/entries?links_to_entry=${entry.fields.author['en-US'].sys.id}&sys.id=${id}`,
  );
  if (linked.total !== 1) problems.push('link index');
  if (problems.length)
    throw new Error(
      `article ${n} (${id}) read through the API differs from the SQL load: ${problems.join(', ')}\n${JSON.stringify(entry)}`,
    );
}

/** The total and first ids the bench query must answer, computed straight from the entries' JSON. */
export async function expectedAnswer(db: pg.ClientBase, spaceId: string): Promise<{ total: number; first: string[] }> {
  const { rows } = await db.query(
    `select id, count(*) over () as total from entries
    where space_id = $1 and environment_id = 'master' and content_type_id = 'article' and (fields -> 'views' ->> 'en-US')::int > 500
    order by (fields -> 'publishedAt' ->> 'en-US')::timestamptz desc, id limit 20`,
    [spaceId],
  );
  return { total: Number(rows[0]?.total ?? 0), first: rows.map((r) => r.id) };
}

/** The bench query answers exactly what the entries hold. */
export async function checkSearchAnswer(client: HttpClient, db: pg.ClientBase, spaceId: string): Promise<number> {
  const answer = await client.expectStatus(
    200,
    'GET',
    `/spaces/${spaceId}/environments/master/entries?${SEARCH_QUERY}`,
  );
  const expected = await expectedAnswer(db, spaceId);
  const ids = answer.items.map((i: { sys: { id: string } }) => i.sys.id);
  if (answer.total !== expected.total || JSON.stringify(ids) !== JSON.stringify(expected.first)) {
    throw new Error(
      `the search answered total ${answer.total} ${ids.join(',')}; the entries hold ${expected.total} ${expected.first.join(',')}`,
    );
  }
  return answer.total;
}
