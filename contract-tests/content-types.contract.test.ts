import { describe, expect, it } from 'vitest';
import { contentFixtures } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { useServer } from './support/harness.ts';

const MILLIS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const symbol = (id: string, extra: Record<string, unknown> = {}) => ({ id, name: id, type: 'Symbol', ...extra });

for (const kind of DB_KINDS) {
  describe(`${kind}: content types`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);
    const envs = environmentFixtures(api);

    async function setup() {
      const s = await f.space();
      return { ...s, ct: (id = '') => `${s.m('content_types')}${id ? `/${id}` : ''}` };
    }
    /** Creates `id` with PUT and answers the body. */
    async function created(s: Awaited<ReturnType<typeof setup>>, id: string, body: Record<string, unknown>) {
      const res = await api().put(s.ct(id), body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    }
    const activate = (s: Awaited<ReturnType<typeof setup>>, id: string, version: number) =>
      api().put(`${s.ct(id)}/published`, undefined, f.version(version));
    const stored = async (s: Awaited<ReturnType<typeof setup>>, id: string) => (await api().get(s.ct(id))).body;

    it('creates with PUT (chosen id) on both paths, in the published shape, every flag explicit', async () => {
      const s = await setup();
      const res = await api().put(s.ct('post'), {
        name: 'Post',
        description: 'Posts',
        displayField: 'title',
        fields: [
          symbol('title', { required: true }),
          { id: 'author', name: 'Author', type: 'Link', linkType: 'Entry' },
          { id: 'tags', name: 'Tags', type: 'Array', items: { type: 'Symbol' } },
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        sys: {
          type: 'ContentType',
          id: 'post',
          version: 1,
          publishedCounter: 0,
          space: { sys: { type: 'Link', linkType: 'Space', id: s.id } },
          environment: { sys: { type: 'Link', linkType: 'Environment', id: 'master' } },
          createdAt: expect.stringMatching(MILLIS),
          updatedAt: expect.stringMatching(MILLIS),
          createdBy: { sys: { type: 'Link', linkType: 'User', id: expect.any(String) } },
          updatedBy: { sys: { type: 'Link', linkType: 'User', id: expect.any(String) } },
          urn: `crn:service:::content:spaces/${s.id}/environments/master/content_types/post`,
        },
        name: 'Post',
        description: 'Posts',
        displayField: 'title',
        fields: [
          {
            id: 'title',
            name: 'title',
            type: 'Symbol',
            localized: false,
            required: true,
            disabled: false,
            omitted: false,
            validations: [],
          },
          {
            id: 'author',
            name: 'Author',
            type: 'Link',
            linkType: 'Entry',
            localized: false,
            required: false,
            disabled: false,
            omitted: false,
            validations: [],
          },
          {
            id: 'tags',
            name: 'Tags',
            type: 'Array',
            items: { type: 'Symbol', validations: [] },
            localized: false,
            required: false,
            disabled: false,
            omitted: false,
            validations: [],
          },
        ],
      });
      expect(res.headers.get('location')).toMatch(new RegExp(`/spaces/${s.id}/content_types/post$`));
      expect(res.headers.get('content-type')).toContain(
        `application/vnd.${api().tessera.config.vendor.token}.management.v1+json`,
      );
      expect(await stored(s, 'post')).toEqual(res.body);
      expect((await api().get(`${s.e('master', 'content_types')}/post`)).body).toEqual(res.body);
      const viaEnv = await api().put(`${s.e('master', 'content_types')}/page`, { name: 'Page' });
      expect(viaEnv.status).toBe(201);
      expect(viaEnv.body).toMatchObject({ name: 'Page', description: null, displayField: null, fields: [] });
      expect(viaEnv.headers.get('location')).toMatch(/\/environments\/master\/content_types\/page$/);
    });

    it('serves every operation on the environment path too', async () => {
      const s = await setup();
      const base = s.e('master', 'content_types');
      const made = await api().post(base, { name: 'Env', fields: [symbol('title')] });
      expect(made.status).toBe(201);
      expect(made.headers.get('location')).toMatch(
        new RegExp(`/environments/master/content_types/${made.body.sys.id}$`),
      );
      const id = made.body.sys.id;
      expect((await api().get(base)).body).toMatchObject({ total: 1, items: [{ sys: { id } }] });
      expect((await api().put(`${base}/${id}/published`, undefined, f.version(1))).body.sys.publishedVersion).toBe(1);
      expect((await api().delete(`${base}/${id}`)).status).toBe(400);
      expect((await api().delete(`${base}/${id}/published`)).body.sys).toMatchObject({
        version: 3,
        publishedCounter: 1,
      });
      expect((await api().delete(`${base}/${id}`)).status).toBe(204);
      expect((await api().get(`${base}/${id}`)).status).toBe(404);
    });

    it('creates with POST and a generated id', async () => {
      const s = await setup();
      const res = await api().post(s.ct(), { name: 'Generated', fields: [symbol('a')] });
      expect(res.status).toBe(201);
      expect(res.body.sys.id).toMatch(/^[0-9A-Za-z]{22}$/);
      expect(res.headers.get('location')).toMatch(new RegExp(`/content_types/${res.body.sys.id}$`));
      expect((await stored(s, res.body.sys.id)).name).toBe('Generated');
    });

    it('lists with paging, orders by name or sys fields, and refuses an unknown order without side effects', async () => {
      const s = await setup();
      for (const [id, name] of [
        ['c1', 'Zebra'],
        ['c2', 'Apple'],
        ['c3', 'Mango'],
      ])
        await created(s, id, { name });
      const all = await api().get(s.ct());
      expect(all.body).toMatchObject({ sys: { type: 'Array' }, total: 3, skip: 0, limit: 100 });
      expect(all.body.items.map((i: any) => i.sys.id)).toEqual(['c1', 'c2', 'c3']);
      expect((await api().get(s.ct(), { query: { order: 'name' } })).body.items.map((i: any) => i.name)).toEqual([
        'Apple',
        'Mango',
        'Zebra',
      ]);
      expect((await api().get(s.ct(), { query: { order: '-sys.id', limit: 1, skip: 1 } })).body).toMatchObject({
        total: 3,
        skip: 1,
        limit: 1,
        items: [{ sys: { id: 'c2' } }],
      });
      const bad = await api().get(s.ct(), { query: { order: 'fields.title' } });
      expect(bad.status).toBe(400);
      expect(bad.body.sys.id).toBe('InvalidQuery');
      expect(bad.body.details.errors[0]).toMatchObject({ name: 'unknown', path: ['fields', 'title'] });
      const badLimit = await api().get(s.ct(), { query: { limit: 'many' } });
      expect(badLimit.status).toBe(400);
      expect((await api().get(s.ct())).body.total).toBe(3);
    });

    it('updates the whole body at the current version; a missing or stale version is 409 and changes nothing', async () => {
      const s = await setup();
      await created(s, 'post', { name: 'Post', description: 'd', fields: [symbol('title')] });
      const noVersion = await api().put(s.ct('post'), { name: 'Changed' });
      expect(noVersion.status).toBe(409);
      expect(noVersion.body.sys.id).toBe('VersionMismatch');
      const stale = await api().put(s.ct('post'), { name: 'Changed' }, f.version(7));
      expect(stale.status).toBe(409);
      expect(stale.body.details).toEqual({ expected: 1, provided: 7 });
      expect(await stored(s, 'post')).toMatchObject({ name: 'Post', sys: { version: 1 } });
      const res = await api().put(
        s.ct('post'),
        { name: 'Changed', fields: [symbol('title'), symbol('slug')] },
        f.version(1),
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'Changed', description: null, sys: { version: 2 } });
      expect(res.body.fields.map((x: any) => x.id)).toEqual(['title', 'slug']);
      const badHeader = await api().put(s.ct('post'), { name: 'X' }, f.version('two'));
      expect(badHeader.status).toBe(400);
      expect((await stored(s, 'post')).sys.version).toBe(2);
    });

    it('follows the version arithmetic of activation and deactivation', async () => {
      const s = await setup();
      await created(s, 'post', { name: 'Post', fields: [symbol('title')] });
      expect((await activate(s, 'post', 0)).status).toBe(409);
      expect((await api().put(`${s.ct('post')}/published`, undefined)).status).toBe(409);
      expect((await stored(s, 'post')).sys).not.toHaveProperty('publishedVersion');

      const first = await activate(s, 'post', 1);
      expect(first.status).toBe(200);
      expect(first.body.sys).toMatchObject({ version: 2, publishedVersion: 1, publishedCounter: 1 });
      expect(first.body.sys.publishedAt).toMatch(MILLIS);
      expect(first.body.sys.firstPublishedAt).toBe(first.body.sys.publishedAt);
      expect(first.body.sys.publishedBy).toMatchObject({ sys: { linkType: 'User' } });
      const update = await api().put(s.ct('post'), { name: 'Post 2', fields: [symbol('title')] }, f.version(2));
      expect(update.body.sys).toMatchObject({ version: 3, publishedVersion: 1, publishedCounter: 1 });
      const second = await activate(s, 'post', 3);
      expect(second.body.sys).toMatchObject({
        version: 4,
        publishedVersion: 3,
        publishedCounter: 2,
        firstPublishedAt: first.body.sys.firstPublishedAt,
      });

      const off = await api().delete(`${s.ct('post')}/published`);
      expect(off.status).toBe(200);
      expect(off.body.sys).toMatchObject({
        version: 5,
        publishedCounter: 2,
        firstPublishedAt: first.body.sys.firstPublishedAt,
      });
      for (const absent of ['publishedVersion', 'publishedAt', 'publishedBy'])
        expect(off.body.sys).not.toHaveProperty(absent);
      const again = await api().delete(`${s.ct('post')}/published`);
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ sys: { id: 'BadRequest' }, message: 'Not published' });
      expect((await stored(s, 'post')).sys.version).toBe(5);
    });

    it('lists only activated content types, each with its activated definition', async () => {
      const s = await setup();
      await created(s, 'post', { name: 'Post', fields: [symbol('title')] });
      await created(s, 'draft', { name: 'Draft only' });
      await activate(s, 'post', 1);
      await api().put(s.ct('post'), { name: 'Post renamed', fields: [symbol('title'), symbol('extra')] }, f.version(2));
      for (const path of [
        `/spaces/${s.id}/public/content_types`,
        `/spaces/${s.id}/environments/master/public/content_types`,
      ]) {
        const res = await api().get(path);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          total: 1,
          items: [{ name: 'Post', sys: { id: 'post', version: 3, publishedVersion: 1 } }],
        });
        expect(res.body.items[0].fields.map((x: any) => x.id)).toEqual(['title']);
      }
      expect((await api().get(`/spaces/${s.id}/public/content_types`, { query: { order: 'nope' } })).status).toBe(400);
    });

    it('deletes only a content type that is not active and has no entries', async () => {
      const s = await setup();
      await created(s, 'post', { name: 'Post', fields: [symbol('title')] });
      await activate(s, 'post', 1);
      const active = await api().delete(s.ct('post'));
      expect(active.status).toBe(400);
      expect(active.body).toMatchObject({ sys: { id: 'BadRequest' }, message: 'Cannot delete published' });
      const entry = await api().post(s.m('entries'), { fields: { title: { 'en-US': 'x' } } }, f.ctHeader('post'));
      expect(entry.status).toBe(201);
      const deactivate = await api().delete(`${s.ct('post')}/published`);
      expect(deactivate.status).toBe(400);
      expect(deactivate.body.message).toBe('Content Type has entries');
      expect((await stored(s, 'post')).sys.publishedVersion).toBe(1);
      expect((await api().delete(`${s.m('entries')}/${entry.body.sys.id}`)).status).toBe(204);
      expect((await api().delete(`${s.ct('post')}/published`)).status).toBe(200);
      expect((await api().delete(s.ct('post'))).status).toBe(204);
      expect((await api().get(s.ct('post'))).status).toBe(404);
      expect((await api().get(`${s.ct('post')}/editor_interface`)).status).toBe(404);
      const missing = await api().delete(s.ct('post'));
      expect(missing.status).toBe(404);
      expect(missing.body.details).toMatchObject({ type: 'ContentType', id: 'post' });
    });

    it('refuses to delete a never-activated content type that has entries', async () => {
      const s = await setup();
      await created(s, 'post', { name: 'Post', fields: [symbol('title')] });
      await activate(s, 'post', 1);
      await api().post(s.m('entries'), { fields: {} }, f.ctHeader('post'));
      await f
        .db()
        .updateTable('content_types')
        .set({ published: null, published_version: null } as never)
        .where('space_id', '=', s.id)
        .execute();
      const res = await api().delete(s.ct('post'));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Content Type has entries');
      expect((await api().get(s.ct('post'))).status).toBe(200);
    });

    it('answers 404 for unknown content types and environments, and echoes an alias id', async () => {
      const s = await setup();
      expect((await api().get(s.ct('nope'))).body).toMatchObject({
        sys: { id: 'NotFound' },
        details: { type: 'ContentType', id: 'nope' },
      });
      expect((await api().put(`${s.ct('nope')}/published`, undefined, f.version(1))).status).toBe(404);
      expect((await api().delete(`${s.ct('nope')}/published`)).status).toBe(404);
      expect((await api().get(s.e('nowhere', 'content_types'))).status).toBe(404);
      expect((await api().put(`${s.e('nowhere', 'content_types')}/x`, { name: 'X' })).status).toBe(404);
      expect((await api().get(s.ct('bad id!'))).status).toBe(400);
      await envs.readyEnvironment(s.id, 'staging');
      expect(
        (
          await api().put(`/spaces/${s.id}/environment_aliases/master`, {
            environment: { sys: { type: 'Link', linkType: 'Environment', id: 'master' } },
          })
        ).status,
      ).toBeLessThan(300);
      const viaAlias = await api().put(`${s.e('master', 'content_types')}/x`, { name: 'X' });
      expect(viaAlias.body.sys.environment.sys.id).toBe('master');
      const inStaging = await api().put(`${s.e('staging', 'content_types')}/x`, { name: 'Staging X' });
      expect(inStaging.status).toBe(201);
      expect(inStaging.body.sys.environment.sys.id).toBe('staging');
      expect((await stored(s, 'x')).name).toBe('X');
    });

    it('needs a space admin to write; members may read', async () => {
      const s = await setup();
      await created(s, 'post', { name: 'Post' });
      const member = await envs.otherUser(s.id);
      const stranger = await envs.otherUser();
      expect((await api().get(s.ct('post'), { token: member })).status).toBe(200);
      expect((await api().get(s.ct('post'), { token: stranger })).status).toBe(404);
      for (const res of [
        await api().put(s.ct('other'), { name: 'Other' }, { token: member }),
        await api().post(s.ct(), { name: 'Other' }, { token: member }),
        await api().put(s.ct('post'), { name: 'Changed' }, { token: member, ...f.version(1) }),
        await api().put(`${s.ct('post')}/published`, undefined, { token: member, ...f.version(1) }),
        await api().delete(`${s.ct('post')}/published`, { token: member }),
        await api().delete(s.ct('post'), { token: member }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.sys.id).toBe('AccessDenied');
      }
      expect((await api().get(s.ct())).body.total).toBe(1);
      expect(await stored(s, 'post')).toMatchObject({ name: 'Post', sys: { version: 1 } });
    });

    it('refuses malformed ids and version headers on every operation, changing nothing', async () => {
      const s = await setup();
      await created(s, 'post', { name: 'Post', fields: [symbol('title')] });
      for (const res of [
        await api().get(s.ct('bad id!')),
        await api().put(s.ct('bad id!'), { name: 'X' }),
        await api().delete(s.ct('bad id!')),
        await api().put(`${s.ct('bad id!')}/published`, undefined, f.version(1)),
        await api().delete(`${s.ct('bad id!')}/published`),
        await api().get(`${s.ct('bad id!')}/snapshots`),
        await api().put(`${s.ct('post')}/published`, undefined, f.version('one')),
        await api().put(`${s.ct('post')}/published`, undefined, f.version(-1)),
      ]) {
        expect(res.status).toBe(400);
        expect(res.body.sys.id).toBe('BadRequest');
      }
      expect(await stored(s, 'post')).toMatchObject({ sys: { version: 1, publishedCounter: 0 } });
      expect((await api().get(s.ct())).body.total).toBe(1);
    });

    it('is copied with its editor interface and the extensions when an environment is cloned', async () => {
      const s = await setup();
      await created(s, 'post', { name: 'Post', fields: [symbol('title')] });
      const active = await activate(s, 'post', 1);
      await api().put(`${s.m('extensions')}/ext`, { extension: { name: 'Ext', srcdoc: '<p>' } });
      await envs.readyEnvironment(s.id, 'copy', 'master');
      const copy = await api().get(`${s.e('copy', 'content_types')}/post`);
      expect(copy.body).toEqual({
        ...active.body,
        sys: {
          ...active.body.sys,
          environment: { sys: { type: 'Link', linkType: 'Environment', id: 'copy' } },
          urn: `crn:service:::content:spaces/${s.id}/environments/copy/content_types/post`,
        },
      });
      expect((await api().get(`${s.e('copy', 'content_types')}/post/editor_interface`)).body.controls).toEqual([
        { fieldId: 'title', widgetId: 'singleLine', widgetNamespace: 'builtin' },
      ]);
      expect((await api().get(`${s.e('copy', 'extensions')}/ext`)).body.extension).toEqual({
        name: 'Ext',
        srcdoc: '<p>',
      });
      expect((await api().get(`/spaces/${s.id}/environments/copy/public/content_types`)).body.total).toBe(1);
    });

    it('keeps one snapshot per activation in master, newest first; other environments have none', async () => {
      const s = await setup();
      await created(s, 'post', { name: 'Post v1', fields: [symbol('title')] });
      await activate(s, 'post', 1);
      await api().put(s.ct('post'), { name: 'Post v2', fields: [symbol('title')] }, f.version(2));
      await activate(s, 'post', 3);
      for (const base of [s.ct('post'), `${s.e('master', 'content_types')}/post`]) {
        const list = await api().get(`${base}/snapshots`);
        expect(list.status).toBe(200);
        expect(list.body).toMatchObject({ total: 2, skip: 0, limit: 100 });
        const [newest, oldest] = list.body.items;
        expect(newest).toMatchObject({
          sys: {
            type: 'Snapshot',
            snapshotType: 'publish',
            snapshotEntityType: 'ContentType',
            environment: { sys: { id: 'master' } },
          },
          snapshot: { name: 'Post v2', sys: { id: 'post', version: 4, publishedVersion: 3 } },
        });
        expect(oldest.snapshot).toMatchObject({ name: 'Post v1', sys: { version: 2, publishedVersion: 1 } });
        expect((await api().get(`${base}/snapshots/${oldest.sys.id}`)).body).toEqual(oldest);
      }
      expect((await api().get(`${s.ct('post')}/snapshots`, { query: { limit: 1, skip: 1 } })).body.items).toHaveLength(
        1,
      );
      expect((await api().get(`${s.ct('post')}/snapshots/nope`)).status).toBe(404);
      expect((await api().get(`${s.ct('nope')}/snapshots`)).status).toBe(404);
      expect((await api().get(`${s.ct('post')}/snapshots`, { query: { limit: -1 } })).status).toBe(400);
      await envs.readyEnvironment(s.id, 'staging');
      await api().put(`${s.e('staging', 'content_types')}/other`, { name: 'Other' });
      await api().put(`${s.e('staging', 'content_types')}/other/published`, undefined, f.version(1));
      expect((await api().get(`${s.e('staging', 'content_types')}/other/snapshots`)).status).toBe(404);
      expect(await f.count('snapshots', s.id)).toBe(2);
      await api().delete(`${s.ct('post')}/published`);
      await api().delete(s.ct('post'));
      expect(await f.count('snapshots', s.id)).toBe(0);
    });
  });
}
