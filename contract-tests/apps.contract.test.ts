import { describe, expect, it } from 'vitest';
import { generateAppKeyPair } from '../src/domain/apps/app-key-material.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { ownOrganization } from './support/member-fixtures.ts';

const LOCATIONS = [
  { location: 'app-config' },
  { location: 'entry-field', fieldTypes: [{ type: 'Symbol' }, { type: 'Array', items: { type: 'Symbol' } }] },
  { location: 'page', navigationItem: { name: 'Reports', path: '/reports' } },
];
const DEFINITION = {
  name: 'Image tagging',
  src: 'https://apps.example.com/tagging/',
  locations: LOCATIONS,
  parameters: {
    instance: [{ id: 'strict', name: 'Strict', type: 'Boolean' }],
    installation: [{ id: 'apiKey', name: 'API key', type: 'Secret' }],
  },
};

for (const kind of DB_KINDS) {
  describe(`${kind}: app definitions, keys, event subscriptions and installations`, () => {
    const api = useServer(kind);
    const version = (v: number) => ({ headers: { [`${api().vendorPrefix}-Version`]: String(v) } });

    async function app(body: object = DEFINITION) {
      const org = await ownOrganization(api());
      const res = await api().post(`/organizations/${org}/app_definitions`, body);
      expect(res.status, res.text).toBe(201);
      return { org, id: res.body.sys.id as string, base: `/organizations/${org}/app_definitions/${res.body.sys.id}` };
    }

    it('creates, reads, lists, updates with the version and deletes an app definition', async () => {
      const { org, id, base } = await app();
      const got = await api().get(base);
      expect(got.status).toBe(200);
      expect(got.body).toMatchObject({
        ...DEFINITION,
        sys: { type: 'AppDefinition', id, version: 0, shared: false, organization: { sys: { id: org } } },
      });
      const list = await api().get(`/organizations/${org}/app_definitions`, { query: { limit: 1000 } });
      expect(list.body.items.map((d: any) => d.sys.id)).toContain(id);
      expect(list.body.total).toBe(list.body.items.length);

      const renamed = await api().put(base, { ...DEFINITION, name: 'Tagging' }, version(0));
      expect(renamed.status, renamed.text).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Tagging', sys: { version: 1 } });
      expect((await api().put(base, DEFINITION, version(0))).status).toBe(409);
      expect((await api().delete(base)).status).toBe(204);
      expect((await api().get(base)).status).toBe(404);
    });

    it('refuses invalid definitions with 422 naming each path, and stores nothing', async () => {
      const org = await ownOrganization(api());
      const path = `/organizations/${org}/app_definitions`;
      const before = (await api().get(path, { query: { limit: 1000 } })).body.total;
      const refused = async (body: object, where: Array<string | number>) => {
        const res = await api().post(path, body);
        expect(res.status, res.text).toBe(422);
        expect(res.body.details.errors.map((e: any) => e.path)).toContainEqual(where);
      };
      await refused({ ...DEFINITION, name: '' }, ['name']);
      await refused({ ...DEFINITION, src: 'http://apps.example.com/' }, ['src']);
      await refused({ ...DEFINITION, locations: [{ location: 'sidebar' }] }, ['locations', 0, 'location']);
      await refused({ ...DEFINITION, locations: [{ location: 'entry-field' }] }, ['locations', 0, 'fieldTypes']);
      await refused({ ...DEFINITION, locations: [{ location: 'entry-field', fieldTypes: [{ type: 'Color' }] }] }, [
        'locations',
        0,
        'fieldTypes',
        0,
      ]);
      await refused({ ...DEFINITION, locations: [{ location: 'dialog', navigationItem: { name: 'x', path: '/x' } }] }, [
        'locations',
        0,
        'navigationItem',
      ]);
      await refused({ ...DEFINITION, parameters: { instance: [{ id: 'k', name: 'K', type: 'Secret' }] } }, [
        'parameters',
        'instance',
        0,
        'type',
      ]);
      expect((await api().post(path, { ...DEFINITION, src: 'http://localhost:3000/' })).status).toBe(201);
      expect((await api().get(path, { query: { limit: 1000 } })).body.total).toBe(before + 1);
    });

    it('generates a key pair once, takes uploaded public keys, and holds at most 3 keys, each for one app', async () => {
      const { base } = await app();
      const generated = await api().post(`${base}/keys`, { generate: true });
      expect(generated.status, generated.text).toBe(201);
      const { jwk, sys } = generated.body;
      expect(jwk).toMatchObject({ alg: 'RS256', kty: 'RSA', use: 'sig', kid: sys.id, x5t: sys.id });
      expect(generated.body.generated.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
      const read = await api().get(`${base}/keys/${sys.id}`);
      expect(read.status).toBe(200);
      expect(read.body).not.toHaveProperty('generated');

      const local = await generateAppKeyPair();
      const { kid: _kid, x5t: _x5t, ...publicJwk } = local.jwk;
      const uploaded = await api().post(`${base}/keys`, { jwk: publicJwk });
      expect(uploaded.status, uploaded.text).toBe(201);
      expect(uploaded.body.sys.id).toBe(local.fingerprint);
      expect(uploaded.body).not.toHaveProperty('generated');

      const other = await app();
      const taken = await api().post(`${other.base}/keys`, { jwk: publicJwk });
      expect(taken.status, taken.text).toBe(422);
      const bad = await api().post(`${base}/keys`, { jwk: { ...publicJwk, alg: 'HS256' } });
      expect(bad.status).toBe(422);
      expect(bad.body.details.errors.map((e: any) => e.path)).toContainEqual(['jwk', 'alg']);
      expect((await api().post(`${base}/keys`, {})).status).toBe(422);

      expect((await api().post(`${base}/keys`, { generate: true })).status).toBe(201);
      const fourth = await api().post(`${base}/keys`, { generate: true });
      expect(fourth.status, fourth.text).toBe(422);
      const keys = await api().get(`${base}/keys`);
      expect(keys.body.items).toHaveLength(3);
      expect((await api().delete(`${base}/keys/${sys.id}`)).status).toBe(204);
      expect((await api().get(`${base}/keys/${sys.id}`)).status).toBe(404);
      expect((await api().get(`${other.base}/keys/${local.fingerprint}`)).status).toBe(404);
    });

    it('sets, reads and deletes the event subscription; refuses wildcards, unknown topics and http URLs', async () => {
      const { base } = await app();
      const path = `${base}/event_subscription`;
      expect((await api().get(path)).status).toBe(404);
      const body = { targetUrl: 'https://hooks.example.com/app', topics: ['Entry.publish', 'ContentType.save'] };
      const first = await api().put(path, body);
      expect(first.status, first.text).toBe(201);
      expect(first.body).toMatchObject({ ...body, sys: { type: 'AppEventSubscription' } });
      expect((await api().put(path, { ...body, topics: ['Asset.delete'] })).status).toBe(200);
      expect((await api().get(path)).body.topics).toEqual(['Asset.delete']);
      for (const bad of [
        { ...body, topics: ['Entry.*'] },
        { ...body, topics: ['ContentType.archive'] },
        { ...body, topics: ['Entry.publish', 'Entry.publish'] },
        { ...body, topics: [] },
        { ...body, targetUrl: 'http://hooks.example.com/app' },
      ]) {
        const res = await api().put(path, bad);
        expect(res.status, JSON.stringify(bad)).toBe(422);
      }
      expect((await api().get(path)).body.topics).toEqual(['Asset.delete']);
      expect((await api().delete(path)).status).toBe(204);
      expect((await api().get(path)).status).toBe(404);
    });

    it('installs an app per environment, replaces its parameters, copies it with the environment and uninstalls it', async () => {
      const { id } = await app();
      const space = await api().post('/spaces', { name: 'Apps' });
      const installations = `/spaces/${space.body.sys.id}/environments/master/app_installations`;
      const first = await api().put(`${installations}/${id}`, { parameters: { apiKey: 'k1' } });
      expect(first.status, first.text).toBe(201);
      expect(first.body).toMatchObject({
        parameters: { apiKey: 'k1' },
        sys: { type: 'AppInstallation', id, appDefinition: { sys: { linkType: 'AppDefinition', id } } },
      });
      expect(first.body.sys).not.toHaveProperty('version');
      const again = await api().put(`${installations}/${id}`, {});
      expect(again.status).toBe(200);
      expect(again.body).not.toHaveProperty('parameters');
      for (const parameters of [null, [], 'x', { big: 'x'.repeat(16 * 1024) }]) {
        const res = await api().put(`${installations}/${id}`, { parameters });
        expect(res.status, JSON.stringify(parameters).slice(0, 40)).toBe(422);
      }
      expect((await api().put(`${installations}/no-such-app`, {})).status).toBe(404);
      expect((await api().get(installations)).body.items.map((i: any) => i.sys.id)).toEqual([id]);

      const staging = await api().put(`/spaces/${space.body.sys.id}/environments/staging`, { name: 'Staging' });
      expect(staging.status, staging.text).toBe(201);
      const copied = `/spaces/${space.body.sys.id}/environments/staging/app_installations/${id}`;
      for (let i = 0; i < 100 && (await api().get(copied)).status !== 200; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await api().get(copied)).status).toBe(200);

      expect((await api().delete(`${installations}/${id}`)).status).toBe(204);
      expect((await api().get(`${installations}/${id}`)).status).toBe(404);
      expect((await api().get(copied)).status).toBe(200);
    });
  });
}
