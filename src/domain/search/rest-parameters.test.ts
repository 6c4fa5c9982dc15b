import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors/index.ts';
import { contentType, field } from '../content-model/fixtures.test-support.ts';
import type { ContentTypeDefinition } from '../content-model/field.ts';
import type { ContentState, SearchQuery, SearchTarget } from './query.ts';
import { parseRestSearch, restSearchNeeds } from './rest-parameters.ts';
import { parseQueryString } from './rest-query-string.ts';

const article = contentType(
  field('title', 'Symbol', { localized: true }),
  field('slug', 'Symbol'),
  field('body', 'Text', { localized: true }),
  field('rich', 'RichText'),
  field('views', 'Integer'),
  field('rating', 'Number'),
  field('when', 'Date'),
  field('flag', 'Boolean'),
  field('place', 'Location'),
  field('meta', 'Object'),
  field('labels', 'Array', { items: { type: 'Symbol', validations: [] } }),
  field('author', 'Link', { linkType: 'Entry' }),
  field('image', 'Link', { linkType: 'Asset' }),
  field('related', 'Array', { items: { type: 'Link', linkType: 'Entry', validations: [] } }),
  field('gone', 'Symbol', { deleted: true }),
);
const person: ContentTypeDefinition = {
  ...contentType(field('name', 'Symbol'), field('age', 'Integer')),
  id: 'person',
};
const SCHEMA = {
  defaultLocale: 'en-US',
  contentTypes: new Map([
    ['article', article],
    ['person', person],
  ]),
};

function parse(query: string, target: SearchTarget = 'Entry', state: ContentState = 'draft'): SearchQuery {
  const { parameters, errors } = parseQueryString(query);
  expect(errors).toEqual([]);
  return parseRestSearch(parameters, { target, state }, { ...SCHEMA, target });
}
function problems(
  query: string,
  target: SearchTarget = 'Entry',
): { message: string; errors: Array<Record<string, unknown>> } {
  try {
    parse(query, target);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).id).toBe('InvalidQuery');
    return {
      message: (error as AppError).message,
      errors: ((error as AppError).details as { errors: Array<Record<string, unknown>> }).errors,
    };
  }
  throw new Error(`"${query}" parsed without problems`);
}
const where = (query: string) => parse(`content_type=article&${query}`).where;

const ANY = { kind: 'any' };
const DEFAULT = { kind: 'chain', codes: ['en-US'] };

describe('REST search parameters -> query representation', () => {
  it('answers every entry by creation with an id tie-break when nothing is given', () => {
    expect(parse('')).toEqual({
      target: 'Entry',
      state: 'draft',
      where: { kind: 'and', conditions: [] },
      skip: 0,
      limit: 100,
      order: [
        { kind: 'path', path: { kind: 'sys', attribute: 'createdAt', valueType: 'date' }, direction: 'asc' },
        { kind: 'path', path: { kind: 'sys', attribute: 'id', valueType: 'symbol' }, direction: 'asc' },
      ],
    });
    expect(parse('', 'Asset', 'published')).toMatchObject({ target: 'Asset', state: 'published' });
  });

  it('matches localized fields in any locale and other fields in the default locale, with typed values', () => {
    expect(where('fields.title=Hello')).toEqual({
      kind: 'compare',
      op: 'eq',
      value: 'Hello',
      path: { kind: 'field', fieldId: 'title', locale: ANY, subpath: [], valueType: 'symbol', array: false },
    });
    expect(where('fields.views[gte]=10')).toMatchObject({
      op: 'gte',
      value: 10,
      path: { fieldId: 'views', locale: DEFAULT, valueType: 'integer' },
    });
    expect(where('fields.rating[lt]=2.5')).toMatchObject({ op: 'lt', value: 2.5, path: { valueType: 'number' } });
    expect(where('fields.when[gt]=2024-05-01')).toMatchObject({
      value: '2024-05-01T00:00:00.000Z',
      path: { valueType: 'date' },
    });
    expect(where('fields.when=2024-05-01T12:00:00%2B02:00')).toMatchObject({ value: '2024-05-01T10:00:00.000Z' });
    expect(where('fields.flag[ne]=false')).toMatchObject({ op: 'ne', value: false, path: { valueType: 'boolean' } });
    expect(where('fields.views[in]=1,2,3')).toMatchObject({ op: 'in', value: [1, 2, 3] });
    expect(where('fields.labels[all]=a,b')).toMatchObject({
      op: 'all',
      value: ['a', 'b'],
      path: { array: true, valueType: 'symbol' },
    });
    expect(where('fields.labels[nin]=a')).toMatchObject({ op: 'nin', value: ['a'] });
    expect(where('fields.meta[exists]=false')).toMatchObject({
      op: 'exists',
      value: false,
      path: { valueType: 'object' },
    });
    expect(where('fields.body[match]=Hello,  Wörld!')).toMatchObject({
      op: 'match',
      value: ['hello,', 'wörld!'],
      path: { valueType: 'text' },
    });
    expect(where('fields.rich[match]=x')).toMatchObject({ op: 'match', value: [] });
  });

  it('reads link ids through sys.id, and locations with within and near', () => {
    expect(where('fields.author.sys.id=p1')).toMatchObject({
      path: { fieldId: 'author', subpath: ['sys', 'id'], valueType: 'symbol', array: false },
    });
    expect(where('fields.related.sys.id[in]=a,b')).toMatchObject({
      op: 'in',
      path: { subpath: ['sys', 'id'], array: true },
    });
    expect(where('fields.place[within]=52.5,13.4,10')).toMatchObject({
      op: 'within',
      value: { shape: 'circle', lat: 52.5, lon: 13.4, radiusKm: 10 },
    });
    expect(where('fields.place[within]=40,-10,50,20')).toMatchObject({
      value: { shape: 'rectangle', south: 40, west: -10, north: 50, east: 20 },
    });
    const near = parse('content_type=article&fields.place[near]=52,13&order=-fields.views');
    expect(near.where).toEqual({ kind: 'and', conditions: [] });
    expect(
      near.order.map((k) =>
        k.kind === 'distance'
          ? `near ${k.lat},${k.lon}`
          : `${k.direction} ${k.path.kind === 'sys' ? k.path.attribute : k.path.fieldId}`,
      ),
    ).toEqual(['near 52,13', 'desc views', 'asc id']);
  });

  it('compiles sys attributes, tags, status filters, links and content type', () => {
    const q = parse(
      'content_type=article&sys.id[ne]=x&sys.version[gt]=3&sys.publishedAt[exists]=true&sys.createdBy.sys.id=u1' +
        '&metadata.tags.sys.id[all]=t1,t2&metadata.tags[exists]=false&changed=true&links_to_entry=e1&links_to_asset=a1',
    );
    expect(q.contentTypeId).toBe('article');
    expect(q.where).toEqual({
      kind: 'and',
      conditions: [
        { kind: 'compare', path: { kind: 'sys', attribute: 'id', valueType: 'symbol' }, op: 'ne', value: 'x' },
        { kind: 'compare', path: { kind: 'sys', attribute: 'version', valueType: 'integer' }, op: 'gt', value: 3 },
        {
          kind: 'compare',
          path: { kind: 'sys', attribute: 'publishedAt', valueType: 'date' },
          op: 'exists',
          value: true,
        },
        { kind: 'compare', path: { kind: 'sys', attribute: 'createdBy', valueType: 'symbol' }, op: 'eq', value: 'u1' },
        { kind: 'compare', path: { kind: 'tags' }, op: 'all', value: ['t1', 't2'] },
        { kind: 'compare', path: { kind: 'tags' }, op: 'exists', value: false },
        { kind: 'linksTo', targetType: 'Entry', ids: ['e1'] },
        { kind: 'linksTo', targetType: 'Asset', ids: ['a1'] },
        { kind: 'changed' },
      ],
    });
    expect(parse('changed=false').where).toEqual({ kind: 'not', condition: { kind: 'changed' } });
    expect(parse('sys.contentType.sys.id[in]=a,b').where).toMatchObject({
      path: { attribute: 'contentType' },
      op: 'in',
      value: ['a', 'b'],
    });
  });

  it('searches through references with the target content type', () => {
    const q = parse(
      'content_type=article&fields.author.sys.contentType.sys.id=person&fields.author.fields.name[match]=dan&fields.author.fields.age[gt]=30',
    );
    expect(q.where).toEqual({
      kind: 'reference',
      contentTypeId: 'person',
      field: { kind: 'field', fieldId: 'author', locale: DEFAULT, subpath: [], valueType: 'link', array: false },
      where: {
        kind: 'and',
        conditions: [
          {
            kind: 'compare',
            op: 'match',
            value: ['dan'],
            path: { kind: 'field', fieldId: 'name', locale: DEFAULT, subpath: [], valueType: 'symbol', array: false },
          },
          {
            kind: 'compare',
            op: 'gt',
            value: 30,
            path: { kind: 'field', fieldId: 'age', locale: DEFAULT, subpath: [], valueType: 'integer', array: false },
          },
        ],
      },
    });
    expect(parse('content_type=article&fields.related.sys.contentType.sys.id=person').where).toMatchObject({
      kind: 'reference',
      field: { array: true },
      where: { kind: 'and', conditions: [] },
    });
  });

  it('builds full-text scopes from the text fields of the content type, of every content type, or of assets', () => {
    const one = parse('content_type=article&query=Hello wo');
    expect(one.where).toMatchObject({
      kind: 'fullText',
      terms: ['hello', 'wo'],
      scopes: [{ contentTypeId: 'article' }],
    });
    const paths = (one.where as { scopes: Array<{ paths: Array<{ fieldId: string }> }> }).scopes[0]!.paths.map(
      (p) => p.fieldId,
    );
    expect(paths).toEqual(['title', 'slug', 'body', 'rich', 'labels']);
    expect(
      (parse('query=dan').where as { scopes: Array<{ contentTypeId: string }> }).scopes.map((s) => s.contentTypeId),
    ).toEqual(['article', 'person']);
    const asset = parse('query=cat', 'Asset').where as {
      scopes: Array<{ contentTypeId?: string; paths: Array<{ fieldId: string; subpath: string[] }> }>;
    };
    expect(asset.scopes[0]!.contentTypeId).toBeUndefined();
    expect(asset.scopes[0]!.paths.map((p) => [p.fieldId, ...p.subpath].join('.'))).toEqual([
      'title',
      'description',
      'file.fileName',
    ]);
    expect(parse('query=a').where).toMatchObject({ kind: 'fullText', terms: [] });
  });

  it('orders by several keys in the default locale and always ends with sys.id', () => {
    const q = parse('content_type=article&order=-fields.views,fields.title,sys.id');
    expect(q.order).toEqual([
      {
        kind: 'path',
        direction: 'desc',
        path: { kind: 'field', fieldId: 'views', locale: DEFAULT, subpath: [], valueType: 'integer', array: false },
      },
      {
        kind: 'path',
        direction: 'asc',
        path: { kind: 'field', fieldId: 'title', locale: DEFAULT, subpath: [], valueType: 'symbol', array: false },
      },
      { kind: 'path', direction: 'asc', path: { kind: 'sys', attribute: 'id', valueType: 'symbol' } },
    ]);
    expect(parse('order=-sys.updatedAt').order).toHaveLength(2);
    expect(parse('content_type=article&order=fields.author.sys.id').order[0]).toMatchObject({
      path: { fieldId: 'author', subpath: ['sys', 'id'] },
    });
  });

  it('pages and selects', () => {
    expect(parse('skip=20&limit=0')).toMatchObject({ skip: 20, limit: 0 });
    expect(parse('content_type=article&select=sys.id,fields.title,fields.views,metadata').select).toEqual({
      fields: ['title', 'views'],
    });
    expect(parse('select=sys,fields').select).toEqual({ fields: 'all' });
    expect(parse('select=sys').select).toEqual({ fields: [] });
    expect(parse('select=fields.title,fields.file', 'Asset').select).toEqual({ fields: ['title', 'file'] });
  });

  it('compiles asset paths and MIME type groups', () => {
    expect(parse('fields.file.details.size[gt]=100', 'Asset').where).toMatchObject({
      op: 'gt',
      value: 100,
      path: { fieldId: 'file', subpath: ['details', 'size'], valueType: 'integer', locale: ANY },
    });
    expect(parse('fields.file.contentType=image/png&fields.title[match]=cat', 'Asset').where).toMatchObject({
      kind: 'and',
    });
    expect(parse('mimetype_group=image', 'Asset').where).toMatchObject({ kind: 'or' });
    expect(parse('mimetype_group=attachment', 'Asset').where).toMatchObject({
      kind: 'and',
      conditions: [{ op: 'exists' }, { kind: 'not' }],
    });
  });

  it('says which content types it needs loaded', () => {
    const needs = (q: string, t: SearchTarget = 'Entry') => restSearchNeeds(parseQueryString(q).parameters, t);
    expect(needs('content_type=article&fields.author.sys.contentType.sys.id=person')).toEqual({
      contentTypeIds: ['article', 'person'],
      allContentTypes: false,
    });
    expect(needs('query=x')).toEqual({ contentTypeIds: [], allContentTypes: true });
    expect(needs('query=x', 'Asset')).toEqual({ contentTypeIds: [], allContentTypes: false });
  });
});

describe('REST search parameters: every invalid query answers InvalidQuery with details.errors', () => {
  it('names unknown parameters, paths and fields, and unsupported parameters', () => {
    expect(
      problems('foo=1&sys.foo=2&content_type=article&fields.nope=3&fields.gone=4&locale=de&include=2').errors,
    ).toEqual([
      { name: 'unknown', path: ['foo'], details: 'The parameter "foo" is not recognized' },
      { name: 'unknown', path: ['sys', 'foo'], details: 'The path "sys.foo" is not recognized' },
      { name: 'unknown', path: ['fields', 'nope'], details: 'The path "fields.nope" is not recognized' },
      { name: 'unknown', path: ['fields', 'gone'], details: 'The path "fields.gone" is not recognized' },
      {
        name: 'unsupported',
        path: ['locale'],
        details: 'The parameter "locale" is not supported: the Management API always answers every locale',
      },
      { name: 'unsupported', path: ['include'], details: expect.stringContaining('does not resolve links') },
    ]);
    expect(problems('content_type=x', 'Asset').errors).toEqual([
      { name: 'unknown', path: ['content_type'], details: 'The parameter "content_type" is not recognized' },
    ]);
    expect(problems('mimetype_group=image').errors[0]).toMatchObject({ name: 'unknown', path: ['mimetype_group'] });
    expect(problems('links_to_entry=x', 'Asset').errors[0]).toMatchObject({ name: 'unknown' });
    expect(problems('sys.contentType.sys.id=x', 'Asset').errors[0]).toMatchObject({
      name: 'unknown',
      path: ['sys', 'contentType', 'sys', 'id'],
    });
    expect(problems('skip[gt]=1&a[b][c]=1').errors.map((e) => e.path)).toEqual([['skip[gt]'], ['a[b][c]']]);
    expect(
      problems('content_type=article&fields.title.en-US=x&fields.author.name=x').errors.map((e) => e.name),
    ).toEqual(['unknown', 'unknown']);
  });

  it('refuses values of the wrong type with the type and filter', () => {
    expect(problems('sys.archivedAt=false').errors).toEqual([
      {
        name: 'value',
        path: ['sys', 'archivedAt'],
        type: 'Date',
        filter: 'equals',
        value: 'false',
        details:
          'false used on sys.archivedAt is not a valid value for type Date (an ISO-8601 date such as 2024-05-01 or 2024-05-01T10:00:00Z).',
      },
    ]);
    const errors = problems(
      'content_type=article&fields.views=1.5&fields.rating[gt]=abc&fields.flag=yes&fields.when[lt]=2024-02-30' +
        '&fields.views[in]=1,,2&fields.title[exists]=TRUE&fields.place[within]=1,2&fields.place[near]=100,0&sys.version[gte]=x&changed=maybe',
    ).errors;
    expect(errors.map((e) => [(e.path as string[]).join('.'), e.name, e.type, e.filter])).toEqual([
      ['fields.views', 'value', 'Integer', 'equals'],
      ['fields.rating', 'value', 'Number', 'gt'],
      ['fields.flag', 'value', 'Boolean', 'equals'],
      ['fields.when', 'value', 'Date', 'lt'],
      ['fields.views', 'value', 'Integer', 'in'],
      ['fields.title', 'value', 'Symbol', 'exists'],
      ['fields.place', 'value', 'Location', 'within'],
      ['fields.place', 'value', 'Location', 'near'],
      ['sys.version', 'value', 'Integer', 'gte'],
      ['changed', 'value', undefined, undefined],
    ]);
    expect(problems('mimetype_group=pictures', 'Asset').errors[0]).toMatchObject({
      name: 'value',
      path: ['mimetype_group'],
      value: 'pictures',
    });
  });

  it('refuses operators that do not apply to the type, and unknown operators', () => {
    const errors = problems(
      'content_type=article&fields.title[lt]=a&fields.body[near]=1,2&fields.rich=x&fields.place=1&fields.meta[match]=x' +
        '&fields.author=x&fields.views[match]=1&fields.flag[gt]=true&fields.related.sys.id[lt]=1&sys.id[match]=x&metadata.tags.sys.id=x' +
        '&metadata.tags[in]=x&fields.title[contains]=x&fields.title[]=x',
    ).errors;
    expect(errors.map((e) => `${(e.path as string[]).join('.')} ${e.name} ${e.filter}`)).toEqual([
      'fields.title operator lt',
      'fields.body operator near',
      'fields.rich operator equals',
      'fields.place operator equals',
      'fields.meta operator match',
      'fields.author operator equals',
      'fields.views operator match',
      'fields.flag operator gt',
      'fields.related.sys.id operator lt',
      'sys.id operator match',
      'metadata.tags.sys.id operator equals',
      'metadata.tags operator in',
      'fields.title operator contains',
      'fields.title operator ',
    ]);
    expect(errors[0]).toEqual({
      name: 'operator',
      path: ['fields', 'title'],
      type: 'Symbol',
      filter: 'lt',
      details: 'The filter "lt" cannot be used on fields.title of type Symbol.',
    });
    expect(errors.at(-2)).toEqual({
      name: 'operator',
      path: ['fields', 'title'],
      filter: 'contains',
      details: 'The operator [contains] is not recognized.',
    });
  });

  it('needs content_type for field filters, field order and field select, and knows the content type', () => {
    const missing = problems('fields.title=x&order=fields.title&select=fields.title');
    expect(missing.message).toBe(
      'When searching on references you must specify the Content Type of the reference. Please send a Content Type id as a query parameter.',
    );
    expect(missing.errors.map((e) => [e.name, (e.path as string[]).join('.')])).toEqual([
      ['contentTypeRequired', 'fields.title'],
      ['contentTypeRequired', 'fields.title'],
      ['contentTypeRequired', 'fields.title'],
    ]);
    const unknown = problems('content_type=DOESNOTEXIST');
    expect(unknown.message).toBe('Unknown content type "DOESNOTEXIST".');
    expect(unknown.errors).toEqual([
      {
        name: 'unknownContentType',
        value: 'DOESNOTEXIST',
        details: 'The content type "DOESNOTEXIST" does not exist in this environment or is not activated.',
      },
    ]);
  });

  it('refuses orders on what cannot be ordered', () => {
    expect(
      problems(
        'content_type=article&order=fields.body,-fields.labels,fields.place,fields.related.sys.id,metadata.tags,sys.nope',
      ).errors,
    ).toEqual([
      {
        name: 'order',
        path: ['fields', 'body'],
        type: 'Text',
        details: 'fields.body of type Text cannot be used for ordering.',
      },
      {
        name: 'order',
        path: ['fields', 'labels'],
        type: 'Array',
        details: 'fields.labels of type Array cannot be used for ordering.',
      },
      {
        name: 'order',
        path: ['fields', 'place'],
        type: 'Location',
        details: 'fields.place of type Location cannot be used for ordering.',
      },
      {
        name: 'order',
        path: ['fields', 'related', 'sys', 'id'],
        type: 'Array',
        details: 'fields.related.sys.id of type Array cannot be used for ordering.',
      },
      {
        name: 'order',
        path: ['metadata', 'tags'],
        type: 'Array',
        details: 'metadata.tags of type Array cannot be used for ordering.',
      },
      { name: 'unknown', path: ['sys', 'nope'], details: 'The path "sys.nope" is not recognized' },
    ]);
  });

  it('refuses bad select paths', () => {
    const many = Array.from({ length: 101 }, () => 'sys').join(',');
    expect(problems(`select=${many}`).errors).toEqual([
      { name: 'select', path: ['select'], details: 'At most 100 properties can be selected.' },
    ]);
    expect(
      problems('content_type=article&select=fields.title.en-US,fields.nope,sys.nope,metadata.x,foo,,sys').errors.map(
        (e) => (e.path as string[]).join('.'),
      ),
    ).toEqual(['fields.title.en-US', 'fields.nope', 'sys.nope', 'metadata.x', 'foo', '']);
  });

  it('limits searches through references', () => {
    const base = 'content_type=article&';
    expect(problems(`${base}fields.author.fields.name=x`).errors).toEqual([
      { name: 'contentTypeRequired', path: ['fields', 'author', 'fields', 'name'], details: expect.any(String) },
    ]);
    expect(problems('fields.author.sys.contentType.sys.id=person&fields.author.fields.name=x').errors[0]).toMatchObject(
      { name: 'contentTypeRequired' },
    );
    expect(problems(`${base}fields.author.sys.contentType.sys.id=nope&fields.author.fields.name=x`).errors).toEqual([
      { name: 'unknownContentType', value: 'nope', details: expect.any(String) },
    ]);
    expect(problems(`${base}fields.title.sys.contentType.sys.id=person`).errors[0]).toMatchObject({
      name: 'reference',
      path: ['fields', 'title'],
    });
    expect(problems(`${base}fields.image.sys.contentType.sys.id=person`).errors[0]).toMatchObject({
      name: 'reference',
      path: ['fields', 'image'],
    });
    expect(
      problems(
        `${base}fields.author.sys.contentType.sys.id=person&fields.author.fields.nope=x&fields.author.fields.age=old`,
      ).errors.map((e) => e.name),
    ).toEqual(['unknown', 'value']);
    expect(problems(`${base}fields.author.sys.contentType.sys.id[in]=person`).errors[0]).toMatchObject({
      name: 'operator',
    });
    const three = problems(
      `${base}fields.author.sys.contentType.sys.id=person&fields.related.sys.contentType.sys.id=person&fields.x.fields.y=1`,
    );
    expect(three.errors).toEqual([
      {
        name: 'reference',
        path: ['fields'],
        details: 'At most 2 reference fields can be searched in one query; this one names 3.',
      },
    ]);
  });

  it('refuses a key given twice and bad numbers for skip and limit', () => {
    expect(parseQueryString('a=1&b=2&a=3&a=4').errors).toEqual([
      { name: 'duplicate', path: ['a'], details: 'The parameter "a" is given more than once.' },
    ]);
    for (const [query, name] of [
      ['limit=abc', 'limit'],
      ['limit=1001', 'limit'],
      ['skip=-1', 'skip'],
      ['skip=1.5', 'skip'],
    ] as const) {
      const { message, errors } = problems(query);
      expect(message).toMatch(
        new RegExp(`^The value provided for "${name}" is invalid\\. Please provide a valid number value`),
      );
      expect(errors).toEqual([]);
    }
  });
});
