import type { HttpClient } from './http-client.ts';

export const VERSION_HEADER = 'X-Service-Version';
export const CONTENT_TYPE_HEADER = 'X-Service-Content-Type';

export interface ContentSpace {
  spaceId: string;
  userId: string;
  personIds: string[];
}

const field = (id: string, type: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  type,
  localized: false,
  required: false,
  disabled: false,
  omitted: false,
  validations: [],
  ...extra,
});

/** The article content type of the search and clone benches. */
export const ARTICLE_FIELDS = [
  field('title', 'Symbol', { localized: true }),
  field('slug', 'Symbol'),
  field('views', 'Integer'),
  field('publishedAt', 'Date'),
  field('body', 'Text', { localized: true }),
  field('featured', 'Boolean'),
  field('author', 'Link', { linkType: 'Entry' }),
];

async function contentType(client: HttpClient, spaceId: string, id: string, fields: unknown[]): Promise<void> {
  const path = `/spaces/${spaceId}/environments/master/content_types/${id}`;
  const made = await client.expectStatus(201, 'PUT', path, {
    json: { name: id, displayField: (fields[0] as { id: string }).id, fields },
  });
  await client.expectStatus(200, 'PUT', `${path}/published`, {
    headers: { [VERSION_HEADER]: String(made.sys.version) },
  });
}

/** Creates and publishes an entry through the API (the path the throughput bench measures); answers its id. */
export async function createPublished(
  client: HttpClient,
  spaceId: string,
  contentTypeId: string,
  fields: Record<string, unknown>,
): Promise<string> {
  const entries = `/spaces/${spaceId}/environments/master/entries`;
  const made = await client.expectStatus(201, 'POST', entries, {
    json: { fields },
    headers: { [CONTENT_TYPE_HEADER]: contentTypeId },
  });
  await client.expectStatus(200, 'PUT', `${entries}/${made.sys.id}/published`, {
    headers: { [VERSION_HEADER]: String(made.sys.version) },
  });
  return made.sys.id;
}

/**
 * A space built through the API: locales en-US (default) and de-DE, three tags, the content types `person` and
 * `article` (activated, so editor interfaces exist), and `persons` published person entries.
 */
export async function prepareContentSpace(client: HttpClient, name: string, persons: number): Promise<ContentSpace> {
  const me = await client.expectStatus(200, 'GET', '/users/me');
  const space = await client.expectStatus(201, 'POST', '/spaces', { json: { name, defaultLocale: 'en-US' } });
  const spaceId: string = space.sys.id;
  await client.expectStatus(201, 'POST', `/spaces/${spaceId}/environments/master/locales`, {
    json: { name: 'German', code: 'de-DE', optional: true },
  });
  for (const tag of ['news', 'sport', 'culture']) {
    await client.expectStatus(201, 'PUT', `/spaces/${spaceId}/environments/master/tags/${tag}`, {
      json: { name: tag },
    });
  }
  await contentType(client, spaceId, 'person', [field('name', 'Symbol'), field('age', 'Integer')]);
  await contentType(client, spaceId, 'article', ARTICLE_FIELDS);
  const personIds: string[] = [];
  for (let i = 0; i < persons; i += 1) {
    personIds.push(
      await createPublished(client, spaceId, 'person', {
        name: { 'en-US': `Person ${i}` },
        age: { 'en-US': 20 + (i % 50) },
      }),
    );
  }
  return { spaceId, userId: me.sys.id, personIds };
}
