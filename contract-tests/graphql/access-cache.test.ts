import { describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { environmentFixtures } from '../support/environment-fixtures.ts';
import { useServer } from '../support/harness.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const QUERY = '{ __typename }';
const env = (id: string) => ({ sys: { type: 'Link', linkType: 'Environment', id } });

// Token grants and spaces are served from the read cache; every change to them must still take effect at once.
for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL token checks stay exact with cached grants`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    const environments = environmentFixtures(api);

    async function key(spaceId: string) {
      const res = await api().post(`/spaces/${spaceId}/api_keys`, {
        name: `key-${Math.random()}`,
        environments: [env('master')],
      });
      expect(res.status).toBe(201);
      return {
        id: res.body.sys.id as string,
        token: res.body.accessToken as string,
        version: res.body.sys.version as number,
        previewId: res.body.preview_api_key.sys.id as string,
      };
    }

    it('both tokens of a key work from its creation and follow each change and its deletion on the next request', async () => {
      const spaceId = (await g.space('Both tokens')).id;
      await environments.readyEnvironment(spaceId, 'staging');
      const k = await key(spaceId);
      const preview = (await api().get(`/spaces/${spaceId}/preview_api_keys/${k.previewId}`)).body
        .accessToken as string;
      const statuses = async (environment: string) =>
        Promise.all(
          [k.token, preview].map(
            async (token) => (await g.gql(spaceId, token, QUERY, undefined, { environment })).status,
          ),
        );
      expect(await statuses('master')).toEqual([200, 200]);
      const moved = await api().put(
        `/spaces/${spaceId}/api_keys/${k.id}`,
        { name: 'moved', environments: [env('staging')] },
        g.version(k.version),
      );
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(await statuses('master')).toEqual([401, 401]);
      expect(await statuses('staging')).toEqual([200, 200]);
      expect((await api().delete(`/spaces/${spaceId}/api_keys/${k.id}`)).status).toBe(204);
      expect(await statuses('staging')).toEqual([401, 401]);
    });

    it('a deleted key is refused on the next request', async () => {
      const spaceId = (await g.space('Revoked')).id;
      const k = await key(spaceId);
      expect((await g.gql(spaceId, k.token, QUERY)).status).toBe(200);
      expect((await api().delete(`/spaces/${spaceId}/api_keys/${k.id}`)).status).toBe(204);
      const refused = await g.gql(spaceId, k.token, QUERY);
      expect([refused.status, g.code(refused)]).toEqual([401, 'ACCESS_TOKEN_INVALID']);
    });

    it('a key moved to other environments loses the old one on the next request', async () => {
      const spaceId = (await g.space('Moved')).id;
      expect((await api().put(`/spaces/${spaceId}/environments/staging`, { name: 'staging' })).status).toBe(201);
      for (let i = 0; i < 50; i++) {
        if ((await api().get(`/spaces/${spaceId}/environments/staging`)).body?.sys?.status?.sys?.id === 'ready') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const k = await key(spaceId);
      expect((await g.gql(spaceId, k.token, QUERY)).status).toBe(200);
      const moved = await api().put(
        `/spaces/${spaceId}/api_keys/${k.id}`,
        { name: 'moved', environments: [env('staging')] },
        g.version(k.version),
      );
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const refused = await g.gql(spaceId, k.token, QUERY);
      expect([refused.status, g.code(refused)]).toEqual([401, 'ACCESS_TOKEN_INVALID']);
      expect((await g.gql(spaceId, k.token, QUERY, undefined, { environment: 'staging' })).status).toBe(200);
    });

    it('a deleted environment is unknown on the next request', async () => {
      const spaceId = (await g.space('Shrinking')).id;
      expect((await api().put(`/spaces/${spaceId}/environments/gone`, { name: 'gone' })).status).toBe(201);
      for (let i = 0; i < 50; i++) {
        if ((await api().get(`/spaces/${spaceId}/environments/gone`)).body?.sys?.status?.sys?.id === 'ready') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const res = await api().post(`/spaces/${spaceId}/api_keys`, {
        name: 'both',
        environments: [env('master'), env('gone')],
      });
      const token = res.body.accessToken as string;
      expect((await g.gql(spaceId, token, QUERY, undefined, { environment: 'gone' })).status).toBe(200);
      expect((await api().delete(`/spaces/${spaceId}/environments/gone`)).status).toBe(204);
      const unknown = await g.gql(spaceId, token, QUERY, undefined, { environment: 'gone' });
      expect([unknown.status, g.code(unknown)]).toEqual([400, 'UNKNOWN_ENVIRONMENT']);
      expect((await g.gql(spaceId, token, QUERY)).status).toBe(200);
    });
  });
}
