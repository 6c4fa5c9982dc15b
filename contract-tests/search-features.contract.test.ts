import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { searchDataset } from './support/search-dataset.ts';

/** Ordering, paging, select, full text, links, tags, references, status filters and asset searches. */
for (const kind of DB_KINDS) {
  describe(`${kind}: search features`, () => {
    const api = useServer(kind);
    let data: Awaited<ReturnType<typeof searchDataset>>;
    beforeAll(async () => {
      data = await searchDataset(api);
    }, 60_000);
    const entries = async (query: string) => data.f.ids(await data.f.search(data.m('entries'), query));
    const assets = async (query: string) => data.f.ids(await data.f.search(data.m('assets'), query));
    const expectEntries = async (cases: Array<[string, string[]]>) => {
      for (const [query, expected] of cases) expect(await entries(query), query).toEqual(expected);
    };

    it('orders by several keys, descending with -, missing values last, ties broken by sys.id', async () => {
      await expectEntries([
        ['content_type=article&order=fields.views', ['a1', 'a4', 'a2', 'a3', 'a5']],
        ['content_type=article&order=-fields.views', ['a3', 'a2', 'a1', 'a4', 'a5']],
        ['content_type=article&order=fields.views,-sys.createdAt', ['a4', 'a1', 'a2', 'a3', 'a5']],
        ['content_type=article&order=-fields.views,-sys.id', ['a3', 'a2', 'a4', 'a1', 'a5']],
        ['content_type=article&order=fields.title', ['a4', 'a1', 'a2', 'a5', 'a3']],
        ['content_type=article&order=-fields.day', ['a2', 'a1', 'a3', 'a4', 'a5']],
        ['content_type=article&order=fields.featured,fields.rating', ['a2', 'a1', 'a3', 'a4', 'a5']],
        ['content_type=article&order=fields.author.sys.id', ['a1', 'a2', 'a3', 'a4', 'a5']],
        ['order=-sys.createdAt', ['a5', 'a4', 'a3', 'a2', 'a1', 'p2', 'p1']],
        ['order=sys.contentType.sys.id,-sys.id', ['a5', 'a4', 'a3', 'a2', 'a1', 'p2', 'p1']],
        ['order=-sys.publishedAt&sys.publishedAt[exists]=true', ['a2', 'a1', 'p1']],
        ['order=-sys.updatedAt,sys.id&limit=3', ['a2', 'a5', 'a4']],
        ['order=sys.version', ['a3', 'a5', 'p2', 'a1', 'p1', 'a4', 'a2']],
      ]);
    });

    it('pages with skip and limit over a stable order and counts every match', async () => {
      const page = await data.f.search(data.m('entries'), 'content_type=article&order=-fields.views&skip=1&limit=2');
      expect(page.body).toMatchObject({ sys: { type: 'Array' }, total: 5, skip: 1, limit: 2 });
      expect(data.f.ids(page)).toEqual(['a2', 'a1']);
      const count = await data.f.search(data.m('entries'), 'content_type=article&limit=0');
      expect(count.body).toEqual({ sys: { type: 'Array' }, total: 5, skip: 0, limit: 0, items: [] });
      const past = await data.f.search(data.m('entries'), 'skip=999999&limit=2');
      expect(past.body).toEqual({ sys: { type: 'Array' }, total: 7, skip: 999999, limit: 2, items: [] });
      expect((await data.f.search(data.m('entries'))).body).toMatchObject({ total: 7, skip: 0, limit: 100 });
      const all: string[] = [];
      for (let skip = 0; skip < 7; skip += 3)
        all.push(
          ...data.f.ids(
            await data.f.search(data.m('entries'), `order=fields.views&content_type=article&skip=${skip}&limit=3`),
          ),
        );
      expect(all).toEqual(['a1', 'a4', 'a2', 'a3', 'a5']);
    });

    it('selects fields, always keeping sys and metadata', async () => {
      const res = await data.f.search(
        data.m('entries'),
        'content_type=article&sys.id=a1&select=fields.title,fields.views,sys.id',
      );
      expect(res.status).toBe(200);
      const [item] = res.body.items;
      expect(Object.keys(item).sort()).toEqual(['fields', 'metadata', 'sys']);
      expect(item.fields).toEqual({ title: { 'en-US': 'Hello World', 'de-DE': 'Hallo Welt' }, views: { 'en-US': 10 } });
      expect(item.sys).toMatchObject({ id: 'a1', type: 'Entry', version: 2, contentType: { sys: { id: 'article' } } });
      const none = await data.f.search(data.m('entries'), 'sys.id=a1&select=sys.id');
      expect(none.body.items[0].fields).toEqual({});
      const every = await data.f.search(data.m('entries'), 'sys.id=a1&select=fields');
      expect(Object.keys(every.body.items[0].fields)).toHaveLength(14);
      const asset = await data.f.search(data.m('assets'), 'sys.id=as1&select=fields.file');
      expect(asset.body.items[0].fields).toEqual({
        file: { 'en-US': expect.objectContaining({ fileName: 'cat.png' }) },
      });
    });

    it('query searches every text field of every locale, across content types, by word prefix', async () => {
      await expectEntries([
        ['query=quick', ['a1']],
        ['query=HALLO', ['a1']],
        ['query=quick%20hallo', ['a1']],
        ['query=danny', ['p1']],
        ['query=doe', ['p2']],
        ['query=paragraph', ['a1']],
        ['query=tech', ['a1', 'a2']],
        ['query=document', []],
        ['query=a', []],
        ['query=zzz', []],
        ['content_type=person&query=tech', []],
        ['content_type=article&query=deutsch', ['a3']],
      ]);
      expect(await assets('query=cute')).toEqual(['as1']);
      expect(await assets('query=report.pdf')).toEqual(['as2']);
      expect(await assets('query=daten')).toEqual(['as3']);
    });

    it('links_to_entry and links_to_asset find the entries linking in the searched state', async () => {
      await expectEntries([
        ['links_to_entry=p1', ['a1']],
        ['links_to_entry=p2', ['a1', 'a2']],
        ['links_to_entry=a1', []],
        ['links_to_asset=as1', ['a1']],
        ['links_to_asset=as2', []],
        ['links_to_entry=p2&fields.slug=second&content_type=article', ['a2']],
      ]);
      expect(data.f.ids(await data.f.search(data.m('public/entries'), 'links_to_entry=p2'))).toEqual(['a1']);
    });

    it('filters on metadata.tags with [in], [nin], [all] and [exists]', async () => {
      await expectEntries([
        ['metadata.tags.sys.id[in]=t2', ['a2']],
        ['metadata.tags.sys.id[in]=t1,t3', ['a1', 'a2']],
        ['metadata.tags.sys.id[in]=t9', []],
        ['metadata.tags.sys.id[all]=t1,t2', ['a2']],
        ['metadata.tags.sys.id[all]=t1,t3', []],
        ['metadata.tags.sys.id[nin]=t1&content_type=article', ['a3', 'a4', 'a5']],
        ['metadata.tags[exists]=true', ['a1', 'a2']],
        ['metadata.tags[exists]=false&content_type=article', ['a3', 'a4', 'a5']],
      ]);
      expect(data.f.ids(await data.f.search(data.m('public/entries'), 'metadata.tags.sys.id[in]=t3'))).toEqual(['a2']);
      expect(await assets('metadata.tags.sys.id[in]=t1')).toEqual(['as1']);
    });

    it('searches through references: one or two link fields, single and array links, with any operator', async () => {
      const via = 'content_type=article&fields.author.sys.contentType.sys.id=person';
      await expectEntries([
        [`${via}&fields.author.fields.name[match]=danny`, ['a1']],
        [`${via}&fields.author.fields.name=Jane%20Doe`, ['a2']],
        [`${via}&fields.author.fields.age[gt]=50`, ['a1']],
        [`${via}&fields.author.fields.age[lt]=10`, []],
        [via, ['a1', 'a2']],
        [
          'content_type=article&fields.related.sys.contentType.sys.id=person&fields.related.fields.age[lt]=50',
          ['a1', 'a2'],
        ],
        [
          'content_type=article&fields.related.sys.contentType.sys.id=person&fields.related.fields.name[in]=Danny%20Trejo',
          ['a1'],
        ],
        [
          `${via}&fields.author.fields.age[gt]=50&fields.related.sys.contentType.sys.id=person&fields.related.fields.name=Jane%20Doe`,
          ['a1'],
        ],
        ['content_type=article&fields.author.sys.contentType.sys.id=article', []],
      ]);
      expect(
        data.f.ids(await data.f.search(data.m('public/entries'), `${via}&fields.author.fields.name[exists]=true`)),
      ).toEqual(['a1']);
    });

    it('status filters as the web app sends them', async () => {
      const cases: Array<[string, string[]]> = [
        ['sys.archivedAt[exists]=true', ['a4']],
        ['sys.publishedAt[exists]=true&sys.archivedAt[exists]=false', ['a1', 'a2']],
        ['sys.publishedAt[exists]=false&sys.archivedAt[exists]=false', ['a3', 'a5']],
        ['sys.archivedAt[exists]=false&sys.publishedVersion[exists]=false&changed=true', ['a3', 'a5']],
        ['sys.publishedAt[exists]=true&sys.archivedAt[exists]=false&changed=true', ['a2']],
        ['changed=true', ['a2', 'a3', 'a4', 'a5']],
        ['changed=false', ['a1']],
      ];
      for (const [query, expected] of cases)
        expect(await entries(`content_type=article&${query}`), query).toEqual(expected);
    });

    it('reads stored values of another JSON type or a malformed date as missing instead of failing', async () => {
      const odd = await data.f.space('Odd values');
      await data.f.contentType(odd.id, 'article', [
        { id: 'day', type: 'Date' },
        { id: 'views', type: 'Integer' },
        { id: 'title', type: 'Symbol' },
      ]);
      await data.f.entries(odd.id, [
        { id: 'o1', fields: { day: { 'en-US': 'soon' }, views: { 'en-US': '12' }, title: { 'en-US': 7 } } },
        { id: 'o2', fields: { day: { 'en-US': 5 }, views: { 'en-US': null }, title: { 'en-US': ['x'] } } },
        {
          id: 'o3',
          fields: {
            day: { 'en-US': '2024-05-01T10:00:00.000+02:00' },
            views: { 'en-US': 12 },
            title: { 'en-US': '7' },
          },
        },
      ]);
      const found = async (query: string) =>
        data.f.ids(await data.f.search(odd.m('entries'), `content_type=article&${query}`));
      expect(await found('fields.day[lt]=2030-01-01')).toEqual(['o3']);
      expect(await found('fields.day=2024-05-01T08:00:00Z')).toEqual(['o3']);
      expect(await found('order=-fields.day')).toEqual(['o3', 'o1', 'o2']);
      expect(await found('fields.views=12')).toEqual(['o3']);
      expect(await found('fields.views[exists]=false')).toEqual(['o2']);
      expect(await found('fields.title=7')).toEqual(['o3']);
      expect(await found('order=fields.views')).toEqual(['o3', 'o1', 'o2']);
    });

    it('searches assets by file properties, MIME type group, title and in the published state', async () => {
      const cases: Array<[string, string[]]> = [
        ['fields.file.contentType=image/png', ['as1']],
        ['fields.file.fileName[match]=report', ['as2']],
        ['fields.file.details.size[gt]=100', ['as1', 'as2']],
        ['fields.file.details.size[lte]=10', ['as3']],
        ['fields.file.details.image.width=100', ['as1']],
        ['fields.file[exists]=false', ['as5']],
        ['fields.file.url[exists]=true', ['as1', 'as2', 'as3', 'as4']],
        ['fields.title=Daten', ['as3']],
        ['fields.title[match]=cat', ['as1']],
        ['fields.description[exists]=true', ['as1']],
        ['mimetype_group=image', ['as1']],
        ['mimetype_group=pdfdocument', ['as2']],
        ['mimetype_group=plaintext', ['as4']],
        ['mimetype_group=attachment', ['as3']],
        ['mimetype_group=video', []],
        ['order=-fields.file.details.size', ['as2', 'as1', 'as3', 'as4', 'as5']],
        ['order=fields.title', ['as1', 'as5', 'as4', 'as2', 'as3']],
      ];
      for (const [query, expected] of cases) expect(await assets(query), query).toEqual(expected);
      expect(data.f.ids(await data.f.search(data.e('master', 'assets'), 'sys.id[in]=as1,as2'))).toEqual(['as1', 'as2']);
      const published = await data.f.search(data.m('public/assets'), '');
      expect(data.f.ids(published)).toEqual(['as1']);
      expect(published.body.items[0]).toMatchObject({
        sys: { type: 'Asset', id: 'as1' },
        fields: { title: { 'en-US': 'Cat photo' } },
      });
      expect(data.f.ids(await data.f.search(data.e('master', 'public/assets'), 'fields.title=Report'))).toEqual([]);
    });
  });
}
