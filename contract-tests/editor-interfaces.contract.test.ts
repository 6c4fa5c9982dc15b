import { describe, expect, it } from 'vitest';
import { contentFixtures } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { useServer } from './support/harness.ts';

const f = (id: string, type: string, extra: Record<string, unknown> = {}) => ({ id, name: id, type, ...extra });

/** Every field type with the built-in widget it gets by default. */
const ALL_TYPES: Array<[Record<string, unknown>, string]> = [
  [f('symbol', 'Symbol'), 'singleLine'],
  [f('text', 'Text'), 'markdown'],
  [f('rich', 'RichText'), 'richTextEditor'],
  [f('int', 'Integer'), 'numberEditor'],
  [f('num', 'Number'), 'numberEditor'],
  [f('date', 'Date'), 'datePicker'],
  [f('bool', 'Boolean'), 'boolean'],
  [f('loc', 'Location'), 'locationEditor'],
  [f('obj', 'Object'), 'objectEditor'],
  [f('entry', 'Link', { linkType: 'Entry' }), 'entryLinkEditor'],
  [f('asset', 'Link', { linkType: 'Asset' }), 'assetLinkEditor'],
  [f('tags', 'Array', { items: { type: 'Symbol' } }), 'tagEditor'],
  [f('entries', 'Array', { items: { type: 'Link', linkType: 'Entry' } }), 'entryLinksEditor'],
  [f('assets', 'Array', { items: { type: 'Link', linkType: 'Asset' } }), 'assetLinksEditor'],
];

for (const kind of DB_KINDS) {
  describe(`${kind}: editor interfaces`, () => {
    const api = useServer(kind);
    const c = contentFixtures(api);
    const envs = environmentFixtures(api);

    async function setup(fields: unknown[] = ALL_TYPES.map(([field]) => field)) {
      const s = await c.space();
      const ct = `${s.m('content_types')}/post`;
      expect((await api().put(ct, { name: 'Post', fields })).status).toBe(201);
      return {
        ...s,
        ct,
        ei: `${ct}/editor_interface`,
        envEi: `${s.e('master', 'content_types')}/post/editor_interface`,
      };
    }
    const activate = async (ct: string) => {
      const version = (await api().get(ct)).body.sys.version;
      const res = await api().put(`${ct}/published`, undefined, c.version(version));
      expect(res.status).toBe(200);
      return res.body;
    };

    it('does not exist before the first activation (404), then has the default widget of every field type', async () => {
      const s = await setup();
      for (const path of [s.ei, s.envEi]) expect((await api().get(path)).status).toBe(404);
      expect((await api().put(s.ei, { controls: [] }, c.version(1))).status).toBe(404);
      expect((await api().get(s.m('editor_interfaces'))).body.total).toBe(0);
      expect((await api().get(`${s.m('content_types')}/nope/editor_interface`)).body.details).toMatchObject({
        type: 'ContentType',
        id: 'nope',
      });
      await activate(s.ct);
      const res = await api().get(s.ei);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        sys: {
          id: 'default',
          type: 'EditorInterface',
          version: 1,
          space: { sys: { type: 'Link', linkType: 'Space', id: s.id } },
          environment: { sys: { type: 'Link', linkType: 'Environment', id: 'master' } },
          contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'post' } },
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          createdBy: { sys: { type: 'Link', linkType: 'User', id: expect.any(String) } },
          updatedBy: expect.any(Object),
        },
        controls: ALL_TYPES.map(([field, widgetId]) => ({ fieldId: field.id, widgetId, widgetNamespace: 'builtin' })),
      });
      expect((await api().get(s.envEi)).body).toEqual(res.body);
      const list = await api().get(s.m('editor_interfaces'));
      expect(list.body).toMatchObject({ sys: { type: 'Array' }, total: 1, items: [res.body] });
      expect((await api().get(s.e('master', 'editor_interfaces'))).body.items).toEqual([res.body]);
      // Activating again without field changes leaves it as it is.
      await activate(s.ct);
      expect((await api().get(s.ei)).body.sys.version).toBe(1);
    });

    it('replaces the editor interface at the current version; stale or missing versions are 409', async () => {
      const s = await setup([f('title', 'Symbol'), f('body', 'Text')]);
      await activate(s.ct);
      const body = {
        controls: [
          { fieldId: 'title', widgetId: 'slugEditor', widgetNamespace: 'builtin', settings: { helpText: 'URL part' } },
          { fieldId: 'body', widgetId: 'my-ext', widgetNamespace: 'extension' },
        ],
        sidebar: [{ widgetId: 'publication-widget', widgetNamespace: 'sidebar-builtin', settings: {} }],
        editors: [{ widgetId: 'default-editor', widgetNamespace: 'editor-builtin', disabled: false }],
      };
      expect((await api().put(s.ei, body)).status).toBe(409);
      expect((await api().put(s.ei, body, c.version(9))).body).toMatchObject({
        sys: { id: 'VersionMismatch' },
        details: { expected: 1, provided: 9 },
      });
      const res = await api().put(s.envEi, body, c.version(1));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ...body, sys: { version: 2 } });
      expect(res.body).not.toHaveProperty('editorLayout');
      expect((await api().get(s.ei)).body).toEqual(res.body);
      const cleared = await api().put(s.ei, { controls: [] }, c.version(2));
      expect(cleared.body.controls).toEqual([]);
      expect(cleared.body).not.toHaveProperty('sidebar');
    });

    it('refuses controls of unknown fields, duplicates and bad widgets, and bad bodies, changing nothing', async () => {
      const s = await setup([f('title', 'Symbol')]);
      await activate(s.ct);
      const before = (await api().get(s.ei)).body;
      const cases: Array<[unknown, Record<string, unknown>]> = [
        [
          { controls: [{ fieldId: 'nope', widgetId: 'singleLine' }] },
          { name: 'unknown', path: ['controls', 0, 'fieldId'] },
        ],
        [
          { controls: [{ fieldId: 'title' }, { fieldId: 'title' }] },
          { name: 'taken', path: ['controls', 1, 'fieldId'] },
        ],
        [
          { controls: [{ fieldId: 'title', widgetNamespace: 'elsewhere' }] },
          { name: 'in', path: ['controls', 0, 'widgetNamespace'] },
        ],
        [{ controls: [{ fieldId: 'title', widgetId: '' }] }, { name: 'type', path: ['controls', 0, 'widgetId'] }],
      ];
      for (const [body, error] of cases) {
        const res = await api().put(s.ei, body, c.version(1));
        expect(res.status).toBe(422);
        expect(res.body.sys.id).toBe('ValidationFailed');
        expect(res.body.details.errors).toContainEqual(expect.objectContaining(error));
      }
      expect((await api().put(s.ei, { controls: [{ widgetId: 'x' }] }, c.version(1))).status).toBe(422); // schema: fieldId required
      expect((await api().put(s.ei, { sidebar: 'x' }, c.version(1))).status).toBe(422);
      expect((await api().put(s.ei, { controls: [] }, c.version('x'))).status).toBe(400);
      const member = await envs.otherUser(s.id);
      expect((await api().get(s.ei, { token: member })).status).toBe(200);
      const denied = await api().put(s.ei, { controls: [] }, { token: member, ...c.version(1) });
      expect(denied.status).toBe(403);
      expect((await api().get(s.ei)).body).toEqual(before);
      expect((await api().get(s.m('editor_interfaces'), { query: { limit: 'x' } })).status).toBe(400);
    });

    it('keeps in step with the fields at each activation: added, removed and renamed fields', async () => {
      const s = await setup([f('title', 'Symbol'), f('old', 'Symbol'), f('body', 'Text')]);
      await activate(s.ct);
      await api().put(
        s.ei,
        {
          controls: [
            { fieldId: 'body', widgetId: 'multipleLine', widgetNamespace: 'builtin' },
            { fieldId: 'title', widgetId: 'slugEditor', widgetNamespace: 'builtin' },
          ],
        },
        c.version(1),
      );
      let v = (await api().get(s.ct)).body.sys.version;
      await api().put(
        s.ct,
        {
          name: 'Post',
          fields: [
            f('title', 'Symbol'),
            f('old', 'Symbol', { omitted: true }),
            f('body', 'Text', { newId: 'content' }),
            f('rating', 'Integer'),
          ],
        },
        c.version(v),
      );
      await activate(s.ct);
      const step = (await api().get(s.ei)).body;
      expect(step.sys.version).toBe(3);
      expect(step.controls).toEqual([
        { fieldId: 'title', widgetId: 'slugEditor', widgetNamespace: 'builtin' },
        { fieldId: 'old', widgetId: 'singleLine', widgetNamespace: 'builtin' },
        { fieldId: 'content', widgetId: 'multipleLine', widgetNamespace: 'builtin' },
        { fieldId: 'rating', widgetId: 'numberEditor', widgetNamespace: 'builtin' },
      ]);
      v = (await api().get(s.ct)).body.sys.version;
      await api().put(
        s.ct,
        { name: 'Post', fields: [f('title', 'Symbol'), f('content', 'Text'), f('rating', 'Integer')] },
        c.version(v),
      );
      await activate(s.ct);
      expect((await api().get(s.ei)).body.controls.map((x: any) => x.fieldId)).toEqual(['title', 'content', 'rating']);
      // Deactivation keeps the editor interface; deletion of the content type removes it.
      expect((await api().delete(`${s.ct}/published`)).status).toBe(200);
      expect((await api().get(s.ei)).status).toBe(200);
      expect((await api().delete(s.ct)).status).toBe(204);
      expect((await api().get(s.m('editor_interfaces'))).body.total).toBe(0);
    });
  });
}
