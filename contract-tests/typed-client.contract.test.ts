import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../generated/types/management.js';
import { DB_KINDS } from './support/databases.ts';
import { ADMIN_TOKEN, startServer, type TestServer } from './support/harness.ts';

/** A client made only from the published types, as a client team would (the default vendor token: `X-Service-*`). */
const typedClient = (baseUrl: string) =>
  createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });

const ENV = '/spaces/{space_id}/environments/{environment_id}';

for (const kind of DB_KINDS) {
  describe(`${kind}: a typed client (openapi-fetch) made from the generated types`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(kind);
    }, 60_000);
    afterAll(async () => {
      await server?.close();
    }, 60_000);

    it('creates a space, a content type, activates it, creates an entry and publishes it', async () => {
      const client = typedClient(server.baseUrl);

      const space = await client.POST('/spaces', { body: { name: 'Typed client' } });
      expect(space.response.status).toBe(201);
      const path = { space_id: space.data!.sys.id, environment_id: 'master' };

      const contentType = await client.PUT(`${ENV}/content_types/{content_type_id}`, {
        params: { path: { ...path, content_type_id: 'post' } },
        body: {
          name: 'Post',
          displayField: 'title',
          fields: [
            { id: 'title', name: 'Title', type: 'Symbol', required: true },
            { id: 'body', name: 'Body', type: 'Text' },
          ],
        },
      });
      expect(contentType.response.status).toBe(201);

      const activated = await client.PUT(`${ENV}/content_types/{content_type_id}/published`, {
        params: {
          path: { ...path, content_type_id: 'post' },
          header: { 'X-Service-Version': contentType.data!.sys.version },
        },
      });
      expect(activated.response.status).toBe(200);
      expect(activated.data!.sys.publishedVersion).toBe(contentType.data!.sys.version);

      const entry = await client.POST(`${ENV}/entries`, {
        params: { path, header: { 'X-Service-Content-Type': 'post' } },
        body: { fields: { title: { 'en-US': 'Hello' }, body: { 'en-US': 'From a typed client' } } },
      });
      expect(entry.response.status).toBe(201);
      expect(entry.data!.fields.title['en-US']).toBe('Hello');

      const published = await client.PUT(`${ENV}/entries/{entry_id}/published`, {
        params: {
          path: { ...path, entry_id: entry.data!.sys.id },
          header: { 'X-Service-Version': entry.data!.sys.version },
        },
      });
      expect(published.response.status).toBe(200);
      expect(published.data!.sys).toMatchObject({ publishedVersion: entry.data!.sys.version, publishedCounter: 1 });
      expect(published.data!.sys.fieldStatus?.['*']['en-US']).toBe('published');

      const found = await client.GET(`${ENV}/public/entries`, { params: { path, query: { content_type: 'post' } } });
      expect(found.data!.items.map((item) => item.fields.body['en-US'])).toEqual(['From a typed client']);
    });

    it('creates an asset with a typed body and reads its typed fields; errors come typed too', async () => {
      const client = typedClient(server.baseUrl);
      const space = await client.POST('/spaces', { body: { name: 'Typed assets' } });
      const path = { space_id: space.data!.sys.id };

      const asset = await client.POST('/spaces/{space_id}/assets', {
        params: { path },
        body: {
          fields: {
            title: { 'en-US': 'Logo' },
            file: {
              'en-US': { contentType: 'image/png', fileName: 'logo.png', upload: 'https://example.org/logo.png' },
            },
          },
        },
      });
      expect(asset.response.status).toBe(201);
      expect(asset.data!.fields.title?.['en-US']).toBe('Logo');
      expect(asset.data!.fields.file?.['en-US'].fileName).toBe('logo.png');

      const stale = await client.PUT('/spaces/{space_id}/assets/{asset_id}/published', {
        params: { path: { ...path, asset_id: asset.data!.sys.id }, header: { 'X-Service-Version': 99 } },
      });
      expect(stale.response.status).toBe(409);
      expect(stale.error!.sys.id).toBe('VersionMismatch');
    });
  });
}
