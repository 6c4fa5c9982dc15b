import express from 'express';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentReader } from '../../src/domain/delivery/index.ts';
import { documentCache } from '../../src/graphql/document-cache.ts';
import { graphqlEndpoint } from '../../src/graphql/endpoint.ts';
import { requestId } from '../../src/http/middleware/request-id.ts';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const symbol = (id: string) => ({ id, name: id, type: 'Symbol' });

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL parsed-document cache`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    // The endpoint on the suite's storage, with a document cache the test can look into.
    const documents = documentCache();
    let server: Server;
    let url: string;

    beforeAll(async () => {
      const { vendor } = api().tessera.config;
      const app = express()
        .use(requestId(`${vendor.headerPrefix}-Request-Id`))
        .use(graphqlEndpoint(contentReader(api().tessera.storage), vendor, { documents }));
      await new Promise<void>((resolve) => {
        server = app.listen(0, '127.0.0.1', () => resolve());
      });
      url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const post = async (spaceId: string, token: string, query: string) => {
      const res = await fetch(`${url}/content/v1/spaces/${spaceId}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      return { status: res.status, body: (await res.json()) as any };
    };

    it('a repeated query is neither parsed nor validated again; a model change validates it afresh', async () => {
      const spaceId = (await g.space('Documents')).id;
      const ct = `/spaces/${spaceId}/environments/master/content_types/article`;
      const made = await api().put(ct, { name: 'Article', fields: [symbol('title')] });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect((await api().put(`${ct}/published`, undefined, g.version(1))).status).toBe(200);
      const { delivery } = await g.keys(spaceId);
      const query = '{ articleCollection { items { title subtitle } } }';

      const before = [documents.parses, documents.validations];
      const first = await post(spaceId, delivery, query);
      expect(first.status).toBe(400);
      expect(first.body.errors[0].message).toContain('Cannot query field "subtitle" on type "Article".');
      const again = await post(spaceId, delivery, query);
      expect(again).toEqual({
        status: 400,
        body: { errors: [{ ...first.body.errors[0], extensions: expect.any(Object) }] },
      });
      expect([documents.parses, documents.validations]).toEqual([before[0]! + 1, before[1]! + 1]);

      const changed = await api().put(
        ct,
        { name: 'Article', fields: [symbol('title'), symbol('subtitle')] },
        g.version(2),
      );
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect((await api().put(`${ct}/published`, undefined, g.version(3))).status).toBe(200);
      const after = await post(spaceId, delivery, query);
      expect(after).toEqual({ status: 200, body: { data: { articleCollection: { items: [] } } } });
      expect([documents.parses, documents.validations]).toEqual([before[0]! + 1, before[1]! + 2]);
    });
  });
}
