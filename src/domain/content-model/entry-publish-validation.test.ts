import { describe, expect, it } from 'vitest';
import { validateEntryForPublish } from './entry-validation.ts';
import type { FieldDefinition, Validation } from './field.ts';
import {
  assetLink,
  contentType,
  doc,
  entryLink,
  fakeLookups,
  field,
  LOCALES,
  paragraph,
  text,
} from './fixtures.test-support.ts';

const run = (
  fields: FieldDefinition[],
  values: Record<string, Record<string, unknown>>,
  lookupOptions: Parameters<typeof fakeLookups>[0] = {},
) => validateEntryForPublish(contentType(...fields), 'self', values, LOCALES, fakeLookups(lookupOptions).lookups);

/** Runs one validation on one field value: [errors for the passing value, errors for the failing value]. */
async function passFail(
  f: FieldDefinition,
  good: unknown,
  bad: unknown,
  lookupOptions: Parameters<typeof fakeLookups>[0] = {},
) {
  return [
    await run([f], { [f.id]: { 'en-US': good } }, lookupOptions),
    await run([f], { [f.id]: { 'en-US': bad } }, lookupOptions),
  ];
}

const v = (validation: Validation) => [validation];

describe('validateEntryForPublish: required', () => {
  it('needs a value in the default locale of a non-localized required field', async () => {
    const f = field('title', 'Symbol', { required: true });
    expect(await run([f], { title: { 'en-US': 'x' } })).toEqual([]);
    expect(await run([f], {})).toEqual([
      { name: 'required', path: ['fields', 'title'], details: 'The property "title" is required here' },
    ]);
    expect(await run([f], { title: { 'en-US': null } })).toEqual([
      expect.objectContaining({ name: 'required', path: ['fields', 'title'] }),
    ]);
  });

  it('needs a value in every non-optional locale of a localized required field', async () => {
    const f = field('title', 'Symbol', { required: true, localized: true });
    expect(await run([f], { title: { 'en-US': 'x', 'de-DE': 'y' } })).toEqual([]); // fr-FR is optional
    expect(await run([f], { title: { 'en-US': 'x' } })).toEqual([
      expect.objectContaining({ name: 'required', path: ['fields', 'title', 'de-DE'] }),
    ]);
  });

  it('skips omitted fields but checks disabled ones', async () => {
    expect(await run([field('a', 'Symbol', { required: true, omitted: true })], {})).toEqual([]);
    expect(await run([field('a', 'Symbol', { required: true, disabled: true })], {})).toHaveLength(1);
  });
});

describe('validateEntryForPublish: value validations', () => {
  it('in', async () => {
    const [ok, fail] = await passFail(field('s', 'Symbol', { validations: v({ in: ['a', 'b'] }) }), 'a', 'c');
    expect(ok).toEqual([]);
    expect(fail).toEqual([
      {
        name: 'in',
        expected: ['a', 'b'],
        value: 'c',
        path: ['fields', 's', 'en-US'],
        details: 'Value must be one of expected values',
      },
    ]);
    const [okNumber, failNumber] = await passFail(field('n', 'Integer', { validations: v({ in: [1, 2] }) }), 2, 3);
    expect([okNumber, failNumber.map((e) => e.name)]).toEqual([[], ['in']]);
  });

  it('size on text, arrays and rich text', async () => {
    const [ok, fail] = await passFail(
      field('s', 'Symbol', { validations: v({ size: { min: 2, max: 3 } }) }),
      'abc',
      'abcd',
    );
    expect(ok).toEqual([]);
    expect(fail).toEqual([
      expect.objectContaining({ name: 'size', min: 2, max: 3, value: 'abcd', details: 'Size must be between 2 and 3' }),
    ]);
    const list = field('l', 'Array', {
      items: { type: 'Symbol', validations: [] },
      validations: v({ size: { max: 1 } }),
    });
    const [okList, failList] = await passFail(list, ['a'], ['a', 'b']);
    expect([okList, failList.map((e) => e.details)]).toEqual([[], ['Size must be at most 1']]);
    const rich = field('r', 'RichText', { validations: v({ size: { min: 5 } }) });
    const [okRich, failRich] = await passFail(rich, doc(paragraph(text('hello'))), doc(paragraph(text('hi'))));
    expect([okRich, failRich.map((e) => e.name)]).toEqual([[], ['size']]);
  });

  it('range', async () => {
    const [ok, fail] = await passFail(
      field('n', 'Number', { validations: v({ range: { min: 0, max: 10 } }) }),
      10,
      10.5,
    );
    expect(ok).toEqual([]);
    expect(fail).toEqual([expect.objectContaining({ name: 'range', min: 0, max: 10, value: 10.5 })]);
  });

  it('regexp and prohibitRegexp, with flags', async () => {
    const [ok, fail] = await passFail(
      field('s', 'Symbol', { validations: v({ regexp: { pattern: '^[a-z]+$', flags: 'i' } }) }),
      'AbC',
      'ab1',
    );
    expect(ok).toEqual([]);
    expect(fail).toEqual([expect.objectContaining({ name: 'regexp', pattern: '^[a-z]+$', value: 'ab1' })]);
    const [okNot, failNot] = await passFail(
      field('t', 'Text', { validations: v({ prohibitRegexp: { pattern: 'bad' } }) }),
      'good',
      'so bad',
    );
    expect([okNot, failNot.map((e) => e.name)]).toEqual([[], ['prohibitRegexp']]);
  });

  it('dateRange with min/max inclusive and after/before exclusive', async () => {
    const f = field('d', 'Date', { validations: v({ dateRange: { min: '2024-01-01', max: '2024-12-31T23:59:59Z' } }) });
    const [ok, fail] = await passFail(f, '2024-01-01', '2025-01-01T00:00');
    expect(ok).toEqual([]);
    expect(fail).toEqual([
      expect.objectContaining({ name: 'dateRange', min: '2024-01-01', max: '2024-12-31T23:59:59Z' }),
    ]);
    const [okAfter, failAfter] = await passFail(
      field('d', 'Date', { validations: v({ dateRange: { after: '2024-01-01' } }) }),
      '2024-01-02',
      '2024-01-01',
    );
    expect([okAfter, failAfter.map((e) => e.name)]).toEqual([[], ['dateRange']]);
  });

  it('enabledNodeTypes and enabledMarks on rich text, with the path inside the document', async () => {
    const heading = { nodeType: 'heading-1', data: {}, content: [text('h')] };
    const f = field('r', 'RichText', { validations: v({ enabledNodeTypes: ['heading-2'] }) });
    const [ok, fail] = await passFail(f, doc(paragraph(text('x'))), doc(paragraph(text('x')), heading));
    expect(ok).toEqual([]);
    expect(fail).toEqual([
      expect.objectContaining({
        name: 'enabledNodeTypes',
        nodeType: 'heading-1',
        path: ['fields', 'r', 'en-US', 'content', 1],
      }),
    ]);
    const marks = field('r', 'RichText', { validations: v({ enabledMarks: ['bold'] }) });
    const [okMarks, failMarks] = await passFail(
      marks,
      doc(paragraph(text('x', 'bold'))),
      doc(paragraph(text('x', 'bold', 'italic'))),
    );
    expect(okMarks).toEqual([]);
    expect(failMarks).toEqual([
      expect.objectContaining({
        name: 'enabledMarks',
        mark: 'italic',
        path: ['fields', 'r', 'en-US', 'content', 0, 'content', 0, 'marks'],
      }),
    ]);
  });

  it('checks array item validations per item', async () => {
    const f = field('tags', 'Array', { items: { type: 'Symbol', validations: [{ in: ['a', 'b'] }] } });
    const [ok, fail] = await passFail(f, ['a', 'b'], ['a', 'z']);
    expect(ok).toEqual([]);
    expect(fail).toEqual([expect.objectContaining({ name: 'in', value: 'z', path: ['fields', 'tags', 'en-US', 1] })]);
  });

  it('uses the custom message as details', async () => {
    const [, fail] = await passFail(
      field('s', 'Symbol', { validations: [{ size: { max: 1 }, message: 'Too long!' }] }),
      'a',
      'ab',
    );
    expect(fail).toEqual([expect.objectContaining({ details: 'Too long!', customMessage: 'Too long!' })]);
  });

  it('checks every locale value', async () => {
    const f = field('s', 'Symbol', { localized: true, validations: v({ in: ['a'] }) });
    expect(await run([f], { s: { 'en-US': 'a', 'de-DE': 'b', 'fr-FR': 'c' } })).toEqual([
      expect.objectContaining({ path: ['fields', 's', 'de-DE'] }),
      expect.objectContaining({ path: ['fields', 's', 'fr-FR'] }),
    ]);
  });

  it('reads a non-localized field in the default locale only: values kept in other locales are not validated', async () => {
    const f = field('s', 'Symbol', { validations: v({ in: ['a'] }) });
    expect(await run([f], { s: { 'en-US': 'a', 'de-DE': 'b' } })).toEqual([]);
    expect(await run([f], { s: { 'en-US': 'b', 'de-DE': 'a' } })).toEqual([
      expect.objectContaining({ path: ['fields', 's', 'en-US'] }),
    ]);
    const link = field('l', 'Link', { linkType: 'Entry' });
    expect(
      await run(
        [link],
        { l: { 'en-US': entryLink('there'), 'de-DE': entryLink('missing') } },
        { entries: { there: 'x' } },
      ),
    ).toEqual([]);
  });
});

describe('validateEntryForPublish: unique', () => {
  it('asks the lookups with the content type, field, locale, value and own id', async () => {
    const f = field('slug', 'Symbol', { validations: v({ unique: true }) });
    const { lookups, calls } = fakeLookups({ taken: ['taken'] });
    expect(
      await validateEntryForPublish(contentType(f), 'self', { slug: { 'en-US': 'free' } }, LOCALES, lookups),
    ).toEqual([]);
    expect(calls.unique).toEqual([['article', 'slug', 'en-US', 'free', 'self']]);
    expect(
      await validateEntryForPublish(contentType(f), 'self', { slug: { 'en-US': 'taken' } }, LOCALES, lookups),
    ).toEqual([expect.objectContaining({ name: 'unique', value: 'taken', path: ['fields', 'slug', 'en-US'] })]);
  });
});

describe('validateEntryForPublish: links', () => {
  const known = {
    entries: { e1: 'author', e2: 'post' },
    assets: {
      img: { 'en-US': { contentType: 'image/png', size: 2_000, width: 800, height: 600 } },
      pdf: { 'en-US': { contentType: 'application/pdf', size: 50_000 } },
    },
  };

  it('reports links to missing entries and assets as notResolvable, batching the lookups', async () => {
    const fields = [
      field('author', 'Link', { linkType: 'Entry' }),
      field('related', 'Array', { items: { type: 'Link', linkType: 'Entry', validations: [] } }),
      field('image', 'Link', { linkType: 'Asset' }),
      field('body', 'RichText'),
    ];
    const { lookups, calls } = fakeLookups(known);
    const errors = await validateEntryForPublish(
      contentType(...fields),
      'self',
      {
        author: { 'en-US': entryLink('e1') },
        related: { 'en-US': [entryLink('e2'), entryLink('gone'), entryLink('e1')] },
        image: { 'en-US': assetLink('missing') },
        body: { 'en-US': doc({ nodeType: 'embedded-entry-block', data: { target: entryLink('gone2') }, content: [] }) },
      },
      LOCALES,
      lookups,
    );
    expect(errors).toEqual([
      {
        name: 'notResolvable',
        link: { type: 'Link', linkType: 'Entry', id: 'gone' },
        path: ['fields', 'related', 'en-US', 1],
        details: expect.any(String),
      },
      expect.objectContaining({
        name: 'notResolvable',
        link: { type: 'Link', linkType: 'Asset', id: 'missing' },
        path: ['fields', 'image', 'en-US'],
      }),
      expect.objectContaining({
        name: 'notResolvable',
        path: ['fields', 'body', 'en-US', 'content', 0, 'data', 'target'],
      }),
    ]);
    expect(calls.entries).toEqual([['e1', 'e2', 'gone', 'gone2']]);
    expect(calls.assets).toEqual([['missing']]);
  });

  it('linkContentType on links, arrays of links and rich text', async () => {
    const single = field('author', 'Link', { linkType: 'Entry', validations: v({ linkContentType: ['author'] }) });
    const [ok, fail] = await passFail(single, entryLink('e1'), entryLink('e2'), known);
    expect(ok).toEqual([]);
    expect(fail).toEqual([
      expect.objectContaining({
        name: 'linkContentType',
        contentTypeId: ['author'],
        path: ['fields', 'author', 'en-US'],
      }),
    ]);
    const list = field('l', 'Array', {
      items: { type: 'Link', linkType: 'Entry', validations: v({ linkContentType: ['post'] }) },
    });
    const [okList, failList] = await passFail(list, [entryLink('e2')], [entryLink('e2'), entryLink('e1')], known);
    expect([okList, failList.map((e) => e.path)]).toEqual([[], [['fields', 'l', 'en-US', 1]]]);
    const embed = (id: string) =>
      doc({ nodeType: 'embedded-entry-block', data: { target: entryLink(id) }, content: [] });
    const rich = field('r', 'RichText', { validations: v({ linkContentType: ['post'] }) });
    const [okRich, failRich] = await passFail(rich, embed('e2'), embed('e1'), known);
    expect([okRich, failRich.map((e) => e.name)]).toEqual([[], ['linkContentType']]);
    const perNode = field('r', 'RichText', {
      validations: v({ nodes: { 'embedded-entry-block': [{ linkContentType: ['author'] }] } }),
    });
    const [okNode, failNode] = await passFail(perNode, embed('e1'), embed('e2'), known);
    expect([okNode, failNode.map((e) => e.name)]).toEqual([[], ['linkContentType']]);
  });

  it('nodes size counts the nodes of a type', async () => {
    const embed = (id: string) => ({ nodeType: 'embedded-entry-block', data: { target: entryLink(id) }, content: [] });
    const f = field('r', 'RichText', { validations: v({ nodes: { 'embedded-entry-block': [{ size: { max: 1 } }] } }) });
    const [ok, fail] = await passFail(f, doc(embed('e1')), doc(embed('e1'), embed('e2')), known);
    expect(ok).toEqual([]);
    expect(fail).toEqual([
      expect.objectContaining({ name: 'size', nodeType: 'embedded-entry-block', max: 1, value: 2 }),
    ]);
  });

  it('linkMimetypeGroup', async () => {
    const f = field('image', 'Link', { linkType: 'Asset', validations: v({ linkMimetypeGroup: ['image'] }) });
    const [ok, fail] = await passFail(f, assetLink('img'), assetLink('pdf'), known);
    expect(ok).toEqual([]);
    expect(fail).toEqual([
      expect.objectContaining({
        name: 'linkMimetypeGroup',
        mimetypeGroupName: ['image'],
        path: ['fields', 'image', 'en-US'],
      }),
    ]);
  });

  it('assetFileSize', async () => {
    const f = field('a', 'Link', { linkType: 'Asset', validations: v({ assetFileSize: { max: 10_000 } }) });
    const [ok, fail] = await passFail(f, assetLink('img'), assetLink('pdf'), known);
    expect(ok).toEqual([]);
    expect(fail).toEqual([expect.objectContaining({ name: 'assetFileSize', max: 10_000 })]);
  });

  it('assetImageDimensions, failing for non-images', async () => {
    const f = field('a', 'Array', {
      items: {
        type: 'Link',
        linkType: 'Asset',
        validations: v({ assetImageDimensions: { width: { min: 500 }, height: { max: 600 } } }),
      },
    });
    const [ok, fail] = await passFail(f, [assetLink('img')], [assetLink('pdf')], known);
    expect(ok).toEqual([]);
    expect(fail).toEqual([
      expect.objectContaining({
        name: 'assetImageDimensions',
        width: { min: 500 },
        height: { max: 600 },
        path: ['fields', 'a', 'en-US', 0],
      }),
    ]);
    const tooSmall = { assets: { small: { 'en-US': { contentType: 'image/png', width: 100, height: 100 } } } };
    expect((await run([f], { a: { 'en-US': [assetLink('small')] } }, tooSmall)).map((e) => e.name)).toEqual([
      'assetImageDimensions',
    ]);
  });

  it('asset rules on rich text nodes', async () => {
    const embed = (id: string) =>
      doc({ nodeType: 'embedded-asset-block', data: { target: assetLink(id) }, content: [] });
    const f = field('r', 'RichText', {
      validations: v({ nodes: { 'embedded-asset-block': [{ linkMimetypeGroup: ['pdfdocument'] }] } }),
    });
    const [ok, fail] = await passFail(f, embed('pdf'), embed('img'), known);
    expect([ok, fail.map((e) => e.name)]).toEqual([[], ['linkMimetypeGroup']]);
  });
});
