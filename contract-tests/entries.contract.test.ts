import { describe, expect, it } from 'vitest';
import { contentFixtures } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { useServer } from './support/harness.ts';

const MILLIS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

for (const kind of DB_KINDS) {
  describe(`${kind}: entries`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);
    const envs = environmentFixtures(api);

    async function setup() {
      const s = await f.space();
      await f.contentType(s.id, 'post', [
        { id: 'title', type: 'Symbol' },
        { id: 'body', type: 'Text', localized: true },
      ]);
      return s;
    }
    const post = (path: string, body: unknown, ct = 'post') => api().post(path, body, f.ctHeader(ct));

    it('creates with POST on both paths: 201, version 1, the published shape, and GET answers the same', async () => {
      const s = await setup();
      const res = await post(s.m('entries'), {
        fields: { title: { 'en-US': 'Hello' }, body: { 'en-US': 'Hi', 'de-DE': 'Hallo' } },
      });
      expect(res.status).toBe(201);
      const e = res.body;
      expect(e).toMatchObject({
        metadata: { tags: [] },
        fields: { title: { 'en-US': 'Hello' }, body: { 'en-US': 'Hi', 'de-DE': 'Hallo' } },
        sys: {
          type: 'Entry',
          version: 1,
          publishedCounter: 0,
          space: { sys: { type: 'Link', linkType: 'Space', id: s.id } },
          environment: { sys: { type: 'Link', linkType: 'Environment', id: 'master' } },
          contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'post' } },
          createdBy: { sys: { type: 'Link', linkType: 'User' } },
        },
      });
      expect(e.sys.id).toMatch(/^[0-9A-Za-z]{22}$/);
      expect(e.sys.createdAt).toMatch(MILLIS);
      expect(e.sys.updatedAt).toBe(e.sys.createdAt);
      for (const absent of [
        'publishedVersion',
        'publishedAt',
        'publishedBy',
        'firstPublishedAt',
        'archivedVersion',
        'archivedAt',
      ])
        expect(e.sys).not.toHaveProperty(absent);
      expect(res.headers.get('location')).toMatch(new RegExp(`/spaces/${s.id}/entries/${e.sys.id}$`));
      expect(res.headers.get('content-type')).toContain(
        `application/vnd.${api().tessera.config.vendor.token}.management.v1+json`,
      );
      expect((await api().get(`${s.m('entries')}/${e.sys.id}`)).body).toEqual(e);
      expect((await api().get(`${s.e('master', 'entries')}/${e.sys.id}`)).body).toEqual(e);

      const viaEnv = await post(s.e('master', 'entries'), { fields: { title: { 'en-US': 'Two' } } });
      expect(viaEnv.status).toBe(201);
      expect(viaEnv.headers.get('location')).toMatch(new RegExp(`/environments/master/entries/${viaEnv.body.sys.id}$`));
      expect(await f.count('entries', s.id)).toBe(2);
    });

    it('follows the version arithmetic: create 1/-, publish 2/1, update 3/1, publish 4/3, update 5/3, publish 6/5, unpublish, archive, unarchive', async () => {
      const s = await setup();
      const base = s.m('entries');
      const id = (await post(base, { fields: { title: { 'en-US': 'v1' } } })).body.sys.id;
      const at = `${base}/${id}`;
      const publish = (v: number) => api().put(`${at}/published`, undefined, f.version(v));
      const update = (v: number, title: string) =>
        api().put(at, { fields: { title: { 'en-US': title } } }, f.version(v));

      let r = await publish(1);
      expect(r.status).toBe(200);
      expect(r.body.sys).toMatchObject({ version: 2, publishedVersion: 1, publishedCounter: 1 });
      expect(r.body.sys.publishedAt).toMatch(MILLIS);
      expect(r.body.sys.firstPublishedAt).toBe(r.body.sys.publishedAt);
      const first = r.body.sys.firstPublishedAt;
      r = await update(2, 'v3');
      expect(r.body.sys).toMatchObject({ version: 3, publishedVersion: 1, publishedCounter: 1 });
      r = await publish(3);
      expect(r.body.sys).toMatchObject({
        version: 4,
        publishedVersion: 3,
        publishedCounter: 2,
        firstPublishedAt: first,
      });
      r = await update(4, 'v5');
      expect(r.body.sys).toMatchObject({ version: 5, publishedVersion: 3 });
      r = await publish(5);
      expect(r.body.sys).toMatchObject({
        version: 6,
        publishedVersion: 5,
        publishedCounter: 3,
        firstPublishedAt: first,
      });
      expect((await f.row('entries', s.id, id))?.published_fields).toEqual({ title: { 'en-US': 'v5' } });

      r = await api().delete(`${at}/published`);
      expect(r.status).toBe(200);
      expect(r.body.sys).toMatchObject({ version: 7, publishedCounter: 3, firstPublishedAt: first });
      for (const gone of ['publishedVersion', 'publishedAt', 'publishedBy'])
        expect(r.body.sys).not.toHaveProperty(gone);
      expect((await f.row('entries', s.id, id))?.published_fields).toBeNull();

      r = await api().put(`${at}/archived`, undefined);
      expect(r.status).toBe(200);
      expect(r.body.sys).toMatchObject({ version: 8, archivedVersion: 7, archivedBy: { sys: { linkType: 'User' } } });
      expect(r.body.sys.archivedAt).toMatch(MILLIS);
      r = await api().delete(`${s.e('master', 'entries')}/${id}/archived`, f.version(8));
      expect(r.status).toBe(200);
      expect(r.body.sys.version).toBe(9);
      for (const gone of ['archivedVersion', 'archivedAt', 'archivedBy']) expect(r.body.sys).not.toHaveProperty(gone);

      expect((await api().delete(at)).status).toBe(204);
      expect((await api().get(at)).body).toMatchObject({
        sys: { id: 'NotFound' },
        details: { type: 'Entry', id, space: s.id },
      });
    });

    it('runs every operation on the environment path too, scoped to that environment', async () => {
      const s = await setup();
      await api().put(
        `/spaces/${s.id}/environments/master/entries/x`,
        { fields: { title: { 'en-US': 'x' } } },
        f.ctHeader('post'),
      );
      const staging = await envs.readyEnvironment(s.id, 'staging');
      expect(staging.sys.id).toBe('staging');
      const base = s.e('staging', 'entries');
      expect((await api().get(`${base}/x`)).status).toBe(200); // copied with the environment
      const created = await post(base, { fields: { title: { 'en-US': 'only here' } } });
      expect(created.body.sys.environment.sys.id).toBe('staging');
      const id = created.body.sys.id;
      expect((await api().get(`${s.m('entries')}/${id}`)).status).toBe(404);
      expect((await api().put(`${base}/${id}/published`, undefined, f.version(1))).body.sys.publishedVersion).toBe(1);
      expect((await api().delete(`${base}/${id}/published`)).body.sys.version).toBe(3);
      expect((await api().put(`${base}/${id}/archived`, undefined, f.version(3))).body.sys.archivedVersion).toBe(3);
      expect((await api().delete(`${base}/${id}/archived`)).body.sys.version).toBe(5);
      expect((await api().put(`${base}/${id}`, { fields: {} }, f.version(5))).body.sys.version).toBe(6);
      expect((await api().delete(`${base}/${id}`)).status).toBe(204);
    });

    it('PUT with a chosen id creates with the content type header (version ignored), else 400; an existing id needs its version', async () => {
      const s = await setup();
      const at = `${s.m('entries')}/my-entry.1`;
      const missing = await api().put(at, { fields: { title: { 'en-US': 'x' } } });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({
        sys: { type: 'Error', id: 'BadRequest' },
        message: `You should provide a content type in ${api().vendorPrefix}-Content-Type request header.`,
        details: null,
      });
      expect(await f.row('entries', s.id, 'my-entry.1')).toBeUndefined();

      const created = await api().put(
        at,
        { fields: { title: { 'en-US': 'x' } } },
        { headers: { ...f.ctHeader('post').headers, ...f.version(7).headers } },
      );
      expect(created.status).toBe(201);
      expect(created.body.sys).toMatchObject({ id: 'my-entry.1', version: 1 });
      expect(created.headers.get('location')).toMatch(/\/entries\/my-entry\.1$/);

      const again = await api().put(at, { fields: { title: { 'en-US': 'y' } } }, f.ctHeader('post'));
      expect(again.status).toBe(409);
      expect(again.body.sys.id).toBe('VersionMismatch');
      const stale = await api().put(at, { fields: { title: { 'en-US': 'y' } } }, f.version(5));
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ sys: { id: 'VersionMismatch' }, details: { expected: 1, provided: 5 } });
      expect((await api().get(at)).body).toEqual(created.body);

      // Whole-body replacement: fields left out are cleared; sys in the body is ignored; the content type never changes.
      const updated = await api().put(
        `${s.e('master', 'entries')}/my-entry.1`,
        { sys: { id: 'other', version: 99 }, fields: { body: { 'de-DE': 'neu' } } },
        { headers: { ...f.ctHeader('nope').headers, ...f.version(1).headers } },
      );
      expect(updated.status).toBe(200);
      expect(updated.body.fields).toEqual({ body: { 'de-DE': 'neu' } });
      expect(updated.body.sys).toMatchObject({ id: 'my-entry.1', version: 2, contentType: { sys: { id: 'post' } } });
      expect(updated.body.sys.updatedAt >= created.body.sys.updatedAt).toBe(true);
    });

    it('answers every state error with 400 and its message, changing nothing', async () => {
      const s = await setup();
      const id = (await post(s.m('entries'), { fields: { title: { 'en-US': 'x' } } })).body.sys.id;
      const at = `${s.m('entries')}/${id}`;
      const unchanged = async (expected: unknown) => expect((await api().get(at)).body).toEqual(expected);
      const expectBad = (res: { status: number; body: any }, message: string) => {
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ sys: { type: 'Error', id: 'BadRequest' }, message });
      };

      let current = (await api().get(at)).body;
      expectBad(await api().delete(`${at}/published`), 'Not published');
      expectBad(await api().delete(`${at}/archived`), 'Not archived');
      await unchanged(current);

      current = (await api().put(`${at}/published`, undefined, f.version(1))).body;
      expectBad(await api().delete(at), 'Cannot delete published');
      expectBad(await api().put(`${at}/archived`, undefined), 'Cannot archive published');
      await unchanged(current);

      await api().delete(`${at}/published`);
      current = (await api().put(`${at}/archived`, undefined)).body;
      expectBad(
        await api().put(`${at}/published`, undefined, f.version(current.sys.version)),
        'Cannot publish archived',
      );
      expectBad(await api().put(`${at}/archived`, undefined), 'Already archived');
      await unchanged(current);
      expect((await f.row('entries', s.id, id))?.published_fields).toBeNull();
    });

    it('checks versions: publish needs one; archive and unarchive check one only when sent; unpublish and delete ignore it', async () => {
      const s = await setup();
      const id = (await post(s.m('entries'), { fields: { title: { 'en-US': 'x' } } })).body.sys.id;
      const at = `${s.m('entries')}/${id}`;
      const before = (await api().get(at)).body;
      for (const res of [
        await api().put(`${at}/published`, undefined),
        await api().put(`${at}/published`, undefined, f.version(2)),
        await api().put(`${at}/archived`, undefined, f.version(0)),
        await api().put(at, { fields: {} }),
      ]) {
        expect(res.status).toBe(409);
        expect(res.body.sys.id).toBe('VersionMismatch');
      }
      expect((await api().get(at)).body).toEqual(before);
      expect((await api().put(`${at}/published`, undefined, f.version(1))).status).toBe(200);
      expect((await api().delete(`${at}/published`, f.version(99))).status).toBe(200);
      expect((await api().put(`${at}/archived`, undefined, f.version(3))).status).toBe(200);
      expect((await api().delete(`${at}/archived`, f.version(1))).status).toBe(409);
      expect((await api().delete(`${at}/archived`)).status).toBe(200);
      expect((await api().delete(at, f.version(99))).status).toBe(204);
    });

    it('refuses malformed input on every operation with a clear 4xx, changing nothing', async () => {
      const s = await setup();
      const base = s.m('entries');
      const id = (await post(base, { fields: { title: { 'en-US': 'x' } } })).body.sys.id;
      const at = `${base}/${id}`;
      const before = (await api().get(at)).body;
      const bad = 'bad%20id!';
      const cases: Array<[string, Promise<{ status: number; body: any }>, number]> = [
        ['create without content type header', api().post(base, { fields: {} }), 400],
        ['create with a malformed content type header', api().post(base, { fields: {} }, f.ctHeader('bad id!')), 400],
        ['create with fields not an object', post(base, { fields: 'x' }), 422],
        [
          'create with a malformed tag link',
          post(base, { metadata: { tags: [{ sys: { type: 'Link', linkType: 'Entry', id: 't' } }] } }),
          422,
        ],
        ['get a malformed id', api().get(`${base}/${bad}`), 400],
        ['put a malformed id', api().put(`${base}/${bad}`, { fields: {} }, f.ctHeader('post')), 400],
        ['put with a malformed version', api().put(at, { fields: {} }, f.version('abc')), 400],
        ['put with a locale value that is not an object', api().put(at, { fields: { title: 5 } }, f.version(1)), 422],
        ['delete a malformed id', api().delete(`${base}/${bad}`), 400],
        ['publish with a malformed version', api().put(`${at}/published`, undefined, f.version('-1')), 400],
        ['unpublish a malformed id', api().delete(`${base}/${bad}/published`), 400],
        ['archive with a malformed version', api().put(`${at}/archived`, undefined, f.version('x')), 400],
        ['unarchive a malformed id', api().delete(`${base}/${bad}/archived`), 400],
        ['get in an unknown environment', api().get(`${s.e('nope', 'entries')}/${id}`), 404],
        ['create in an unknown space', post('/spaces/nope/entries', { fields: {} }), 404],
        ['get an unknown entry', api().get(`${base}/unknown`), 404],
        ['publish an unknown entry', api().put(`${base}/unknown/published`, undefined, f.version(1)), 404],
        ['unpublish an unknown entry', api().delete(`${base}/unknown/published`), 404],
        ['archive an unknown entry', api().put(`${base}/unknown/archived`, undefined), 404],
        ['unarchive an unknown entry', api().delete(`${base}/unknown/archived`), 404],
        ['delete an unknown entry', api().delete(`${base}/unknown`), 404],
      ];
      for (const [name, promise, status] of cases) {
        const res = await promise;
        expect(res.status, name).toBe(status);
        expect(res.body.sys.type, name).toBe('Error');
        expect(typeof res.body.message, name).toBe('string');
      }
      expect((await api().get(at)).body).toEqual(before);
      expect(await f.count('entries', s.id)).toBe(1);
    });

    it('hides entries of spaces the user is not a member of', async () => {
      const s = await setup();
      const id = (await post(s.m('entries'), { fields: {} })).body.sys.id;
      const stranger = await envs.otherUser();
      expect((await api().get(`${s.m('entries')}/${id}`, { token: stranger })).status).toBe(404);
      expect(
        (await api().post(s.m('entries'), { fields: {} }, { token: stranger, headers: f.ctHeader('post').headers }))
          .status,
      ).toBe(404);
      expect(await f.count('entries', s.id)).toBe(1);
    });
  });
}
