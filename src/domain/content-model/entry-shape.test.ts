import { describe, expect, it } from 'vitest';
import { checkEntryShape } from './entry-validation.ts';
import { assetLink, contentType, doc, entryLink, field, LOCALES, paragraph, text } from './fixtures.test-support.ts';

const shape = (f: ReturnType<typeof field>, value: unknown) =>
  checkEntryShape(contentType(f), { [f.id]: { 'en-US': value } }, LOCALES);

describe('checkEntryShape', () => {
  it('accepts a value of every type, and null for any', () => {
    const ok: Array<[ReturnType<typeof field>, unknown]> = [
      [field('s', 'Symbol'), 'x'.repeat(256)],
      [field('t', 'Text'), 'x'.repeat(50_000)],
      [field('r', 'RichText'), doc(paragraph(text('hi', 'bold')))],
      [field('i', 'Integer'), -42],
      [field('n', 'Number'), 1.5],
      [field('d', 'Date'), '2024-02-29'],
      [field('d2', 'Date'), '2024-02-29T10:00'],
      [field('d3', 'Date'), '2024-02-29T10:00:00.123+02:00'],
      [field('b', 'Boolean'), false],
      [field('l', 'Location'), { lat: -90, lon: 180 }],
      [field('o', 'Object'), { any: ['json'] }],
      [field('o2', 'Object'), [1, 2]],
      [field('le', 'Link', { linkType: 'Entry' }), entryLink('e1')],
      [field('la', 'Link', { linkType: 'Asset' }), assetLink('a1')],
      [field('as', 'Array', { items: { type: 'Symbol', validations: [] } }), ['a', 'b']],
      [field('al', 'Array', { items: { type: 'Link', linkType: 'Entry', validations: [] } }), [entryLink('e1')]],
    ];
    for (const [f, value] of ok) {
      expect(shape(f, value), f.id).toEqual([]);
      expect(shape(f, null), `${f.id} null`).toEqual([]);
    }
  });

  it('refuses a value of the wrong type for each type, naming the type and the path', () => {
    const bad: Array<[ReturnType<typeof field>, unknown, string]> = [
      [field('s', 'Symbol'), 2, 'Symbol'],
      [field('t', 'Text'), true, 'Text'],
      [field('r', 'RichText'), 'text', 'RichText'],
      [field('r2', 'RichText'), { nodeType: 'paragraph', content: [] }, 'RichText'],
      [field('i', 'Integer'), 1.5, 'Integer'],
      [field('i2', 'Integer'), 2 ** 60, 'Integer'],
      [field('n', 'Number'), '1', 'Number'],
      [field('d', 'Date'), '2023-02-29', 'Date'],
      [field('d2', 'Date'), 'yesterday', 'Date'],
      [field('b', 'Boolean'), 'true', 'Boolean'],
      [field('l', 'Location'), { lat: 91, lon: 0 }, 'Location'],
      [field('l2', 'Location'), { lat: 0, lon: -181 }, 'Location'],
      [field('l3', 'Location'), { lat: 0 }, 'Location'],
      [field('o', 'Object'), 'str', 'Object'],
      [field('le', 'Link', { linkType: 'Entry' }), assetLink('a1'), 'Link to Entry'],
      [field('la', 'Link', { linkType: 'Asset' }), { sys: { type: 'Link', linkType: 'Asset' } }, 'Link to Asset'],
      [field('as', 'Array', { items: { type: 'Symbol', validations: [] } }), 'a', 'Array'],
    ];
    for (const [f, value, type] of bad) {
      expect(shape(f, value), f.id).toEqual([
        {
          name: 'type',
          type,
          value,
          path: ['fields', f.id, 'en-US'],
          details: `The type of "value" is incorrect, expected type: ${type}`,
        },
      ]);
    }
  });

  it('refuses over-long Symbol and Text values', () => {
    expect(shape(field('s', 'Symbol'), 'x'.repeat(257))).toEqual([
      expect.objectContaining({ name: 'size', max: 256, path: ['fields', 's', 'en-US'] }),
    ]);
    expect(shape(field('t', 'Text'), 'x'.repeat(50_001))).toEqual([
      expect.objectContaining({ name: 'size', max: 50_000 }),
    ]);
  });

  it('points at the wrong item of an array', () => {
    const f = field('tags', 'Array', { items: { type: 'Symbol', validations: [] } });
    expect(shape(f, ['a', 3])).toEqual([
      expect.objectContaining({ name: 'type', type: 'Symbol', value: 3, path: ['fields', 'tags', 'en-US', 1] }),
    ]);
    const links = field('refs', 'Array', { items: { type: 'Link', linkType: 'Asset', validations: [] } });
    expect(shape(links, [assetLink('a'), entryLink('e')])).toEqual([
      expect.objectContaining({ type: 'Link to Asset', path: ['fields', 'refs', 'en-US', 1] }),
    ]);
  });

  it('refuses structurally invalid rich text with the path inside the document', () => {
    const f = field('body', 'RichText');
    const nested = shape(f, doc(paragraph({ nodeType: 'paragraph', data: {}, content: [] })));
    expect(nested).toEqual([
      expect.objectContaining({ name: 'in', path: ['fields', 'body', 'en-US', 'content', 0, 'content', 0] }),
    ]);
    expect(shape(f, doc(paragraph({ nodeType: 'text', marks: [] })))[0]).toMatchObject({
      path: ['fields', 'body', 'en-US', 'content', 0, 'content', 0, 'value'],
    });
    expect(
      shape(f, doc({ nodeType: 'embedded-entry-block', data: { target: assetLink('a') }, content: [] }))[0],
    ).toMatchObject({ path: ['fields', 'body', 'en-US', 'content', 0, 'data', 'target'] });
    expect(shape(f, doc({ nodeType: 'embedded-entry-block', data: { target: entryLink('e') }, content: [] }))).toEqual(
      [],
    );
    expect(
      shape(
        f,
        doc(paragraph(text('x')), {
          nodeType: 'unordered-list',
          data: {},
          content: [{ nodeType: 'list-item', data: {}, content: [paragraph(text('y'))] }],
        }),
      ),
    ).toEqual([]);
  });

  it('refuses an unknown field, and a field deleted from the definition, but allows an omitted one', () => {
    const ct = contentType(
      field('title', 'Symbol'),
      field('gone', 'Symbol', { omitted: true, deleted: true }),
      field('hidden', 'Symbol', { omitted: true }),
    );
    expect(checkEntryShape(ct, { nope: { 'en-US': 'x' } }, LOCALES)).toEqual([
      {
        name: 'unknown',
        path: ['fields', 'nope'],
        value: { 'en-US': 'x' },
        details: 'The property "nope" is not allowed here.',
      },
    ]);
    expect(checkEntryShape(ct, { gone: { 'en-US': 'x' } }, LOCALES)).toEqual([
      expect.objectContaining({ name: 'unknown', path: ['fields', 'gone'] }),
    ]);
    expect(checkEntryShape(ct, { hidden: { 'en-US': 'x' }, title: { 'en-US': 'y' } }, LOCALES)).toEqual([]);
  });

  it('refuses an unknown locale; accepts other locales on a non-localized field, shape-checked', () => {
    const ct = contentType(field('title', 'Symbol', { localized: true }), field('slug', 'Symbol'));
    expect(checkEntryShape(ct, { title: { 'en-US': 'a', 'de-DE': 'b', 'xx-XX': 'c' } }, LOCALES)).toEqual([
      expect.objectContaining({ name: 'unknown', path: ['fields', 'title', 'xx-XX'] }),
    ]);
    expect(checkEntryShape(ct, { slug: { 'en-US': 'a', 'de-DE': 'b' } }, LOCALES)).toEqual([]);
    expect(checkEntryShape(ct, { slug: { 'de-DE': 5 } } as never, LOCALES)).toEqual([
      expect.objectContaining({ name: 'type', path: ['fields', 'slug', 'de-DE'] }),
    ]);
  });

  it('refuses fields that are not objects of locales', () => {
    const ct = contentType(field('title', 'Symbol'));
    expect(checkEntryShape(ct, { title: 'x' } as never, LOCALES)).toEqual([
      expect.objectContaining({ name: 'type', path: ['fields', 'title'] }),
    ]);
    expect(checkEntryShape(ct, [] as never, LOCALES)).toEqual([
      expect.objectContaining({ name: 'type', path: ['fields'] }),
    ]);
    expect(checkEntryShape(ct, { title: null } as never, LOCALES)).toEqual([]);
  });
});
