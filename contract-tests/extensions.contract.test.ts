import { describe, expect, it } from 'vitest';
import { contentFixtures } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { useServer } from './support/harness.ts';

const MILLIS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The fourteen field types extensions may edit. */
const FIELD_TYPES = [
  ...['Symbol', 'Text', 'RichText', 'Integer', 'Number', 'Date', 'Boolean', 'Location', 'Object'].map((type) => ({
    type,
  })),
  { type: 'Link', linkType: 'Asset' },
  { type: 'Link', linkType: 'Entry' },
  { type: 'Array', items: { type: 'Symbol' } },
  { type: 'Array', items: { type: 'Link', linkType: 'Entry' } },
  { type: 'Array', items: { type: 'Link', linkType: 'Asset' } },
];

const inline = (extra: Record<string, unknown> = {}) => ({
  extension: { name: 'Inline', srcdoc: '<!doctype html><p>hi</p>', ...extra },
});

for (const kind of DB_KINDS) {
  describe(`${kind}: UI extensions`, () => {
    const api = useServer(kind);
    const c = contentFixtures(api);
    const envs = environmentFixtures(api);

    async function setup() {
      const s = await c.space();
      return { ...s, x: (id = '') => `${s.m('extensions')}${id ? `/${id}` : ''}` };
    }

    it('creates with POST (generated id) and PUT (chosen id) on both paths, in the published shape', async () => {
      const s = await setup();
      const body = {
        extension: {
          name: 'Rating',
          srcdoc: '<!doctype html><p>stars</p>',
          fieldTypes: FIELD_TYPES,
          sidebar: false,
          parameters: {
            instance: [
              { id: 'stars', name: 'Stars', type: 'Number', default: 5 },
              {
                id: 'style',
                name: 'Style',
                type: 'Enum',
                options: ['a', { b: 'Bee' }],
                default: 'b',
                labels: { empty: 'Pick' },
              },
            ],
            installation: [
              { id: 'apiKey', name: 'API key', type: 'Symbol', required: true },
              { id: 'debug', name: 'Debug', type: 'Boolean', required: true, default: false },
            ],
          },
        },
        parameters: { apiKey: 'k' },
      };
      const res = await api().post(s.x(), body);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        ...body,
        sys: {
          type: 'Extension',
          id: expect.stringMatching(/^[0-9A-Za-z]{22}$/),
          version: 1,
          space: { sys: { type: 'Link', linkType: 'Space', id: s.id } },
          environment: { sys: { type: 'Link', linkType: 'Environment', id: 'master' } },
          createdAt: expect.stringMatching(MILLIS),
          updatedAt: expect.stringMatching(MILLIS),
          createdBy: expect.any(Object),
          updatedBy: expect.any(Object),
        },
      });
      expect(res.headers.get('location')).toMatch(new RegExp(`/spaces/${s.id}/extensions/${res.body.sys.id}$`));
      expect((await api().get(s.x(res.body.sys.id))).body).toEqual(res.body);
      const put = await api().put(`${s.e('master', 'extensions')}/my-ext`, {
        extension: { name: 'Remote', src: 'https://example.com/ext.html', sidebar: true },
      });
      expect(put.status).toBe(201);
      expect(put.body).toMatchObject({
        extension: { name: 'Remote', src: 'https://example.com/ext.html', sidebar: true },
        parameters: {},
        sys: { id: 'my-ext', version: 1 },
      });
      expect(put.headers.get('location')).toMatch(/\/environments\/master\/extensions\/my-ext$/);
      const local = await api().post(s.x(), { extension: { name: 'Dev', src: 'http://localhost:3000/' } });
      expect(local.status).toBe(201);
      const list = await api().get(s.x());
      expect(list.body).toMatchObject({ sys: { type: 'Array' }, total: 3, skip: 0, limit: 100 });
      expect(list.body.items[1]).toEqual(put.body);
      expect(
        (await api().get(s.x(), { query: { order: '-sys.createdAt', limit: 1 } })).body.items[0].extension.name,
      ).toBe('Dev');
      expect((await api().get(s.x(), { query: { order: 'extension.name' } })).status).toBe(400);
    });

    it('serves every operation on the environment path too', async () => {
      const s = await setup();
      const base = s.e('master', 'extensions');
      const made = await api().post(base, inline());
      expect(made.status).toBe(201);
      expect(made.headers.get('location')).toMatch(new RegExp(`/environments/master/extensions/${made.body.sys.id}$`));
      const at = `${base}/${made.body.sys.id}`;
      expect((await api().get(base)).body).toMatchObject({ total: 1, items: [made.body] });
      expect((await api().get(at)).body).toEqual(made.body);
      expect((await api().put(at, inline({ name: 'Renamed' }), c.version(1))).body).toMatchObject({
        extension: { name: 'Renamed' },
        sys: { version: 2 },
      });
      expect((await api().delete(at)).status).toBe(204);
      expect((await api().get(at)).status).toBe(404);
    });

    it('replaces an extension at the current version; stale or missing versions are 409; deletes', async () => {
      const s = await setup();
      await api().put(s.x('ext'), inline());
      expect((await api().put(s.x('ext'), inline({ name: 'New' }))).status).toBe(409);
      expect((await api().put(s.x('ext'), inline({ name: 'New' }), c.version(3))).body).toMatchObject({
        sys: { id: 'VersionMismatch' },
        details: { expected: 1, provided: 3 },
      });
      const res = await api().put(
        s.x('ext'),
        { extension: { name: 'New', src: 'https://example.org/x' } },
        c.version(1),
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ extension: { name: 'New', src: 'https://example.org/x' }, sys: { version: 2 } });
      expect(res.body.extension).not.toHaveProperty('srcdoc');
      expect((await api().delete(s.x('ext'))).status).toBe(204);
      expect((await api().get(s.x('ext'))).status).toBe(404);
      const missing = await api().delete(s.x('ext'));
      expect(missing.status).toBe(404);
      expect(missing.body.details).toMatchObject({ type: 'Extension', id: 'ext' });
      expect((await api().get(s.e('nowhere', 'extensions'))).status).toBe(404);
    });

    it('refuses invalid extensions with 422 (and malformed bodies), changing nothing', async () => {
      const s = await setup();
      await api().put(s.x('ext'), inline());
      const tooBig = 'x'.repeat(200 * 1024 + 1);
      const cases: Array<[unknown, Record<string, unknown>]> = [
        [
          { extension: { name: 'Both', src: 'https://a.example/', srcdoc: '<p>' } },
          { name: 'required', path: ['extension'] },
        ],
        [{ extension: { name: 'Neither' } }, { name: 'required', path: ['extension'] }],
        [inline({ srcdoc: tooBig }), { name: 'size', path: ['extension', 'srcdoc'], max: 204800 }],
        [{ extension: { name: 'Plain', src: 'http://example.com/x' } }, { name: 'regexp', path: ['extension', 'src'] }],
        [{ extension: { name: 'Odd', src: 'ftp://example.com/x' } }, { name: 'regexp', path: ['extension', 'src'] }],
        [{ extension: { name: 'Junk', src: 'not a url' } }, { name: 'regexp', path: ['extension', 'src'] }],
        [inline({ name: ' ' }), { name: 'required', path: ['extension', 'name'] }],
        [
          inline({ fieldTypes: [{ type: 'Symbol' }, { type: 'Link' }] }),
          { name: 'in', path: ['extension', 'fieldTypes', 1] },
        ],
        [
          inline({ fieldTypes: [{ type: 'Array', items: { type: 'Integer' } }] }),
          { name: 'in', path: ['extension', 'fieldTypes', 0] },
        ],
        [inline({ fieldTypes: [{ type: 'File' }] }), { name: 'in' }],
        [inline({ fieldTypes: [{ type: 'Symbol', linkType: 'Entry' }] }), { name: 'in' }],
        [inline({ color: 'red' }), { name: 'unknown', path: ['extension', 'color'] }],
        [
          inline({ parameters: { instance: [{ id: 'e', name: 'E', type: 'Enum' }] } }),
          { path: ['extension', 'parameters', 'instance', 0, 'options'] },
        ],
        [
          inline({ parameters: { instance: [{ id: 'e', name: 'E', type: 'Enum', options: ['a', 'a'] }] } }),
          { path: ['extension', 'parameters', 'instance', 0, 'options'] },
        ],
        [
          inline({ parameters: { instance: [{ id: 'e', name: 'E', type: 'Color' }] } }),
          { name: 'in', path: ['extension', 'parameters', 'instance', 0, 'type'] },
        ],
        [
          inline({ parameters: { instance: [{ id: 'n', name: 'N', type: 'Number', default: 'five' }] } }),
          { path: ['extension', 'parameters', 'instance', 0, 'default'] },
        ],
        [
          inline({ parameters: { instance: [{ id: 'e', name: 'E', type: 'Enum', options: ['a'], default: 'b' }] } }),
          { path: ['extension', 'parameters', 'instance', 0, 'default'] },
        ],
        [
          inline({ parameters: { instance: [{ id: 'b', name: 'B', type: 'Boolean', options: [true] }] } }),
          { name: 'unknown' },
        ],
        [
          inline({
            parameters: {
              instance: [
                { id: 'x', name: 'X', type: 'Symbol' },
                { id: 'x', name: 'Y', type: 'Symbol' },
              ],
            },
          }),
          { name: 'taken', path: ['extension', 'parameters', 'instance', 1, 'id'] },
        ],
        [inline({ parameters: { instance: [{ id: '1x', name: 'X', type: 'Symbol' }] } }), { name: 'regexp' }],
        [
          inline({
            parameters: {
              installation: Array.from({ length: 9 }, (_, i) => ({ id: `p${i}`, name: 'P', type: 'Symbol' })),
            },
          }),
          { name: 'size' },
        ],
        [inline({ parameters: { other: [] } }), { name: 'type', path: ['extension', 'parameters'] }],
        [
          {
            ...inline({ parameters: { installation: [{ id: 'key', name: 'Key', type: 'Symbol', required: true }] } }),
            parameters: {},
          },
          { name: 'required', path: ['parameters', 'key'] },
        ],
        [
          {
            ...inline({ parameters: { installation: [{ id: 'n', name: 'N', type: 'Number' }] } }),
            parameters: { n: 'x' },
          },
          { name: 'type', path: ['parameters', 'n'] },
        ],
        [
          { ...inline(), parameters: { unknown: 1 } },
          { name: 'unknown', path: ['parameters', 'unknown'] },
        ],
      ];
      for (const [body, error] of cases) {
        for (const res of [await api().post(s.x(), body), await api().put(s.x('ext'), body, c.version(1))]) {
          expect(res.status, JSON.stringify(error)).toBe(422);
          expect(res.body.sys.id).toBe('ValidationFailed');
          expect(res.body.details.errors).toContainEqual(expect.objectContaining(error));
        }
      }
      expect((await api().post(s.x(), inline({ srcdoc: 'é'.repeat(102_400) }))).status).toBe(201); // exactly 200KB in UTF-8
      expect((await api().post(s.x(), inline({ srcdoc: `${'é'.repeat(102_400)}!` }))).status).toBe(422);
      expect((await api().post(s.x(), { extension: { srcdoc: '<p>' } })).status).toBe(422); // schema: name required
      expect((await api().post(s.x(), { name: 'No wrapper' })).status).toBe(422);
      expect(
        (await api().request('POST', s.x(), { rawBody: '{', headers: { 'Content-Type': 'application/json' } })).status,
      ).toBe(400);
      for (const res of [
        await api().put(s.x('bad id!'), inline()),
        await api().get(s.x('bad id!')),
        await api().delete(s.x('bad id!')),
        await api().put(s.x('ext'), inline(), c.version('v')),
      ]) {
        expect(res.status).toBe(400);
        expect(res.body.sys.id).toBe('BadRequest');
      }
      expect((await api().get(s.x())).body.total).toBe(2);
      expect((await api().get(s.x('ext'))).body).toMatchObject({ extension: { name: 'Inline' }, sys: { version: 1 } });
    });

    it('needs a space admin to write; members may read', async () => {
      const s = await setup();
      await api().put(s.x('ext'), inline());
      const member = await envs.otherUser(s.id);
      expect((await api().get(s.x('ext'), { token: member })).status).toBe(200);
      expect((await api().get(s.x(), { token: member })).status).toBe(200);
      for (const res of [
        await api().post(s.x(), inline(), { token: member }),
        await api().put(s.x('other'), inline(), { token: member }),
        await api().put(s.x('ext'), inline({ name: 'X' }), { token: member, ...c.version(1) }),
        await api().delete(s.x('ext'), { token: member }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.sys.id).toBe('AccessDenied');
      }
      expect((await api().get(s.x())).body.total).toBe(1);
      expect((await api().get(s.x('ext'))).body.sys.version).toBe(1);
    });
  });
}
