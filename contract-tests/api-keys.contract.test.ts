import { describe, expect, it } from 'vitest';
import { generateId } from '../src/lib/ids.ts';
import { hashToken } from '../src/lib/secrets.ts';
import { DB_KINDS } from './support/databases.ts';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { useServer } from './support/harness.ts';

const env = (id: string) => ({ sys: { type: 'Link', linkType: 'Environment', id } });

for (const kind of DB_KINDS) {
  describe(`${kind}: API keys and preview keys`, () => {
    const api = useServer(kind);
    const members = environmentFixtures(api);
    const repos = () => api().tessera.storage.repos;
    const version = (v: number | string) => ({ headers: { [`${api().vendorPrefix}-Version`]: String(v) } });

    async function space() {
      const id = (await api().post('/spaces', { name: 'Keys' })).body.sys.id as string;
      return { id, keys: `/spaces/${id}/api_keys`, previews: `/spaces/${id}/preview_api_keys` };
    }
    const stored = async (path: string) => (await api().get(path)).body;

    async function userToken(spaceId: string, admin?: boolean): Promise<string> {
      // A member without the admin flag reads through a role that lets it read everything.
      if (admin === false) return members.otherUser(spaceId);
      const id = generateId();
      await repos().identity.insertUser({ id, email: `${id}@example.test`, firstName: null, lastName: null });
      const token = `member-${id}`;
      await repos().identity.insertToken({
        id: generateId(),
        userId: id,
        name: 'm',
        scopes: ['content_management_manage'],
        tokenHash: hashToken(token),
        expiresAt: null,
      });
      if (admin !== undefined)
        await repos().spaces.insertMembership({ id: generateId(), spaceId, userId: id, admin, createdBy: id });
      return token;
    }

    const environment = (spaceId: string, id: string) =>
      repos().environments.insert({
        spaceId,
        id,
        name: id,
        status: 'ready',
        sourceEnvironmentId: null,
        createdBy: 'test',
      });

    it('creates a delivery key with its preview key; both are readable with their own tokens', async () => {
      const s = await space();
      const res = await api().post(s.keys, { name: 'Website', description: 'for the site' });
      expect(res.status).toBe(201);
      const key = res.body;
      expect(key).toMatchObject({
        name: 'Website',
        description: 'for the site',
        policies: [{ effect: 'allow', actions: 'all' }],
        environments: [env('master')],
        preview_api_key: { sys: { type: 'Link', linkType: 'PreviewApiKey' } },
        sys: { type: 'ApiKey', version: 0, space: { sys: { type: 'Link', linkType: 'Space', id: s.id } } },
      });
      expect(key.sys.id).toMatch(/^[0-9A-Za-z]{22}$/);
      expect(key.accessToken.length).toBeGreaterThanOrEqual(43);
      expect(key.sys.createdAt).toMatch(/T\d\d:\d\d:\d\dZ$/);
      expect(res.headers.get('location')).toMatch(new RegExp(`/spaces/${s.id}/api_keys/${key.sys.id}$`));
      expect(await stored(`${s.keys}/${key.sys.id}`)).toEqual(key);

      const preview = await api().get(`${s.previews}/${key.preview_api_key.sys.id}`);
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({
        name: 'Website',
        description: 'for the site',
        environments: [env('master')],
        sys: { type: 'PreviewApiKey', id: key.preview_api_key.sys.id, version: 0 },
      });
      expect(preview.body.accessToken.length).toBeGreaterThanOrEqual(43);
      expect(preview.body.accessToken).not.toBe(key.accessToken);
      expect(preview.body.policies).toBeUndefined();
    });

    it('limits a key to chosen environments and aliases, and refuses unknown ones without writing', async () => {
      const s = await space();
      await environment(s.id, 'staging');
      await repos().spaces.setAliasesEnabled(s.id, 'test');
      await repos().environments.insertAlias({
        spaceId: s.id,
        id: 'current',
        environmentId: 'staging',
        createdBy: 'test',
      });
      const chosen = await api().post(s.keys, {
        name: 'Chosen',
        environments: [env('staging'), env('current'), env('master'), env('staging')],
      });
      expect(chosen.body.environments).toEqual([env('staging'), env('current'), env('master')]);
      expect((await stored(`${s.previews}/${chosen.body.preview_api_key.sys.id}`)).environments).toEqual(
        chosen.body.environments,
      );
      expect((await api().post(s.keys, { name: 'Empty', environments: [] })).body.environments).toEqual([
        env('master'),
      ]);

      const unknown = await api().post(s.keys, { name: 'Bad', environments: [env('master'), env('nowhere')] });
      expect(unknown.status).toBe(422);
      expect(unknown.body).toMatchObject({
        sys: { id: 'ValidationFailed' },
        details: { errors: [{ name: 'notResolvable', path: ['environments', 1], value: 'nowhere' }] },
      });
      expect(unknown.body.details.errors[0].details).toContain('"nowhere"');
      const nulled = await api().post(s.keys, { name: 'Null', environments: null });
      expect(nulled.status).toBe(422);
      expect(nulled.body.message).toContain('environments');
      const notALink = await api().post(s.keys, { name: 'Odd', environments: ['master'] });
      expect(notALink.status).toBe(422);
      expect((await stored(s.keys)).total).toBe(2);
      expect((await stored(s.previews)).total).toBe(2);
    });

    it('creates with a chosen id by PUT, then updates with the version: +1 each time, stale or missing refused', async () => {
      const s = await space();
      const path = `${s.keys}/my-key.v1_x`;
      const createdRes = await api().put(path, { name: 'Chosen', description: 'first' });
      expect(createdRes.status).toBe(201);
      expect(createdRes.body).toMatchObject({ name: 'Chosen', sys: { id: 'my-key.v1_x', version: 0 } });
      expect(createdRes.headers.get('location')).toMatch(/\/api_keys\/my-key\.v1_x$/);
      const key = createdRes.body;

      for (const options of [{}, version(1), version(5)]) {
        const res = await api().put(path, { name: 'Stale' }, options);
        expect(res.status).toBe(409);
        expect(res.body.sys.id).toBe('VersionMismatch');
      }
      expect(await stored(path)).toEqual(key);

      await environment(s.id, 'staging');
      // The body of a read is sent back as it is: tokens, policies, preview link and sys are ignored.
      const sentBack = {
        ...key,
        name: 'Renamed',
        environments: [env('staging')],
        accessToken: 'forged',
        policies: [],
        preview_api_key: env('x'),
        sys: { id: 'other', version: 40 },
      };
      const updated = await api().put(path, sentBack, version(0));
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        name: 'Renamed',
        description: 'first',
        accessToken: key.accessToken,
        preview_api_key: key.preview_api_key,
        environments: [env('staging')],
        sys: { id: 'my-key.v1_x', version: 1, createdAt: key.sys.createdAt },
      });
      const replaced = await api().put(path, { name: 'Replaced' }, version(1));
      expect(replaced.body).toMatchObject({
        name: 'Replaced',
        description: null,
        environments: [env('master')],
        sys: { version: 2 },
      });
      const preview = await stored(`${s.previews}/${key.preview_api_key.sys.id}`);
      expect(preview).toMatchObject({
        name: 'Replaced',
        description: null,
        environments: [env('master')],
        sys: { version: 2 },
      });

      const invalid = await api().put(path, { name: 'Bad', environments: [env('gone')] }, version(2));
      expect(invalid.status).toBe(422);
      expect(await stored(path)).toEqual(replaced.body);
    });

    it('creates a chosen id once when PUTs race: the others meet the existing key and its version check', async () => {
      const s = await space();
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => api().put(`${s.keys}/racing`, { name: `Racer ${i}` })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      expect((await stored(s.keys)).total).toBe(1);
    });

    it('lists delivery and preview keys with paging and order', async () => {
      const s = await space();
      for (const name of ['b', 'c', 'a']) await api().post(s.keys, { name });
      const page = await api().get(s.keys, { query: { order: 'name', skip: 1, limit: 1 } });
      expect(page.body).toMatchObject({ sys: { type: 'Array' }, total: 3, skip: 1, limit: 1 });
      expect(page.body.items.map((k: any) => k.name)).toEqual(['b']);
      const desc = (await api().get(s.keys, { query: { order: '-name' } })).body.items.map((k: any) => k.name);
      expect(desc).toEqual(['c', 'b', 'a']);
      const previews = await api().get(s.previews, { query: { order: '-sys.createdAt,sys.id', limit: 2 } });
      expect(previews.body).toMatchObject({ total: 3, limit: 2 });
      expect(previews.body.items.every((p: any) => p.sys.type === 'PreviewApiKey')).toBe(true);
      const byId = (await stored(`${s.previews}?order=sys.id`)).items.map((p: any) => p.sys.id);
      expect(byId).toEqual([...byId].sort());
      expect((await api().get(s.previews, { query: { skip: 10 } })).body).toMatchObject({
        skip: 10,
        total: 3,
        items: [],
      });
    });

    it('deletes a key with its preview key; both tokens stop granting access', async () => {
      const s = await space();
      const key = (await api().post(s.keys, { name: 'Doomed' })).body;
      const previewId = key.preview_api_key.sys.id;
      const previewToken = (await stored(`${s.previews}/${previewId}`)).accessToken;
      const services = api().tessera.services;
      expect(await services.apiKeys.findGrant(key.accessToken)).toEqual({
        spaceId: s.id,
        keyId: key.sys.id,
        kind: 'delivery',
        environmentIds: ['master'],
      });
      expect(await services.apiKeys.findGrant(previewToken)).toEqual({
        spaceId: s.id,
        keyId: previewId,
        kind: 'preview',
        environmentIds: ['master'],
      });
      expect(await services.apiKeys.findGrant('unknown-token')).toBeUndefined();

      expect((await api().delete(`${s.keys}/${key.sys.id}`)).status).toBe(204);
      expect((await api().get(`${s.keys}/${key.sys.id}`)).body).toMatchObject({
        sys: { id: 'NotFound' },
        details: { type: 'ApiKey', id: key.sys.id },
      });
      expect((await api().get(`${s.previews}/${previewId}`)).body).toMatchObject({
        sys: { id: 'NotFound' },
        details: { type: 'PreviewApiKey' },
      });
      expect((await api().delete(`${s.keys}/${key.sys.id}`)).status).toBe(404);
      expect(await services.apiKeys.findGrant(key.accessToken)).toBeUndefined();
      expect(await services.apiKeys.findGrant(previewToken)).toBeUndefined();
    });

    it('lets members read, only space admins write, and strangers see nothing', async () => {
      const s = await space();
      const key = (await api().post(s.keys, { name: 'Kept' })).body;
      const one = `${s.keys}/${key.sys.id}`;
      const member = await userToken(s.id, false);
      expect((await api().get(s.keys, { token: member })).body.total).toBe(1);
      expect((await api().get(one, { token: member })).status).toBe(200);
      expect((await api().get(s.previews, { token: member })).status).toBe(200);
      const writes = [
        await api().post(s.keys, { name: 'Nope' }, { token: member }),
        await api().put(`${s.keys}/new-id`, { name: 'Nope' }, { token: member }),
        await api().put(one, { name: 'Nope' }, { token: member, ...version(0) }),
        await api().delete(one, { token: member }),
      ];
      for (const res of writes) expect(res.body).toMatchObject({ sys: { id: 'AccessDenied' } });
      const stranger = await userToken(s.id);
      for (const path of [s.keys, one, s.previews, `${s.previews}/${key.preview_api_key.sys.id}`]) {
        expect((await api().get(path, { token: stranger })).body).toMatchObject({
          sys: { id: 'NotFound' },
          details: { type: 'Space' },
        });
      }
      expect((await api().delete(one, { token: stranger })).status).toBe(404);
      expect((await stored(s.keys)).items).toEqual([key]);
    });

    it('refuses malformed requests on every operation and changes nothing', async () => {
      const s = await space();
      const key = (await api().post(s.keys, { name: 'Kept' })).body;
      const one = `${s.keys}/${key.sys.id}`;
      const previewOne = `${s.previews}/${key.preview_api_key.sys.id}`;
      for (const list of [s.keys, s.previews]) {
        expect((await api().get(list, { query: { limit: 1001 } })).body.sys.id).toBe('InvalidQuery');
        const badOrder = await api().get(list, { query: { order: 'accessToken' } });
        expect(badOrder.body).toMatchObject({
          sys: { id: 'InvalidQuery' },
          details: { errors: [{ name: 'unknown' }] },
        });
      }
      for (const body of [
        {},
        { name: '' },
        { name: 'x', description: 5 },
        { name: 'x', environments: [{ sys: { id: 7 } }] },
      ]) {
        const res = await api().post(s.keys, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body.details.errors.length).toBeGreaterThan(0);
      }
      const badId = await api().put(`${s.keys}/${'bad id!'}`, { name: 'x' });
      expect(badId.status).toBe(400);
      expect(badId.body.sys.id).toBe('BadRequest');
      expect((await api().put(one, { name: 'x' }, version('-1'))).status).toBe(400);
      expect((await api().put(one, {}, version(0))).status).toBe(422);
      expect(
        (
          await api().request('PUT', one, {
            rawBody: '{',
            headers: { 'Content-Type': 'application/json', ...version(0).headers },
          })
        ).body.sys.id,
      ).toBe('BadRequest');
      expect((await api().get(`${s.keys}/unknown`)).status).toBe(404);
      expect((await api().get(`${s.previews}/${key.sys.id}`)).status).toBe(404);
      expect((await api().delete(`${s.keys}/unknown`)).status).toBe(404);
      expect((await api().post('/spaces/nope/api_keys', { name: 'x' })).status).toBe(404);
      expect((await api().put('/spaces/nope/api_keys/x', { name: 'x' })).status).toBe(404);
      for (const [method, path] of [
        ['GET', s.keys],
        ['POST', s.keys],
        ['GET', one],
        ['PUT', one],
        ['DELETE', one],
        ['GET', s.previews],
        ['GET', previewOne],
      ]) {
        const res = await api().request(method, path, {
          token: 'bad',
          body: method === 'POST' || method === 'PUT' ? { name: 'x' } : undefined,
        });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body.sys.id).toBe('AccessTokenInvalid');
      }
      expect((await stored(s.keys)).items).toEqual([key]);
      expect((await stored(s.previews)).total).toBe(1);
    });
  });
}
