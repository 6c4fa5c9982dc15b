import { describe, expect, it } from 'vitest';
import { contentFixtures } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';

const field = (id: string, type: string, validations: unknown[], extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  type,
  validations,
  ...extra,
});
const entryLinks = { type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [] as unknown[] } };

/** Each validation, a field type it applies to, and one it does not apply to. */
const CASES: Array<{
  validation: Record<string, unknown>;
  applies: Record<string, unknown>;
  notApplies: Record<string, unknown>;
}> = [
  {
    validation: { linkContentType: ['post'] },
    applies: { type: 'Link', linkType: 'Entry' },
    notApplies: { type: 'Link', linkType: 'Asset' },
  },
  { validation: { in: ['a', 'b'] }, applies: { type: 'Symbol' }, notApplies: { type: 'Boolean' } },
  {
    validation: { linkMimetypeGroup: ['image'] },
    applies: { type: 'Link', linkType: 'Asset' },
    notApplies: { type: 'Link', linkType: 'Entry' },
  },
  {
    validation: { size: { min: 1, max: 3 } },
    applies: { type: 'Array', items: { type: 'Symbol' } },
    notApplies: { type: 'Integer' },
  },
  { validation: { range: { min: 0 } }, applies: { type: 'Number' }, notApplies: { type: 'Symbol' } },
  { validation: { regexp: { pattern: '^a', flags: 'i' } }, applies: { type: 'Text' }, notApplies: { type: 'Date' } },
  { validation: { prohibitRegexp: { pattern: 'x' } }, applies: { type: 'Symbol' }, notApplies: { type: 'RichText' } },
  { validation: { unique: true }, applies: { type: 'Integer' }, notApplies: { type: 'Text' } },
  {
    validation: { dateRange: { min: '2020-01-01', max: '2030-12-31T00:00:00Z' } },
    applies: { type: 'Date' },
    notApplies: { type: 'Symbol' },
  },
  {
    validation: { assetImageDimensions: { width: { min: 10 }, height: { max: 100 } } },
    applies: { type: 'Link', linkType: 'Asset' },
    notApplies: { type: 'Object' },
  },
  {
    validation: { assetFileSize: { max: 1000 } },
    applies: { type: 'Array', items: { type: 'Link', linkType: 'Asset' } },
    notApplies: { type: 'Location' },
  },
  {
    validation: { enabledNodeTypes: ['heading-1', 'embedded-entry-block'] },
    applies: { type: 'RichText' },
    notApplies: { type: 'Text' },
  },
  { validation: { enabledMarks: ['bold'] }, applies: { type: 'RichText' }, notApplies: { type: 'Symbol' } },
];

for (const kind of DB_KINDS) {
  describe(`${kind}: content type validations`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);

    async function setup() {
      const s = await f.space();
      expect(
        (await api().put(`${s.m('content_types')}/post`, { name: 'Post', fields: [field('title', 'Symbol', [])] }))
          .status,
      ).toBe(201);
      return {
        ...s,
        save: (fields: unknown[]) => api().put(`${s.m('content_types')}/post`, { name: 'Post', fields }, f.version(1)),
      };
    }
    const titleOnly = async (s: { m: (c: string) => string }) => (await api().get(`${s.m('content_types')}/post`)).body;

    it('accepts each of the thirteen validations where the spec says it applies', async () => {
      const s = await setup();
      const fields = CASES.map((c, i) => {
        const validations = [{ ...c.validation, message: 'custom' }];
        const { items, ...rest } = c.applies as { type: string; items?: Record<string, unknown> };
        // Array items take item-level rules (links, symbols); size applies to the array itself.
        if (items && !('size' in c.validation))
          return field(`f${i}`, 'Array', [], { items: { ...items, validations } });
        return field(`f${i}`, rest.type, validations, { ...rest, ...(items ? { items } : {}) });
      });
      const res = await s.save(fields);
      expect(res.status, JSON.stringify(res.body.details)).toBe(200);
      expect(res.body.fields[0].validations).toEqual([{ linkContentType: ['post'], message: 'custom' }]);
      expect(res.body.fields[10].items.validations).toEqual([{ assetFileSize: { max: 1000 }, message: 'custom' }]);
      expect(res.body.sys.version).toBe(2);
    });

    it('refuses each validation on a field type it does not apply to, naming the field, the validation and its index', async () => {
      const s = await setup();
      for (const c of CASES) {
        const [name] = Object.keys(c.validation);
        const { type, ...rest } = c.notApplies;
        const res = await s.save([field('title', 'Symbol', []), field('bad', type as string, [c.validation], rest)]);
        expect(res.status, name).toBe(422);
        expect(res.body.sys.id).toBe('ValidationFailed');
        const errors = res.body.details.errors;
        expect(errors, name).toHaveLength(1);
        expect(errors[0]).toMatchObject({ name, value: c.validation });
        expect(errors[0].path).toEqual(['fields', 1, 'validations', 0]);
        expect(errors[0].details).toContain('does not apply');
      }
      expect((await titleOnly(s)).sys.version).toBe(1);
    });

    it('refuses malformed validations', async () => {
      const s = await setup();
      const bad: Array<[string, unknown, Record<string, unknown>]> = [
        ['Symbol', { regexp: { flags: 'i' } }, { name: 'regexp', path: ['fields', 0, 'validations', 0, 'regexp'] }],
        [
          'Symbol',
          { regexp: { pattern: '([a-z' } },
          { name: 'regexp', details: expect.stringContaining('not a valid regular expression') },
        ],
        ['Symbol', { regexp: { pattern: 'a', flags: 'gx' } }, { name: 'regexp' }],
        ['Text', { size: { min: 5, max: 2 } }, { name: 'size', details: expect.stringContaining('greater than') }],
        ['Text', { size: { min: -1 } }, { name: 'size' }],
        ['Text', { size: {} }, { name: 'size' }],
        ['Number', { range: { min: 'a' } }, { name: 'range' }],
        ['Symbol', { nope: true }, { name: 'unknown', path: ['fields', 0, 'validations', 0, 'nope'] }],
        ['Symbol', { in: ['a'], size: { max: 1 } }, { name: 'validation', path: ['fields', 0, 'validations', 0] }],
        ['Symbol', { message: 'only a message' }, { name: 'validation' }],
        ['Symbol', 'size', { name: 'type' }], // refused by the published schema
        ['Symbol', { in: [] }, { name: 'in' }],
        ['Integer', { in: [1.5] }, { name: 'in' }],
        ['Symbol', { in: [1] }, { name: 'in' }],
        ['Symbol', { unique: 'yes' }, { name: 'unique' }],
        ['Date', { dateRange: { min: 'soon' } }, { name: 'dateRange' }],
        ['Date', { dateRange: { min: '2030-01-01', max: '2020-01-01' } }, { name: 'dateRange' }],
        ['RichText', { enabledNodeTypes: ['heading-9'] }, { name: 'enabledNodeTypes' }],
        ['RichText', { enabledMarks: ['blink'] }, { name: 'enabledMarks' }],
        [
          'RichText',
          { nodes: { 'embedded-entry-block': [{ linkMimetypeGroup: ['image'] }] } },
          { name: 'linkMimetypeGroup', path: ['fields', 0, 'validations', 0, 'nodes', 'embedded-entry-block', 0] },
        ],
        ['RichText', { nodes: { 'not-a-node': [] } }, { name: 'nodes' }],
        [
          'Symbol',
          { size: { max: 3 }, message: 5 },
          { name: 'size', path: ['fields', 0, 'validations', 0, 'message'] },
        ],
      ];
      for (const [type, validation, error] of bad) {
        const res = await s.save([field('title', type, [validation])]);
        expect(res.status, JSON.stringify(validation)).toBe(422);
        expect(res.body.details.errors, JSON.stringify(validation)).toContainEqual(expect.objectContaining(error));
      }
      const link = await s.save([field('l', 'Link', [{ linkMimetypeGroup: ['sculpture'] }], { linkType: 'Asset' })]);
      expect(link.body.details.errors[0]).toMatchObject({
        name: 'linkMimetypeGroup',
        path: ['fields', 0, 'validations', 0, 'linkMimetypeGroup'],
      });
      const twice = await s.save([field('title', 'Symbol', [{ size: { max: 3 } }, { size: { min: 1 } }])]);
      expect(twice.body.details.errors[0]).toMatchObject({ name: 'size', path: ['fields', 0, 'validations', 1] });
      const items = await s.save([
        field('tags', 'Array', [], { items: { type: 'Symbol', validations: [{ range: { min: 1 } }] } }),
      ]);
      expect(items.body.details.errors[0]).toMatchObject({
        name: 'range',
        path: ['fields', 0, 'items', 'validations', 0],
      });
      expect((await titleOnly(s)).sys.version).toBe(1);
    });

    it('checks the activated validations when an entry is published, never at save', async () => {
      const s = await setup();
      await s.save([
        field('title', 'Symbol', [{ size: { max: 3 } }], { required: true }),
        field('slug', 'Symbol', [{ regexp: { pattern: '^[a-z]+$' } }]),
      ]);
      expect((await api().put(`${s.m('content_types')}/post/published`, undefined, f.version(2))).status).toBe(200);
      const entry = await api().post(
        s.m('entries'),
        { fields: { title: { 'en-US': 'too long' }, slug: { 'en-US': 'Not OK' } } },
        f.ctHeader('post'),
      );
      expect(entry.status).toBe(201);
      const publish = await api().put(`${s.m('entries')}/${entry.body.sys.id}/published`, undefined, f.version(1));
      expect(publish.status).toBe(422);
      expect(publish.body.sys.id).toBe('ValidationFailed');
      expect(publish.body.details.errors).toEqual([
        expect.objectContaining({ name: 'size', max: 3, path: ['fields', 'title', 'en-US'] }),
        expect.objectContaining({ name: 'regexp', path: ['fields', 'slug', 'en-US'] }),
      ]);
      expect((await api().get(`${s.m('entries')}/${entry.body.sys.id}`)).body.sys).not.toHaveProperty(
        'publishedVersion',
      );
    });
  });
}
