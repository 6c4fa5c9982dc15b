import { describe, expect, it } from 'vitest';
import { contentFixtures, tagLink } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { useServer } from './support/harness.ts';

const MILLIS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const uploadFrom = (id: string) => ({ sys: { type: 'Link', linkType: 'Upload', id } });
const png = (source: Record<string, unknown>) => ({ contentType: 'image/png', fileName: 'a.png', ...source });
const processed = {
  contentType: 'image/png',
  fileName: 'a.png',
  url: '//assets.test/s/a/k/a.png',
  details: { size: 12, image: { width: 2, height: 3 } },
};

for (const kind of DB_KINDS) {
  describe(`${kind}: assets`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);
    const repo = () => api().tessera.storage.repos.assets;

    it('creates with POST and with PUT on both paths, in the published shape', async () => {
      const s = await f.space();
      const body = {
        fields: { title: { 'en-US': 'A', 'de-DE': 'B' }, file: { 'en-US': png({ uploadFrom: uploadFrom('up1') }) } },
      };
      const res = await api().post(s.m('assets'), body);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        metadata: { tags: [] },
        fields: body.fields,
        sys: {
          type: 'Asset',
          version: 1,
          publishedCounter: 0,
          space: { sys: { id: s.id } },
          environment: { sys: { id: 'master' } },
        },
      });
      expect(res.body.sys).not.toHaveProperty('contentType');
      expect(res.body.sys.createdAt).toMatch(MILLIS);
      expect(res.headers.get('location')).toMatch(new RegExp(`/spaces/${s.id}/assets/${res.body.sys.id}$`));
      expect((await api().get(`${s.e('master', 'assets')}/${res.body.sys.id}`)).body).toEqual(res.body);

      const put = await api().put(
        `${s.e('master', 'assets')}/logo`,
        { fields: { file: { 'en-US': png({ upload: 'https://example.test/a.png' }) } } },
        f.version(4),
      );
      expect(put.status).toBe(201);
      expect(put.body.sys).toMatchObject({ id: 'logo', version: 1 });
      expect(put.headers.get('location')).toMatch(/\/environments\/master\/assets\/logo$/);
      const again = await api().put(`${s.m('assets')}/logo`, { fields: {} });
      expect(again.status).toBe(409);
      const updated = await api().put(
        `${s.m('assets')}/logo`,
        { fields: { title: { 'en-US': 'Logo' } } },
        f.version(1),
      );
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ fields: { title: { 'en-US': 'Logo' } }, sys: { version: 2 } });
      expect(updated.body.fields).not.toHaveProperty('file');
      const nulls = await api().put(
        `${s.m('assets')}/logo`,
        { fields: { title: { 'en-US': null, 'de-DE': 'Logo' }, description: { 'en-US': null }, file: null } },
        f.version(2),
      );
      expect(nulls.status).toBe(200);
      expect(nulls.body.fields).toEqual({ title: { 'de-DE': 'Logo' } });
    });

    it('answers 422 InvalidEntry with the path of each shape problem, changing nothing', async () => {
      const s = await f.space();
      const res = await api().post(s.m('assets'), {
        fields: {
          title: { 'en-US': 5 },
          caption: { 'en-US': 'x' },
          description: { 'xx-XX': 'y' },
          file: {
            'en-US': { fileName: 'a.png', uploadFrom: { sys: { type: 'Link', linkType: 'Entry', id: 'u' } }, extra: 1 },
            'de-DE': png({ upload: 'ftp://x/a.png' }),
          },
        },
      });
      expect(res.status).toBe(422);
      expect(res.body.sys.id).toBe('InvalidEntry');
      expect(res.body.details.errors.map((e: any) => `${e.name} ${e.path.join('.')}`).sort()).toEqual(
        [
          'required fields.file.en-US.contentType',
          'unknown fields.description.xx-XX',
          'type fields.file.de-DE.upload',
          'type fields.file.en-US.uploadFrom',
          'type fields.title.en-US',
          'unknown fields.caption',
          'unknown fields.file.en-US.extra',
        ].sort(),
      );
      const noSource = await api().post(s.m('assets'), {
        fields: { file: { 'en-US': { contentType: 'image/png', fileName: 'a.png' } } },
      });
      expect(noSource.body.details.errors).toEqual([
        expect.objectContaining({ name: 'required', path: ['fields', 'file', 'en-US', 'upload'] }),
      ]);
      expect(await f.count('assets', s.id)).toBe(0);

      const id = (await api().post(s.m('assets'), { fields: { title: { 'en-US': 'ok' } } })).body.sys.id;
      const before = (await api().get(`${s.m('assets')}/${id}`)).body;
      const update = await api().put(
        `${s.m('assets')}/${id}`,
        { fields: { file: { 'en-US': png({ url: 7 }) } } },
        f.version(1),
      );
      expect(update.status).toBe(422);
      expect(update.body.details.errors).toEqual([
        expect.objectContaining({ name: 'type', path: ['fields', 'file', 'en-US', 'url'] }),
      ]);
      expect((await api().get(`${s.m('assets')}/${id}`)).body).toEqual(before);
    });

    it('publishes only processed assets: create 1, process 2, publish 3/2, and the whole lifecycle', async () => {
      const s = await f.space();
      const created = (
        await api().post(s.m('assets'), {
          fields: {
            title: { 'en-US': 'A' },
            file: { 'en-US': png({ uploadFrom: uploadFrom('u') }), 'de-DE': png({ uploadFrom: uploadFrom('u') }) },
          },
        })
      ).body;
      const at = `${s.m('assets')}/${created.sys.id}`;
      const unprocessed = await api().put(`${at}/published`, undefined, f.version(1));
      expect(unprocessed.status).toBe(422);
      expect(unprocessed.body).toMatchObject({ sys: { id: 'ValidationFailed' } });
      expect(unprocessed.body.details.errors.map((e: any) => `${e.name} ${e.path.join('.')}`).sort()).toEqual([
        'notProcessed fields.file.de-DE',
        'notProcessed fields.file.en-US',
      ]);

      const afterEn = await repo().updateFile(s.id, 'master', created.sys.id, 'en-US', processed, 1);
      expect(afterEn).toMatchObject({
        version: 2,
        fields: { file: { 'en-US': processed, 'de-DE': png({ uploadFrom: uploadFrom('u') }) } },
      });
      expect(await repo().updateFile(s.id, 'master', created.sys.id, 'de-DE', processed, 1)).toBeUndefined();
      expect((await api().put(`${at}/published`, undefined, f.version(2))).body.details.errors).toEqual([
        expect.objectContaining({ path: ['fields', 'file', 'de-DE'] }),
      ]);
      expect(await repo().updateFile(s.id, 'master', created.sys.id, 'de-DE', processed, undefined)).toMatchObject({
        version: 3,
      });
      expect(await repo().updateFile(s.id, 'master', 'missing', 'de-DE', processed, undefined)).toBeUndefined();

      let r = await api().put(`${s.e('master', 'assets')}/${created.sys.id}/published`, undefined, f.version(3));
      expect(r.status).toBe(200);
      expect(r.body.sys).toMatchObject({ version: 4, publishedVersion: 3, publishedCounter: 1 });
      expect(r.body.sys.firstPublishedAt).toMatch(MILLIS);
      expect((await f.row('assets', s.id, created.sys.id))?.published_fields).toEqual(r.body.fields);
      expect((await api().put(`${at}/archived`, undefined)).body).toMatchObject({
        sys: { id: 'BadRequest' },
        message: 'Cannot archive published',
      });
      expect((await api().delete(at)).body).toMatchObject({
        sys: { id: 'BadRequest' },
        message: 'Cannot delete published',
      });
      r = await api().delete(`${at}/published`);
      expect(r.body.sys).toMatchObject({ version: 5, publishedCounter: 1 });
      expect(r.body.sys).not.toHaveProperty('publishedVersion');
      expect((await api().delete(`${at}/published`)).body.message).toBe('Not published');
      r = await api().put(`${at}/archived`, undefined, f.version(5));
      expect(r.body.sys).toMatchObject({ version: 6, archivedVersion: 5 });
      expect((await api().put(`${at}/published`, undefined, f.version(6))).body.message).toBe(
        'Cannot publish archived',
      );
      r = await api().delete(`${s.e('master', 'assets')}/${created.sys.id}/archived`);
      expect(r.body.sys.version).toBe(7);
      expect((await api().delete(`${at}/archived`)).body.message).toBe('Not archived');
      expect((await api().delete(`${s.e('master', 'assets')}/${created.sys.id}`)).status).toBe(204);
      expect((await api().get(at)).body).toMatchObject({
        sys: { id: 'NotFound' },
        details: { type: 'Asset', id: created.sys.id },
      });
    });

    it('runs every operation on the environment path too, scoped to that environment', async () => {
      const s = await f.space();
      await environmentFixtures(api).readyEnvironment(s.id, 'staging');
      const base = s.e('staging', 'assets');
      const created = await api().post(base, { fields: { file: { 'en-US': processed } } });
      expect(created.status).toBe(201);
      expect(created.body.sys.environment.sys.id).toBe('staging');
      const at = `${base}/${created.body.sys.id}`;
      expect((await api().get(`${s.m('assets')}/${created.body.sys.id}`)).status).toBe(404);
      expect((await api().put(`${at}/published`, undefined, f.version(1))).body.sys.publishedVersion).toBe(1);
      expect((await api().delete(`${at}/published`)).body.sys.version).toBe(3);
      expect((await api().put(`${at}/archived`, undefined)).body.sys.archivedVersion).toBe(3);
      expect((await api().delete(`${at}/archived`)).body.sys.version).toBe(5);
      expect((await api().put(at, { fields: {} }, f.version(5))).body.sys.version).toBe(6);
      expect((await api().delete(at)).status).toBe(204);
      expect(await f.count('assets', s.id)).toBe(0);
    });

    it('needs a file in the default locale to publish', async () => {
      const s = await f.space();
      const id = (
        await api().post(s.m('assets'), { fields: { title: { 'en-US': 'no file' }, file: { 'de-DE': processed } } })
      ).body.sys.id;
      const res = await api().put(`${s.m('assets')}/${id}/published`, undefined, f.version(1));
      expect(res.status).toBe(422);
      expect(res.body.details.errors).toEqual([
        { name: 'required', path: ['fields', 'file', 'en-US'], details: 'No file specified for locale: en-US' },
      ]);
      expect((await api().get(`${s.m('assets')}/${id}`)).body.sys).not.toHaveProperty('publishedVersion');
    });

    it('carries metadata.tags and refuses unknown tags', async () => {
      const s = await f.space();
      await f.tag(s.id, 'hero');
      const res = await api().put(`${s.m('assets')}/t`, {
        fields: {},
        metadata: { tags: [tagLink('hero'), tagLink('hero')] },
      });
      expect(res.body.metadata.tags).toEqual([tagLink('hero')]);
      const bad = await api().put(
        `${s.m('assets')}/t`,
        { fields: {}, metadata: { tags: [tagLink('ghost')] } },
        f.version(1),
      );
      expect(bad.status).toBe(422);
      expect(bad.body.details.errors).toEqual([
        expect.objectContaining({ name: 'notResolvable', path: ['metadata', 'tags', 0] }),
      ]);
      expect((await api().get(`${s.m('assets')}/t`)).body.metadata.tags).toEqual([tagLink('hero')]);
    });

    it('refuses malformed input on every operation with a clear 4xx, changing nothing', async () => {
      const s = await f.space();
      const base = s.m('assets');
      const id = (await api().post(base, { fields: { title: { 'en-US': 'x' } } })).body.sys.id;
      const at = `${base}/${id}`;
      const before = (await api().get(at)).body;
      const bad = 'bad%20id!';
      const cases: Array<[string, () => Promise<{ status: number; body: any }>, number]> = [
        ['create with fields not an object', () => api().post(base, { fields: [] }), 422],
        [
          'create with a body that is not JSON',
          () => api().request('POST', base, { rawBody: '{', headers: { 'Content-Type': 'application/json' } }),
          400,
        ],
        ['get a malformed id', () => api().get(`${base}/${bad}`), 400],
        ['put a malformed id', () => api().put(`${base}/${bad}`, { fields: {} }), 400],
        ['update with a malformed version', () => api().put(at, { fields: {} }, f.version('v1')), 400],
        ['update without a version', () => api().put(at, { fields: {} }), 409],
        ['delete a malformed id', () => api().delete(`${base}/${bad}`), 400],
        ['publish without a version', () => api().put(`${at}/published`, undefined), 409],
        ['publish with a malformed version', () => api().put(`${at}/published`, undefined, f.version('1.5')), 400],
        ['unpublish a malformed id', () => api().delete(`${base}/${bad}/published`), 400],
        ['archive with a stale version', () => api().put(`${at}/archived`, undefined, f.version(9)), 409],
        ['unarchive a malformed id', () => api().delete(`${base}/${bad}/archived`), 400],
        ['get in an unknown environment', () => api().get(`${s.e('nope', 'assets')}/${id}`), 404],
        ['create in an unknown space', () => api().post('/spaces/nope/assets', { fields: {} }), 404],
        ['publish an unknown asset', () => api().put(`${base}/unknown/published`, undefined, f.version(1)), 404],
        ['unpublish an unknown asset', () => api().delete(`${base}/unknown/published`), 404],
        ['archive an unknown asset', () => api().put(`${base}/unknown/archived`, undefined), 404],
        ['unarchive an unknown asset', () => api().delete(`${base}/unknown/archived`), 404],
        ['delete an unknown asset', () => api().delete(`${base}/unknown`), 404],
      ];
      for (const [name, call, status] of cases) {
        const res = await call();
        expect(res.status, name).toBe(status);
        expect(res.body.sys.type, name).toBe('Error');
      }
      expect((await api().get(at)).body).toEqual(before);
      expect(await f.count('assets', s.id)).toBe(1);
    });
  });
}
