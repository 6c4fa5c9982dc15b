import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type ApiResponse } from './support/harness.ts';

const SECRET_VALUE = 'secret-header-value-7f3a9c';
const PASSWORD = 'basic-password-5e21d0';
const SIGNING_SECRET = 'Ab0+/=_-'.repeat(8);

const doc = (path: string) => ({ doc: path });
const valid = { name: 'Build', url: 'https://example.com/hooks/build', topics: ['Entry.publish'] };

/** A response's text holds none of the stored secrets. */
function expectNoSecrets(res: ApiResponse) {
  for (const secret of [SECRET_VALUE, PASSWORD, SIGNING_SECRET]) expect(res.text).not.toContain(secret);
}

for (const kind of DB_KINDS) {
  describe(`${kind}: webhook definitions`, () => {
    const api = useServer(kind, { env: { TESSERA_WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    const version = (v: number | string) => ({ headers: { [`${api().vendorPrefix}-Version`]: String(v) } });

    async function space() {
      const id = (await api().post('/spaces', { name: 'Webhooks' })).body.sys.id as string;
      return {
        id,
        hooks: `/spaces/${id}/webhook_definitions`,
        secret: `/spaces/${id}/webhook_settings/signing_secret`,
      };
    }

    it('creates with a generated id (201, version 0, defaults), reads, lists and deletes', async () => {
      const s = await space();
      const res = await api().post(s.hooks, valid);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        name: 'Build',
        url: 'https://example.com/hooks/build',
        topics: ['Entry.publish'],
        filters: null,
        headers: [],
        httpBasicUsername: null,
        active: true,
        transformation: null,
        sys: {
          type: 'WebhookDefinition',
          id: expect.stringMatching(/^[0-9A-Za-z]{22}$/),
          version: 0,
          space: { sys: { type: 'Link', linkType: 'Space', id: s.id } },
          createdBy: { sys: { type: 'Link', linkType: 'User', id: expect.any(String) } },
          createdAt: expect.stringMatching(/T\d\d:\d\d:\d\dZ$/),
          updatedBy: { sys: { type: 'Link', linkType: 'User', id: expect.any(String) } },
          updatedAt: expect.any(String),
        },
      });
      const id = res.body.sys.id;
      expect(res.headers.get('location')).toMatch(new RegExp(`/spaces/${s.id}/webhook_definitions/${id}$`));
      expect((await api().get(`${s.hooks}/${id}`)).body).toEqual(res.body);
      const second = await api().post(s.hooks, {
        ...valid,
        name: 'Search index',
        url: 'http://127.0.0.1:9/x',
        active: false,
        filters: [],
      });
      const list = await api().get(s.hooks);
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ sys: { type: 'Array' }, skip: 0, limit: 100, total: 2 });
      expect(list.body.items.map((d: any) => d.sys.id)).toEqual([id, second.body.sys.id]);
      const page = await api().get(s.hooks, { query: { skip: 1, limit: 1, order: '-sys.createdAt' } });
      expect(page.body).toMatchObject({ skip: 1, limit: 1, total: 2, items: [{ sys: { id } }] });
      expect((await api().get(s.hooks, { query: { active: 'false' } })).body.items.map((d: any) => d.name)).toEqual([
        'Search index',
      ]);
      expect((await api().get(s.hooks, { query: { 'name[match]': 'search' } })).body.total).toBe(1);
      expect((await api().get(s.hooks, { query: { 'secret[exists]': 'true' } })).status).toBe(400);

      expect((await api().delete(`${s.hooks}/${id}`)).status).toBe(204);
      expect((await api().get(`${s.hooks}/${id}`)).body).toMatchObject({
        sys: { id: 'NotFound' },
        details: { type: 'WebhookDefinition', id },
      });
      expect((await api().delete(`${s.hooks}/${id}`)).status).toBe(404);
      expect((await api().get(s.hooks)).body.total).toBe(1);
    });

    it('stores everything a definition holds and answers it back, secret values and the password left out', async () => {
      const s = await space();
      const body = {
        name: 'Everything',
        url: 'https://example.com/{ /payload/sys/id }',
        topics: ['Entry.*', '*.publish', 'ContentType.delete', '*.*'],
        filters: [
          { equals: [doc('sys.environment.sys.id'), 'staging'] },
          { not: { in: [doc('sys.contentType.sys.id'), ['a', 'b']] } },
          { regexp: [doc('sys.id'), { pattern: '^post-\\d+$' }] },
        ],
        headers: [
          { key: 'X-Plain', value: 'visible' },
          { key: 'X-Token', value: SECRET_VALUE, secret: true },
        ],
        httpBasicUsername: 'builder',
        httpBasicPassword: PASSWORD,
        active: true,
        transformation: {
          method: 'PUT',
          contentType: 'application/json; charset=utf-8',
          includeContentLength: true,
          body: { z: '{ /payload/sys/id }', a: [1, { b: null }] },
        },
      };
      const res = await api().post(s.hooks, body);
      expect(res.status).toBe(201);
      expectNoSecrets(res);
      const { httpBasicPassword: _omitted, ...answered } = body;
      expect(res.body).toMatchObject({
        ...answered,
        headers: [
          { key: 'X-Plain', value: 'visible' },
          { key: 'X-Token', secret: true },
        ],
      });
      expect(res.body).not.toHaveProperty('httpBasicPassword');
      // The transformation body is sent to receivers as given: its key order is kept.
      expect(Object.keys(res.body.transformation.body)).toEqual(['z', 'a']);
      const read = await api().get(`${s.hooks}/${res.body.sys.id}`);
      expect(read.body).toEqual(res.body);
      expectNoSecrets(read);
      expectNoSecrets(await api().get(s.hooks));
      const stored = await api().tessera.storage.repos.webhooks.find(s.id, res.body.sys.id);
      expect(stored).toMatchObject({
        httpBasicPassword: PASSWORD,
        headers: [
          { key: 'X-Plain', value: 'visible', secret: false },
          { key: 'X-Token', value: SECRET_VALUE, secret: true },
        ],
      });
    });

    it('creates with a chosen id by PUT without a version, updates with the version, keeps left-out secrets', async () => {
      const s = await space();
      const path = `${s.hooks}/deploy-hook`;
      const body = {
        ...valid,
        headers: [{ key: 'X-Token', value: SECRET_VALUE, secret: true }],
        httpBasicUsername: 'u',
        httpBasicPassword: PASSWORD,
      };
      const res = await api().put(path, body);
      expect(res.status).toBe(201);
      expect(res.body.sys).toMatchObject({ id: 'deploy-hook', version: 0 });
      expect(res.headers.get('location')).toMatch(/\/webhook_definitions\/deploy-hook$/);

      // Sent back as read (the secret without its value, no password): both are kept.
      const readBack = { ...res.body, name: 'Deploy' };
      const updated = await api().put(path, readBack, version(0));
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        name: 'Deploy',
        headers: [{ key: 'X-Token', secret: true }],
        httpBasicUsername: 'u',
        sys: { version: 1 },
      });
      expectNoSecrets(updated);
      expect(await api().tessera.storage.repos.webhooks.find(s.id, 'deploy-hook')).toMatchObject({
        headers: [{ key: 'X-Token', value: SECRET_VALUE, secret: true }],
        httpBasicPassword: PASSWORD,
        version: 1,
      });

      // Left-out headers are removed, a null password is removed.
      const cleared = await api().put(path, { ...valid, httpBasicUsername: 'u', httpBasicPassword: null }, version(1));
      expect(cleared.body).toMatchObject({ headers: [], sys: { version: 2 } });
      expect(await api().tessera.storage.repos.webhooks.find(s.id, 'deploy-hook')).toMatchObject({
        headers: [],
        httpBasicPassword: null,
      });
    });

    it('refuses a stale or missing version with 409 VersionMismatch and changes nothing', async () => {
      const s = await space();
      const path = `${s.hooks}/versioned`;
      await api().put(path, valid);
      expect((await api().put(path, { ...valid, name: 'Second' }, version(0))).status).toBe(200);
      const stale = await api().put(path, { ...valid, name: 'Stale' }, version(0));
      expect(stale.status).toBe(409);
      expect(stale.body.sys.id).toBe('VersionMismatch');
      const missing = await api().put(path, { ...valid, name: 'Missing' });
      expect(missing.status).toBe(409);
      expect((await api().get(path)).body).toMatchObject({ name: 'Second', sys: { version: 1 } });
      expect((await api().put(`${s.hooks}/absent`, valid, version(3))).status).toBe(201);
    });

    const refusals: Array<[string, Record<string, unknown>, unknown[]]> = [
      ['topics missing', { name: 'x', url: 'https://example.com' }, ['topics']],
      ['topics empty', { ...valid, topics: [] }, ['topics']],
      ['a malformed topic', { ...valid, topics: ['Entry.publish', 'Entry'] }, ['topics', 1]],
      ['an unknown topic type', { ...valid, topics: ['Space.create'] }, ['topics', 0]],
      ['an action the type lacks', { ...valid, topics: ['ContentType.archive'] }, ['topics', 0]],
      [
        'a filter on an unknown path',
        { ...valid, filters: [{ equals: [doc('fields.title'), 'x'] }] },
        ['filters', 0, 'equals', 0, 'doc'],
      ],
      ['an unknown filter operator', { ...valid, filters: [{ exists: [doc('sys.id'), true] }] }, ['filters', 0]],
      [
        'a bad regexp',
        { ...valid, filters: [{ regexp: [doc('sys.id'), { pattern: '([a-z' }] }] },
        ['filters', 0, 'regexp', 1, 'pattern'],
      ],
      [
        'an unknown transformation method',
        { ...valid, transformation: { method: 'HEAD' } },
        ['transformation', 'method'],
      ],
      [
        'an unknown transformation content type',
        { ...valid, transformation: { contentType: 'text/xml' } },
        ['transformation', 'contentType'],
      ],
      [
        'a non-boolean includeContentLength',
        { ...valid, transformation: { includeContentLength: 'yes' } },
        ['transformation', 'includeContentLength'],
      ],
      [
        'a secret header without a value',
        { ...valid, headers: [{ key: 'X-Token', secret: true }] },
        ['headers', 0, 'value'],
      ],
      [
        'a header key that is no HTTP name',
        { ...valid, headers: [{ key: 'X Token', value: 'a' }] },
        ['headers', 0, 'key'],
      ],
      ['a URL that is not http(s)', { ...valid, url: 'ftp://example.com/file' }, ['url']],
      ['a URL over 2048 characters', { ...valid, url: `https://example.com/${'a'.repeat(2040)}` }, ['url']],
    ];

    it.each(refusals)('refuses %s with 422 naming the path, storing nothing', async (_label, body, path) => {
      const s = await space();
      const created = await api().post(s.hooks, body);
      expect(created.status).toBe(422);
      expect(created.body.sys.id).toBe('ValidationFailed');
      expect(created.body.details.errors.map((e: any) => e.path)).toContainEqual(path);
      expect((await api().put(`${s.hooks}/chosen`, body)).status).toBe(422);
      expect((await api().get(s.hooks)).body.total).toBe(0);
      expect((await api().get(`${s.hooks}/chosen`)).status).toBe(404);

      // On an update too: the stored definition stays as it was.
      await api().put(`${s.hooks}/kept`, {
        ...valid,
        headers: [{ key: 'X-Stored', value: SECRET_VALUE, secret: true }],
      });
      const update = await api().put(`${s.hooks}/kept`, body, version(0));
      expect(update.status).toBe(422);
      expectNoSecrets(update);
      expect((await api().get(`${s.hooks}/kept`)).body).toMatchObject({ ...valid, sys: { version: 0 } });
    });

    it('keeps the stored secret only for a header that was secret under that key', async () => {
      const s = await space();
      await api().put(`${s.hooks}/h`, {
        ...valid,
        headers: [
          { key: 'X-Token', value: SECRET_VALUE, secret: true },
          { key: 'X-Plain', value: 'p' },
        ],
      });
      const res = await api().put(
        `${s.hooks}/h`,
        { ...valid, headers: [{ key: 'X-Plain', secret: true }] },
        version(0),
      );
      expect(res.status).toBe(422);
      expect(res.body.details.errors.map((e: any) => e.path)).toEqual([['headers', 0, 'value']]);
    });

    it('sets, reads (redacted), replaces and deletes the signing secret', async () => {
      const s = await space();
      expect((await api().get(s.secret)).body).toMatchObject({ sys: { id: 'NotFound' } });
      const set = await api().put(s.secret, { value: SIGNING_SECRET });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({
        redactedValue: SIGNING_SECRET.slice(-4),
        sys: {
          type: 'WebhookSigningSecret',
          version: 1,
          space: { sys: { type: 'Link', linkType: 'Space', id: s.id } },
          createdBy: expect.any(Object),
          createdAt: expect.any(String),
          updatedBy: expect.any(Object),
          updatedAt: expect.any(String),
        },
      });
      expectNoSecrets(set);
      const read = await api().get(s.secret);
      expect(read.body).toEqual(set.body);
      expectNoSecrets(read);
      const replacement = 'f'.repeat(60) + 'abcd';
      expect((await api().put(s.secret, { value: replacement })).body).toMatchObject({
        redactedValue: 'abcd',
        sys: { version: 2 },
      });
      expect(await api().tessera.storage.repos.webhooks.signingSecret(s.id)).toBe(replacement);

      for (const value of ['short', 'x'.repeat(65), `${'a'.repeat(63)}!`, `${'a'.repeat(63)} `, 64, null]) {
        const refused = await api().put(s.secret, { value });
        expect(refused.status, String(value)).toBe(422);
        expect(refused.body.details.errors[0].path).toEqual(['value']);
      }
      expect(await api().tessera.storage.repos.webhooks.signingSecret(s.id)).toBe(replacement);

      expect((await api().delete(s.secret)).status).toBe(204);
      expect((await api().get(s.secret)).status).toBe(404);
      expect((await api().delete(s.secret)).status).toBe(404);
      expect(await api().tessera.storage.repos.webhooks.signingSecret(s.id)).toBeUndefined();
    });
  });

  describe(`${kind}: webhook targets without TESSERA_WEBHOOK_ALLOW_PRIVATE_TARGETS`, () => {
    const api = useServer(kind);

    it('refuses loopback, private and link-local hosts and odd ports, storing nothing', async () => {
      const spaceId = (await api().post('/spaces', { name: 'Public only' })).body.sys.id;
      const hooks = `/spaces/${spaceId}/webhook_definitions`;
      for (const url of [
        'http://127.0.0.1:8080/',
        'http://localhost/hook',
        'http://[::1]/',
        'http://10.0.0.5/',
        'http://192.168.1.10/',
        'http://169.254.169.254/latest/meta-data',
        'http://0.0.0.0/',
        'https://example.com:22/',
      ]) {
        const res = await api().post(hooks, { ...valid, url });
        expect(res.status, url).toBe(422);
        expect(
          res.body.details.errors.map((e: any) => e.path),
          url,
        ).toEqual([['url']]);
      }
      expect((await api().post(hooks, { ...valid, url: 'https://example.com:8443/hook' })).status).toBe(201);
      expect((await api().get(hooks)).body.total).toBe(1);
    });
  });
}
