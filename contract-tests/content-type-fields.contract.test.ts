import { describe, expect, it } from 'vitest';
import { contentFixtures } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';

const symbol = (id: string, extra: Record<string, unknown> = {}) => ({ id, name: id, type: 'Symbol', ...extra });

for (const kind of DB_KINDS) {
  describe(`${kind}: content type fields`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);

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

    it('refuses malformed bodies (400 JSON, 422 schema) and invalid definitions (422), changing nothing', async () => {
      const s = await setup();
      await created(s, 'post', { name: 'Post', fields: [symbol('title')] });
      const schema = await api().put(s.ct('post'), { fields: [] }, f.version(1));
      expect(schema.status).toBe(422);
      expect(schema.body.sys.id).toBe('ValidationFailed');
      expect(schema.body.message).toContain('name');
      expect((await api().post(s.ct(), { name: 'X', fields: 'nope' })).status).toBe(422);
      const json = await api().request('PUT', s.ct('other'), {
        rawBody: '{"name":',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(json.status).toBe(400);
      expect(json.body.message).toContain('Invalid JSON');
      const cases: Array<[unknown[], Record<string, unknown>, unknown]> = [
        [[{ id: 'a', name: 'A', type: 'Text2' }], { name: 'in', path: ['fields', 0, 'type'] }, undefined],
        [[{ id: '1a', name: 'A', type: 'Symbol' }], { name: 'regexp', path: ['fields', 0, 'id'] }, undefined],
        [[{ id: 'a'.repeat(65), name: 'A', type: 'Symbol' }], { name: 'regexp', path: ['fields', 0, 'id'] }, undefined],
        [[symbol('a'), symbol('a')], { name: 'taken', path: ['fields', 1, 'id'] }, undefined],
        [[{ id: 'l', name: 'L', type: 'Link' }], { name: 'in', path: ['fields', 0, 'linkType'] }, undefined],
        [
          [{ id: 'l', name: 'L', type: 'Link', linkType: 'Space' }],
          { name: 'in', path: ['fields', 0, 'linkType'] },
          undefined,
        ],
        [[{ id: 'l', name: 'L', type: 'Array' }], { name: 'in', path: ['fields', 0, 'items', 'type'] }, undefined],
        [
          [{ id: 'l', name: 'L', type: 'Array', items: { type: 'Integer' } }],
          { name: 'in', path: ['fields', 0, 'items', 'type'] },
          undefined,
        ],
        [
          [{ id: 'l', name: 'L', type: 'Symbol', linkType: 'Entry' }],
          { name: 'unknown', path: ['fields', 0, 'linkType'] },
          undefined,
        ],
        [
          [symbol('a', { defaultValue: { 'en-US': 5 } })],
          { name: 'type', path: ['fields', 0, 'defaultValue', 'en-US'] },
          undefined,
        ],
        [
          [{ id: 'o', name: 'O', type: 'Object', defaultValue: { 'en-US': {} } }],
          { name: 'unknown', path: ['fields', 0, 'defaultValue'] },
          undefined,
        ],
        [[symbol('a', { newId: '9x' })], { name: 'regexp', path: ['fields', 0, 'newId'] }, undefined],
        [[symbol('a', { newId: 'b' }), symbol('b')], { name: 'taken' }, undefined],
        [[symbol('a')], { name: 'unknown', path: ['displayField'] }, 'nope'],
        [[{ id: 'n', name: 'N', type: 'Integer' }], { name: 'type', path: ['displayField'] }, 'n'],
        [[symbol('a', { deleted: true })], { name: 'unknown', path: ['displayField'] }, 'a'],
        [Array.from({ length: 51 }, (_, i) => symbol(`f${i}`)), { name: 'size', path: ['fields'] }, undefined],
      ];
      for (const [fields, error, displayField] of cases) {
        const res = await api().put(
          s.ct('post'),
          { name: 'Post', fields, ...(displayField ? { displayField } : {}) },
          f.version(1),
        );
        expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(422);
        expect(res.body.sys.id).toBe('ValidationFailed');
        expect(res.body.details.errors).toContainEqual(expect.objectContaining(error));
        const fresh = await api().put(s.ct('fresh'), {
          name: 'Fresh',
          fields,
          ...(displayField ? { displayField } : {}),
        });
        expect(fresh.status).toBe(422);
      }
      expect(await stored(s, 'post')).toMatchObject({ name: 'Post', sys: { version: 1 }, fields: [{ id: 'title' }] });
      expect((await api().get(s.ct('fresh'))).status).toBe(404);
      expect((await api().get(s.ct())).body.total).toBe(1);
    });

    it('never changes the type of an activated field', async () => {
      const s = await setup();
      await created(s, 'post', {
        name: 'Post',
        fields: [symbol('title'), { id: 'ref', name: 'Ref', type: 'Link', linkType: 'Entry' }],
      });
      // Before activation, a draft field may still change its type.
      expect(
        (
          await api().put(
            s.ct('post'),
            {
              name: 'Post',
              fields: [
                { id: 'title', name: 'T', type: 'Text' },
                { id: 'ref', name: 'Ref', type: 'Link', linkType: 'Entry' },
              ],
            },
            f.version(1),
          )
        ).status,
      ).toBe(200);
      await activate(s, 'post', 2);
      for (const [fields, path] of [
        [
          [symbol('title'), { id: 'ref', name: 'Ref', type: 'Link', linkType: 'Entry' }],
          ['fields', 0, 'type'],
        ],
        [
          [
            { id: 'title', name: 'T', type: 'Text' },
            { id: 'ref', name: 'Ref', type: 'Link', linkType: 'Asset' },
          ],
          ['fields', 1, 'type'],
        ],
      ] as const) {
        const res = await api().put(s.ct('post'), { name: 'Post', fields }, f.version(3));
        expect(res.status).toBe(422);
        expect(res.body.details.errors).toContainEqual(expect.objectContaining({ name: 'immutable', path }));
      }
      expect((await stored(s, 'post')).sys.version).toBe(3);
    });

    it('removes a field in two phases: omit and activate, then delete (or leave out) and activate; the entries lose its data', async () => {
      const s = await setup();
      const fields = [symbol('title'), symbol('old'), symbol('older')];
      await created(s, 'post', { name: 'Post', displayField: 'title', fields });
      await activate(s, 'post', 1);
      const entry = await api().post(
        s.m('entries'),
        { fields: { title: { 'en-US': 't' }, old: { 'en-US': 'o' }, older: { 'en-US': 'oo' } } },
        f.ctHeader('post'),
      );
      expect(entry.status).toBe(201);
      // Deleting or leaving out a field that is not omitted in the activated definition is refused.
      const early = await api().put(
        s.ct('post'),
        { name: 'Post', fields: [symbol('title'), symbol('old', { deleted: true }), symbol('older')] },
        f.version(2),
      );
      expect(early.status).toBe(422);
      expect(early.body.details.errors).toEqual([
        expect.objectContaining({ name: 'notOmitted', path: ['fields', 1, 'deleted'], value: 'old' }),
      ]);
      const leftOut = await api().put(
        s.ct('post'),
        { name: 'Post', fields: [symbol('title'), symbol('older')] },
        f.version(2),
      );
      expect(leftOut.status).toBe(422);
      expect(leftOut.body.details.errors).toEqual([
        expect.objectContaining({ name: 'notOmitted', path: ['fields'], value: 'old' }),
      ]);
      // Omitting in the draft is not enough: the activated definition decides.
      await api().put(
        s.ct('post'),
        {
          name: 'Post',
          fields: [symbol('title'), symbol('old', { omitted: true }), symbol('older', { omitted: true })],
        },
        f.version(2),
      );
      expect(
        (
          await api().put(
            s.ct('post'),
            { name: 'Post', fields: [symbol('title'), symbol('old', { omitted: true, deleted: true })] },
            f.version(3),
          )
        ).status,
      ).toBe(422);
      await activate(s, 'post', 3);
      const marked = await api().put(
        s.ct('post'),
        { name: 'Post', fields: [symbol('title'), symbol('old', { omitted: true, deleted: true })] },
        f.version(4),
      );
      expect(marked.status).toBe(200);
      expect(marked.body.fields[1]).toMatchObject({ id: 'old', deleted: true, omitted: true });
      const done = await activate(s, 'post', 5);
      expect(done.body.fields.map((x: any) => x.id)).toEqual(['title']);
      expect(
        (await api().get(`/spaces/${s.id}/public/content_types`)).body.items[0].fields.map((x: any) => x.id),
      ).toEqual(['title']);
      const row = await f.row('entries', s.id, entry.body.sys.id);
      expect(row!.fields).toEqual({ title: { 'en-US': 't' } });
      // The removal is permanent: the entry now refuses the old field as unknown.
      const refused = await api().put(
        `${s.m('entries')}/${entry.body.sys.id}`,
        { fields: { title: { 'en-US': 't' }, old: { 'en-US': 'o' } } },
        f.version(1),
      );
      expect(refused.status).toBe(422);
      expect(refused.body.details.errors[0]).toMatchObject({ name: 'unknown', path: ['fields', 'old'] });
    });

    it('renames a field with newId at activation: the entries, the display field and the editor interface follow', async () => {
      const s = await setup();
      await created(s, 'post', {
        name: 'Post',
        displayField: 'title',
        fields: [symbol('title'), { id: 'ref', name: 'Ref', type: 'Link', linkType: 'Entry' }],
      });
      await activate(s, 'post', 1);
      const target = await api().post(s.m('entries'), { fields: { title: { 'en-US': 'target' } } }, f.ctHeader('post'));
      const entry = await api().post(
        s.m('entries'),
        {
          fields: {
            title: { 'en-US': 'x' },
            ref: { 'en-US': { sys: { type: 'Link', linkType: 'Entry', id: target.body.sys.id } } },
          },
        },
        f.ctHeader('post'),
      );
      expect(await f.links(s.id, entry.body.sys.id)).toEqual([`draft ref en-US 0 -> Entry:${target.body.sys.id}`]);
      const ei = (await api().get(`${s.ct('post')}/editor_interface`)).body;
      await api().put(
        `${s.ct('post')}/editor_interface`,
        {
          controls: [
            { fieldId: 'title', widgetId: 'slugEditor', widgetNamespace: 'builtin' },
            { fieldId: 'ref', widgetId: 'entryCardEditor', widgetNamespace: 'builtin' },
          ],
        },
        f.version(ei.sys.version),
      );
      const saved = await api().put(
        s.ct('post'),
        {
          name: 'Post',
          displayField: 'title',
          fields: [
            symbol('title', { newId: 'headline' }),
            { id: 'ref', name: 'Ref', type: 'Link', linkType: 'Entry', newId: 'title' },
          ],
        },
        f.version(2),
      );
      expect(saved.status).toBe(200);
      expect(saved.body.fields[0]).toMatchObject({ id: 'title', newId: 'headline' });
      const done = await activate(s, 'post', 3);
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({
        displayField: 'headline',
        fields: [
          { id: 'headline', type: 'Symbol' },
          { id: 'title', type: 'Link' },
        ],
      });
      expect(done.body.fields[0]).not.toHaveProperty('newId');
      expect((await f.row('entries', s.id, entry.body.sys.id))!.fields).toEqual({
        headline: { 'en-US': 'x' },
        title: { 'en-US': { sys: { type: 'Link', linkType: 'Entry', id: target.body.sys.id } } },
      });
      expect(await f.links(s.id, entry.body.sys.id)).toEqual([`draft title en-US 0 -> Entry:${target.body.sys.id}`]);
      expect((await api().get(`${s.ct('post')}/editor_interface`)).body.controls).toEqual([
        { fieldId: 'headline', widgetId: 'slugEditor', widgetNamespace: 'builtin' },
        { fieldId: 'title', widgetId: 'entryCardEditor', widgetNamespace: 'builtin' },
      ]);
    });
  });
}
