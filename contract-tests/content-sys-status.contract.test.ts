import { describe, expect, it } from 'vitest';
import { contentFixtures } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { useServer } from './support/harness.ts';

const processed = {
  contentType: 'image/png',
  fileName: 'a.png',
  url: '//assets.test/s/a/k/a.png',
  details: { size: 12, image: { width: 2, height: 3 } },
};
const both = (status: string) => ({ '*': { 'en-US': status, 'de-DE': status } });

/** `sys.fieldStatus` (entries, assets) through the lifecycle and `sys.urn` (entries, assets, content types). */
for (const kind of DB_KINDS) {
  describe(`${kind}: sys.fieldStatus and sys.urn`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);
    const env = environmentFixtures(api);

    it('gives entries draft, published and changed per locale of the environment, in every response', async () => {
      const s = await f.space();
      await f.contentType(s.id, 'post', [{ id: 'title', type: 'Symbol' }]);
      const created = await api().post(s.m('entries'), { fields: { title: { 'en-US': 'A' } } }, f.ctHeader('post'));
      const id = created.body.sys.id as string;
      const at = `${s.m('entries')}/${id}`;
      expect(created.body.sys.fieldStatus).toEqual(both('draft'));
      expect(created.body.sys.urn).toBe(`crn:service:::content:spaces/${s.id}/environments/master/entries/${id}`);

      const published = await api().put(`${at}/published`, undefined, f.version(1));
      expect(published.body.sys.fieldStatus).toEqual(both('published'));
      expect((await api().get(at)).body.sys.fieldStatus).toEqual(both('published'));

      const updated = await api().put(at, { fields: { title: { 'en-US': 'B' } } }, f.version(2));
      expect(updated.body.sys.fieldStatus).toEqual(both('changed'));
      const listed = await api().get(`${s.m('entries')}?sys.id=${id}`);
      expect(listed.body.items[0].sys).toMatchObject({ fieldStatus: both('changed'), urn: created.body.sys.urn });

      expect((await api().put(`${at}/published`, undefined, f.version(3))).body.sys.fieldStatus).toEqual(
        both('published'),
      );
      const unpublished = await api().delete(`${at}/published`);
      expect(unpublished.body.sys.fieldStatus).toEqual(both('draft'));
      const archived = await api().put(`${at}/archived`, undefined, f.version(5));
      expect(archived.body.sys.fieldStatus).toEqual(both('draft'));

      const snapshots = await api().get(`${at}/snapshots`);
      expect(snapshots.body.items[0].snapshot.sys).toMatchObject({
        fieldStatus: both('published'),
        urn: created.body.sys.urn,
      });
    });

    it('names the environment of the path in the urn, and lists the locales of that environment', async () => {
      const s = await f.space();
      await env.readyEnvironment(s.id, 'staging');
      await env.insertLocale(s.id, 'staging', 'fr-FR');
      await f.contentType(s.id, 'post', [{ id: 'title', type: 'Symbol' }], { environment: 'staging' });
      const created = await api().post(s.e('staging', 'entries'), { fields: {} }, f.ctHeader('post'));
      expect(created.status).toBe(201);
      expect(created.body.sys.urn).toBe(
        `crn:service:::content:spaces/${s.id}/environments/staging/entries/${created.body.sys.id}`,
      );
      expect(created.body.sys.fieldStatus).toEqual({ '*': { 'en-US': 'draft', 'de-DE': 'draft', 'fr-FR': 'draft' } });
    });

    it('gives assets the same status and a urn', async () => {
      const s = await f.space();
      const created = await api().post(s.m('assets'), {
        fields: { title: { 'en-US': 'A' }, file: { 'en-US': processed } },
      });
      expect(created.status).toBe(201);
      const id = created.body.sys.id as string;
      const at = `${s.m('assets')}/${id}`;
      expect(created.body.sys).toMatchObject({
        fieldStatus: both('draft'),
        urn: `crn:service:::content:spaces/${s.id}/environments/master/assets/${id}`,
      });
      expect((await api().put(`${at}/published`, undefined, f.version(1))).body.sys.fieldStatus).toEqual(
        both('published'),
      );
      expect(
        (await api().put(at, { fields: { title: { 'en-US': 'B' }, file: { 'en-US': processed } } }, f.version(2))).body
          .sys.fieldStatus,
      ).toEqual(both('changed'));
      const publicList = await api().get(`${s.m('public/assets')}?sys.id=${id}`);
      expect(publicList.body.items[0].sys.urn).toBe(created.body.sys.urn);
    });

    it('gives content types a urn in every response', async () => {
      const s = await f.space();
      const ct = await api().put(`${s.m('content_types')}/post`, { name: 'Post', fields: [] });
      const urn = `crn:service:::content:spaces/${s.id}/environments/master/content_types/post`;
      expect(ct.body.sys.urn).toBe(urn);
      expect((await api().put(`${s.m('content_types')}/post/published`, undefined, f.version(1))).body.sys.urn).toBe(
        urn,
      );
      expect((await api().get(s.m('content_types'))).body.items[0].sys.urn).toBe(urn);
      expect((await api().get(s.m('public/content_types'))).body.items[0].sys.urn).toBe(urn);
      expect(ct.body.sys).not.toHaveProperty('fieldStatus');
    });
  });
}

describe('sys.urn with a configured vendor token', () => {
  const api = useServer(DB_KINDS[0], { env: { TESSERA_API_VENDOR: 'Acme' } });
  const f = contentFixtures(api);

  it('uses the token in lower case', async () => {
    const s = await f.space();
    const ct = await api().put(`${s.m('content_types')}/post`, { name: 'Post', fields: [] });
    expect(ct.body.sys.urn).toBe(`crn:acme:::content:spaces/${s.id}/environments/master/content_types/post`);
  });
});
