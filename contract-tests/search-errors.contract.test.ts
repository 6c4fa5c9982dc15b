import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { useServer } from './support/harness.ts';
import { searchDataset } from './support/search-dataset.ts';

const GENERIC =
  'The query you sent was invalid. Probably a filter or ordering specification is not applicable to the type of a field.';

/** Every kind of invalid search answers 400 InvalidQuery naming each problem; unknown spaces and environments 404. */
for (const kind of DB_KINDS) {
  describe(`${kind}: search errors`, () => {
    const api = useServer(kind);
    const envs = environmentFixtures(api);
    let data: Awaited<ReturnType<typeof searchDataset>>;
    beforeAll(async () => {
      data = await searchDataset(api);
    }, 60_000);
    const entries = (query: string) => data.f.search(data.m('entries'), query);

    it('names unknown parameters, unknown sys paths and unknown fields', async () => {
      const res = await entries('foo=1&sys.foo=2&content_type=article&fields.nope=3&fields.title.en-US=x');
      expect(data.f.invalid(res)).toEqual([
        { name: 'unknown', path: ['foo'], details: 'The parameter "foo" is not recognized' },
        { name: 'unknown', path: ['sys', 'foo'], details: 'The path "sys.foo" is not recognized' },
        { name: 'unknown', path: ['fields', 'nope'], details: 'The path "fields.nope" is not recognized' },
        {
          name: 'unknown',
          path: ['fields', 'title', 'en-US'],
          details: 'The path "fields.title.en-US" is not recognized',
        },
      ]);
      expect(res.body.message).toBe(GENERIC);
      expect(res.body.requestId).toEqual(expect.any(String));
      for (const [path, query] of [
        ['assets', 'content_type=article'],
        ['assets', 'links_to_entry=a1'],
        ['entries', 'mimetype_group=image'],
        ['entries', 'locale=de-DE'],
        ['entries', 'include=2'],
      ]) {
        expect(data.f.invalid(await data.f.search(data.m(path!), query))[0], query).toMatchObject({
          path: [query!.split('=')[0]],
        });
      }
      expect(data.f.invalid(await entries('a=1&a=2'))).toEqual([
        { name: 'duplicate', path: ['a'], details: 'The parameter "a" is given more than once.' },
      ]);
    });

    it('refuses values of the wrong type, naming the type and the filter', async () => {
      expect(data.f.invalid(await entries('sys.archivedAt=false'))).toEqual([
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
      const errors = data.f.invalid(
        await entries(
          'content_type=article&fields.views[gt]=many&fields.featured=yes&fields.place[within]=1,2&metadata.tags[exists]=True',
        ),
      );
      expect(errors.map((e) => [(e.path as string[]).join('.'), e.type, e.filter, e.value])).toEqual([
        ['fields.views', 'Integer', 'gt', 'many'],
        ['fields.featured', 'Boolean', 'equals', 'yes'],
        ['fields.place', 'Location', 'within', '1,2'],
        ['metadata.tags', 'Array', 'exists', 'True'],
      ]);
      // Declared parameters are checked by the request validator first, with its own wording, still as InvalidQuery.
      const changed = await entries('changed=1');
      expect(data.f.invalid(changed)).toEqual([
        { name: 'type', path: ['changed'], details: '/query/changed: must be boolean' },
      ]);
      expect(changed.body.message).toBe('The query you sent was invalid: /query/changed must be boolean');
      expect(
        data.f.invalid(await data.f.search(data.m('assets'), 'fields.file.details.size[lt]=big'))[0],
      ).toMatchObject({ type: 'Integer', filter: 'lt' });
    });

    it('refuses operators and orderings that do not apply to the type of the field', async () => {
      const errors = data.f.invalid(
        await entries(
          'content_type=article&fields.title[gt]=a&fields.rich=x&fields.views[match]=1&fields.place[all]=1&fields.slug[foo]=1&order=fields.body,fields.labels',
        ),
      );
      expect(errors).toEqual([
        {
          name: 'operator',
          path: ['fields', 'title'],
          type: 'Symbol',
          filter: 'gt',
          details: 'The filter "gt" cannot be used on fields.title of type Symbol.',
        },
        {
          name: 'operator',
          path: ['fields', 'rich'],
          type: 'RichText',
          filter: 'equals',
          details: 'The filter "equals" cannot be used on fields.rich of type RichText.',
        },
        {
          name: 'operator',
          path: ['fields', 'views'],
          type: 'Integer',
          filter: 'match',
          details: 'The filter "match" cannot be used on fields.views of type Integer.',
        },
        {
          name: 'operator',
          path: ['fields', 'place'],
          type: 'Location',
          filter: 'all',
          details: 'The filter "all" cannot be used on fields.place of type Location.',
        },
        { name: 'operator', path: ['fields', 'slug'], filter: 'foo', details: 'The operator [foo] is not recognized.' },
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
      ]);
      expect(data.f.invalid(await entries('metadata.tags.sys.id[lt]=t1'))[0]).toMatchObject({
        name: 'operator',
        filter: 'lt',
      });
    });

    it('needs content_type for field filters, field order, field select and references; knows only activated content types', async () => {
      const res = await entries('fields.title=x');
      expect(res.body.message).toBe(
        'When searching on references you must specify the Content Type of the reference. Please send a Content Type id as a query parameter.',
      );
      expect(data.f.invalid(res)).toEqual([
        { name: 'contentTypeRequired', path: ['fields', 'title'], details: expect.stringContaining('content_type') },
      ]);
      expect(data.f.invalid(await entries('order=fields.title&select=fields.title')).map((e) => e.name)).toEqual([
        'contentTypeRequired',
        'contentTypeRequired',
      ]);
      expect(data.f.invalid(await entries('content_type=article&fields.author.fields.name=x'))[0]).toMatchObject({
        name: 'contentTypeRequired',
        path: ['fields', 'author', 'fields', 'name'],
      });
      for (const id of ['DOESNOTEXIST', 'draftType']) {
        const unknown = await entries(`content_type=${id}`);
        expect(data.f.invalid(unknown)).toEqual([
          {
            name: 'unknownContentType',
            value: id,
            details: `The content type "${id}" does not exist in this environment or is not activated.`,
          },
        ]);
        expect(unknown.body.message).toBe(`Unknown content type "${id}".`);
      }
      expect(
        data.f.invalid(
          await entries('content_type=article&fields.author.sys.contentType.sys.id=nope&fields.author.fields.name=x'),
        )[0],
      ).toMatchObject({ name: 'unknownContentType', value: 'nope' });
      const three = await entries(
        'content_type=article&fields.author.sys.contentType.sys.id=person&fields.related.sys.contentType.sys.id=person&fields.image.sys.contentType.sys.id=person',
      );
      expect(data.f.invalid(three)).toEqual([
        {
          name: 'reference',
          path: ['fields'],
          details: 'At most 2 reference fields can be searched in one query; this one names 3.',
        },
      ]);
      expect(
        data.f.invalid(await entries('content_type=article&fields.slug.sys.contentType.sys.id=person'))[0],
      ).toMatchObject({ name: 'reference', path: ['fields', 'slug'] });
    });

    it('refuses bad select paths, skip and limit', async () => {
      expect(data.f.invalid(await entries('content_type=article&select=fields.title.en-US,nope'))).toEqual([
        {
          name: 'select',
          path: ['fields', 'title', 'en-US'],
          details: '"fields.title.en-US" is too deep: select paths have at most two levels, e.g. fields.title.',
        },
        {
          name: 'select',
          path: ['nope'],
          details: '"nope" cannot be selected: use sys, fields, fields.<id> or metadata.',
        },
      ]);
      const expected: Record<string, Array<[string, string]>> = {
        'limit=abc': [['type', '/query/limit: must be integer']],
        'limit=1001': [['maximum', '/query/limit: must be <= 1000']],
        'skip=-1': [['minimum', '/query/skip: must be >= 0']],
        'skip=x': [['type', '/query/skip: must be integer']],
      };
      for (const [query, items] of Object.entries(expected)) {
        const res = await entries(query);
        expect(
          data.f.invalid(res).map((e) => [e.name, e.details]),
          query,
        ).toEqual(items);
        expect(res.body.message).toBe(`The query you sent was invalid: ${items[0]![1].replace(':', '')}`);
      }
    });

    it('answers InvalidQuery on every search path, draft and published, entries and assets', async () => {
      for (const collection of ['entries', 'assets', 'public/entries', 'public/assets']) {
        for (const path of [data.m(collection), data.e('master', collection)]) {
          const res = await data.f.search(path, 'sys.id=x&nope=1');
          expect(data.f.invalid(res), path).toEqual([
            { name: 'unknown', path: ['nope'], details: 'The parameter "nope" is not recognized' },
          ]);
        }
      }
    });

    it('answers 404 for an unknown space or environment and 401 without a token', async () => {
      expect((await api().get('/spaces/nope/entries')).body.sys.id).toBe('NotFound');
      const env = await api().get(`/spaces/${data.id}/environments/nope/assets?query=x`);
      expect(env.status).toBe(404);
      expect(env.body.details).toMatchObject({ type: 'Environment', id: 'nope' });
      expect((await api().get(`/spaces/${data.id}/environments/nope/public/entries`)).status).toBe(404);
      expect((await api().get(`/spaces/${data.id}/environments/nope/public/assets`)).status).toBe(404);
      expect((await api().get(data.m('entries'), { token: null })).status).toBe(401);
      const stranger = await envs.otherUser();
      expect((await api().get(data.m('public/assets'), { token: stranger })).status).toBe(404);
    });
  });
}
