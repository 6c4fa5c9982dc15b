import { describe, expect, it } from 'vitest';
import { assetLink, contentFixtures, entryLink, tagLink } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: entry validation`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);

    /** `article`: a required title of at most 5 characters, a localized body, an entry link and a list of asset links. */
    async function setup() {
      const s = await f.space();
      await f.contentType(s.id, 'article', [
        { id: 'title', type: 'Symbol', required: true, validations: [{ size: { max: 5 } }] },
        { id: 'body', type: 'Text', localized: true, defaultValue: { 'en-US': 'Lorem', 'de-DE': 'Lorem DE' } },
        { id: 'related', type: 'Link', linkType: 'Entry' },
        { id: 'images', type: 'Array', items: { type: 'Link', linkType: 'Asset', validations: [] } },
        { id: 'count', type: 'Integer', defaultValue: { 'en-US': 3 } },
      ]);
      return s;
    }
    const create = (s: { m: (c: string) => string }, body: unknown, ct = 'article') =>
      api().post(s.m('entries'), body, f.ctHeader(ct));

    it('refuses unknown and never activated content types with 422, creating nothing', async () => {
      const s = await setup();
      await f.contentType(s.id, 'draft-only', [{ id: 'title', type: 'Symbol' }], { activated: false });
      const unknown = await create(s, { fields: {} }, 'nope');
      expect(unknown.status).toBe(422);
      expect(unknown.body).toMatchObject({
        sys: { id: 'ValidationFailed' },
        message: 'The content type "nope" does not exist in this environment.',
        details: {
          errors: [
            {
              name: 'notResolvable',
              path: ['sys', 'contentType'],
              value: { sys: { linkType: 'ContentType', id: 'nope' } },
            },
          ],
        },
      });
      const inactive = await api().put(`${s.m('entries')}/chosen`, { fields: {} }, f.ctHeader('draft-only'));
      expect(inactive.status).toBe(422);
      expect(inactive.body.message).toMatch(/"draft-only" is not activated/);
      expect(await f.count('entries', s.id)).toBe(0);
    });

    it('answers 422 InvalidEntry naming every shape problem on create and update, changing nothing', async () => {
      const s = await setup();
      const bad = { fields: { title: { 'en-US': 7, 'xx-XX': 'a' }, body: { 'de-DE': ['no'] }, nope: { 'en-US': 1 } } };
      const res = await create(s, bad);
      expect(res.status).toBe(422);
      expect(res.body.sys).toEqual({ type: 'Error', id: 'InvalidEntry' });
      const errors = res.body.details.errors as Array<{ name: string; path: unknown[] }>;
      expect(errors.map((e) => `${e.name} ${e.path.join('.')}`).sort()).toEqual(
        ['type body.de-DE', 'type title.en-US', 'unknown nope', 'unknown title.xx-XX']
          .map((p) => `${p.split(' ')[0]} fields.${p.split(' ')[1]}`)
          .sort(),
      );
      expect(await f.count('entries', s.id)).toBe(0);

      const id = (await create(s, { fields: { title: { 'en-US': 'ok' } } })).body.sys.id;
      const before = (await api().get(`${s.m('entries')}/${id}`)).body;
      const update = await api().put(
        `${s.m('entries')}/${id}`,
        { fields: { title: { 'en-US': 'ok', 'xx-XX': 'no such locale' } } },
        f.version(1),
      );
      expect(update.status).toBe(422);
      expect(update.body).toMatchObject({
        sys: { id: 'InvalidEntry' },
        details: { errors: [{ name: 'unknown', path: ['fields', 'title', 'xx-XX'] }] },
      });
      expect((await api().get(`${s.m('entries')}/${id}`)).body).toEqual(before);
    });

    it('keeps tags that exist (deduplicated, first order kept) and refuses unknown ones with 422', async () => {
      const s = await setup();
      await f.tag(s.id, 'red');
      await f.tag(s.id, 'blue');
      const res = await create(s, {
        fields: {},
        metadata: { tags: [tagLink('blue'), tagLink('red'), tagLink('blue')] },
      });
      expect(res.status).toBe(201);
      expect(res.body.metadata.tags).toEqual([tagLink('blue'), tagLink('red')]);
      const id = res.body.sys.id;
      const unknown = await api().put(
        `${s.m('entries')}/${id}`,
        { fields: {}, metadata: { tags: [tagLink('red'), tagLink('green')] } },
        f.version(1),
      );
      expect(unknown.status).toBe(422);
      expect(unknown.body).toMatchObject({
        sys: { id: 'InvalidEntry' },
        details: {
          errors: [
            {
              name: 'notResolvable',
              path: ['metadata', 'tags', 1],
              value: tagLink('green'),
              details: 'The tag "green" does not exist in this environment.',
            },
          ],
        },
      });
      expect((await api().get(`${s.m('entries')}/${id}`)).body.metadata.tags).toEqual([
        tagLink('blue'),
        tagLink('red'),
      ]);
      expect((await create(s, { fields: {}, metadata: { tags: [tagLink('green')] } })).status).toBe(422);
      expect(await f.count('entries', s.id)).toBe(1);
      const cleared = await api().put(`${s.m('entries')}/${id}`, { fields: {} }, f.version(1));
      expect(cleared.body.metadata).toEqual({ tags: [] });
    });

    it('applies default values to fields left out on create only; null fields and empty fields are left out', async () => {
      const s = await setup();
      const created = await create(s, { fields: { title: { 'en-US': 'a' }, count: null, related: {} } });
      expect(created.status).toBe(201);
      expect(created.body.fields).toEqual({ title: { 'en-US': 'a' }, body: { 'en-US': 'Lorem', 'de-DE': 'Lorem DE' } });
      const withBody = await create(s, { fields: { body: { 'de-DE': 'eigen' } } });
      expect(withBody.body.fields).toEqual({ body: { 'de-DE': 'eigen' }, count: { 'en-US': 3 } });
      const updated = await api().put(
        `${s.m('entries')}/${created.body.sys.id}`,
        { fields: { title: { 'en-US': 'b' } } },
        f.version(1),
      );
      expect(updated.body.fields).toEqual({ title: { 'en-US': 'b' } });
      const empty = await api().put(`${s.m('entries')}/${created.body.sys.id}`, { fields: {} }, f.version(2));
      expect(empty.body.fields).toEqual({});
    });

    it('refuses to publish an invalid entry with 422 ValidationFailed naming each rule, publishing nothing', async () => {
      const s = await setup();
      const id = (
        await create(s, {
          fields: {
            title: { 'en-US': 'far too long' },
            related: { 'en-US': entryLink('ghost') },
            images: { 'en-US': [assetLink('nothing')] },
          },
        })
      ).body.sys.id;
      const at = `${s.m('entries')}/${id}`;
      const before = (await api().get(at)).body;
      const res = await api().put(`${at}/published`, undefined, f.version(1));
      expect(res.status).toBe(422);
      expect(res.body.sys).toEqual({ type: 'Error', id: 'ValidationFailed' });
      const errors = res.body.details.errors as Array<Record<string, any>>;
      expect(errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'size', path: ['fields', 'title', 'en-US'], value: 'far too long', max: 5 }),
          expect.objectContaining({
            name: 'notResolvable',
            path: ['fields', 'related', 'en-US'],
            link: { type: 'Link', linkType: 'Entry', id: 'ghost' },
          }),
          expect.objectContaining({
            name: 'notResolvable',
            path: ['fields', 'images', 'en-US', 0],
            link: { type: 'Link', linkType: 'Asset', id: 'nothing' },
          }),
        ]),
      );
      expect(errors).toHaveLength(3);
      expect((await api().get(at)).body).toEqual(before);
      expect((await f.row('entries', s.id, id))?.published_fields).toBeNull();

      const missing = (await create(s, { fields: { body: { 'en-US': 'no title' } } })).body.sys.id;
      const required = await api().put(`${s.m('entries')}/${missing}/published`, undefined, f.version(1));
      expect(required.status).toBe(422);
      expect(required.body.details.errors).toEqual([
        expect.objectContaining({ name: 'required', path: ['fields', 'title'] }),
      ]);

      const target = (await create(s, { fields: { title: { 'en-US': 'tgt' } } })).body.sys.id;
      const fixed = await api().put(
        at,
        { fields: { title: { 'en-US': 'short' }, related: { 'en-US': entryLink(target) } } },
        f.version(1),
      );
      const published = await api().put(`${at}/published`, undefined, f.version(fixed.body.sys.version));
      expect(published.status).toBe(200);
      expect(published.body.sys).toMatchObject({ version: 3, publishedVersion: 2 });
    });

    it('refuses to publish once the content type is no longer activated', async () => {
      const s = await setup();
      const id = (await create(s, { fields: { title: { 'en-US': 'ok' } } })).body.sys.id;
      await f
        .db()
        .updateTable('content_types')
        .set({ published: null, published_version: null } as never)
        .where('space_id', '=', s.id)
        .where('id', '=', 'article')
        .execute();
      api().tessera.cache?.clear(); // written behind the API's back, so no write told the read cache
      const res = await api().put(`${s.m('entries')}/${id}/published`, undefined, f.version(1));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        sys: { id: 'ValidationFailed' },
        details: { errors: [{ name: 'notActivated' }] },
      });
      expect((await api().get(`${s.m('entries')}/${id}`)).body.sys).not.toHaveProperty('publishedVersion');
      expect((await api().put(`${s.m('entries')}/${id}`, { fields: {} }, f.version(1))).status).toBe(422);
    });

    it('checks unique values against other published entries of the content type', async () => {
      const s = await f.space();
      await f.contentType(s.id, 'slugged', [{ id: 'slug', type: 'Symbol', validations: [{ unique: true }] }]);
      const one = (await create(s, { fields: { slug: { 'en-US': 'same' } } }, 'slugged')).body.sys.id;
      const two = (await create(s, { fields: { slug: { 'en-US': 'same' } } }, 'slugged')).body.sys.id;
      expect((await api().put(`${s.m('entries')}/${one}/published`, undefined, f.version(1))).status).toBe(200);
      expect((await api().put(`${s.m('entries')}/${one}/published`, undefined, f.version(2))).status).toBe(200); // itself is no conflict
      const taken = await api().put(`${s.m('entries')}/${two}/published`, undefined, f.version(1));
      expect(taken.status).toBe(422);
      expect(taken.body.details.errors).toEqual([
        expect.objectContaining({ name: 'unique', path: ['fields', 'slug', 'en-US'] }),
      ]);
      await api().delete(`${s.m('entries')}/${one}/published`);
      expect((await api().put(`${s.m('entries')}/${two}/published`, undefined, f.version(1))).status).toBe(200);
    });

    it('publishes exactly one of several entries racing with the same unique value', async () => {
      const s = await f.space();
      await f.contentType(s.id, 'raced', [{ id: 'slug', type: 'Symbol', validations: [{ unique: true }] }]);
      const ids: string[] = [];
      for (let i = 0; i < 8; i++)
        ids.push((await create(s, { fields: { slug: { 'en-US': 'contested' } } }, 'raced')).body.sys.id);
      const results = await Promise.all(
        ids.map((id) => api().put(`${s.m('entries')}/${id}/published`, undefined, f.version(1))),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 422 && r.body.details.errors[0].name === 'unique')).toHaveLength(7);
    });
  });
}
