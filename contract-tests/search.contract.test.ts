import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { searchDataset } from './support/search-dataset.ts';

/** Each operator on each field type it applies to: a query that matches and one that matches nothing. */
for (const kind of DB_KINDS) {
  describe(`${kind}: search operators`, () => {
    const api = useServer(kind);
    let data: Awaited<ReturnType<typeof searchDataset>>;
    beforeAll(async () => {
      data = await searchDataset(api);
    }, 60_000);
    /** Article ids matching `query` (with `content_type=article`), in the default order (creation). */
    const articles = async (query: string) =>
      data.f.ids(await data.f.search(data.m('entries'), `content_type=article&${query}`));
    const expectMatches = async (cases: Array<[string, string[]]>) => {
      for (const [query, expected] of cases) expect(await articles(query), query).toEqual(expected);
    };

    it('equality on Symbol (any locale), Text, Integer, Number, Date, Boolean, Array of Symbol, links and sys', async () => {
      await expectMatches([
        ['fields.title=Hallo%20Welt', ['a1']],
        ['fields.title=Hello%20World', ['a1']],
        ['fields.title=hello%20world', []],
        ['fields.slug=second', ['a2']],
        ['fields.slug=nope', []],
        ['fields.body=The%20quick%20brown%20fox', ['a1']],
        ['fields.body=The%20quick', []],
        ['fields.views=10', ['a1', 'a4']],
        ['fields.views=11', []],
        ['fields.rating=4.5', ['a1']],
        ['fields.rating=4.50', ['a1']],
        ['fields.rating=4.4', []],
        ['fields.day=2024-01-10', ['a1']],
        ['fields.day=2024-02-15T13:00:00%2B01:00', ['a2']],
        ['fields.day=2024-02-15', []],
        ['fields.featured=true', ['a1']],
        ['fields.featured=false', ['a2']],
        ['fields.labels=tech', ['a1', 'a2']],
        ['fields.labels=sport', []],
        ['fields.author.sys.id=p1', ['a1']],
        ['fields.author.sys.id=p9', []],
        ['fields.related.sys.id=p2', ['a1', 'a2']],
        ['fields.related.sys.id=p3', []],
        ['sys.id=a3', ['a3']],
        ['sys.id=zz', []],
        ['sys.version=5', ['a2']],
        ['sys.createdBy.sys.id=someone', ['a5']],
        ['sys.createdAt=2024-01-02T00:00:00Z', ['a2']],
        ['sys.type=Entry', ['a1', 'a2', 'a3', 'a4', 'a5']],
        ['sys.type=Asset', []],
      ]);
    });

    it('reads values containing & = + and spaces exactly as sent', async () => {
      await expectMatches([
        ['fields.title=Tom%20%26%20Jerry%20%3D%201%2B1', ['a5']],
        ['fields.title=Tom+%26+Jerry+%3D+1%2B1', ['a5']],
        ['fields.title[match]=jerry', ['a5']],
      ]);
    });

    it('[ne]: no value (in any locale) equals; entries without the field match', async () => {
      await expectMatches([
        ['fields.title[ne]=Hallo%20Welt', ['a2', 'a3', 'a4', 'a5']],
        ['fields.views[ne]=10', ['a2', 'a3', 'a5']],
        ['fields.rating[ne]=4.5', ['a2', 'a3', 'a4', 'a5']],
        ['fields.day[ne]=2024-01-10', ['a2', 'a3', 'a4', 'a5']],
        ['fields.featured[ne]=true', ['a2', 'a3', 'a4', 'a5']],
        ['fields.labels[ne]=tech', ['a3', 'a4', 'a5']],
        ['fields.author.sys.id[ne]=p1', ['a2', 'a3', 'a4', 'a5']],
        ['sys.id[ne]=a1', ['a2', 'a3', 'a4', 'a5']],
        ['sys.archivedAt[ne]=2024-01-04', ['a1', 'a2', 'a3', 'a5']],
      ]);
    });

    it('[in] and [nin] on Symbol, Integer, Number, Date, Boolean, arrays, links and sys', async () => {
      await expectMatches([
        ['fields.slug[in]=hello,second', ['a1', 'a2']],
        ['fields.slug[in]=x,y', []],
        ['fields.slug[nin]=hello,second', ['a3', 'a4', 'a5']],
        ['fields.views[in]=20,30', ['a2', 'a3']],
        ['fields.views[nin]=10', ['a2', 'a3', 'a5']],
        ['fields.rating[in]=3.25,1', ['a2']],
        ['fields.day[in]=2024-01-10,2023-12-31', ['a1', 'a3']],
        ['fields.featured[in]=false', ['a2']],
        ['fields.featured[nin]=false', ['a1', 'a3', 'a4', 'a5']],
        ['fields.labels[in]=news,sport', ['a1']],
        ['fields.labels[nin]=tech', ['a3', 'a4', 'a5']],
        ['fields.related.sys.id[in]=p1,p9', ['a1']],
        ['fields.related.sys.id[nin]=p2', ['a3', 'a4', 'a5']],
        ['sys.id[in]=a5,a2,zz', ['a2', 'a5']],
        ['sys.id[nin]=a1,a2,a3', ['a4', 'a5']],
        ['sys.version[in]=3,5', ['a2', 'a4']],
      ]);
    });

    it('[exists] on every field type and on sys attributes', async () => {
      await expectMatches([
        ['fields.views[exists]=true', ['a1', 'a2', 'a3', 'a4']],
        ['fields.views[exists]=false', ['a5']],
        ['fields.title[exists]=false', []],
        ['fields.body[exists]=true', ['a1']],
        ['fields.rich[exists]=true', ['a1']],
        ['fields.rating[exists]=true', ['a1', 'a2']],
        ['fields.day[exists]=false', ['a4', 'a5']],
        ['fields.featured[exists]=true', ['a1', 'a2']],
        ['fields.place[exists]=true', ['a1', 'a2']],
        ['fields.meta[exists]=true', ['a1']],
        ['fields.labels[exists]=false', ['a3', 'a4', 'a5']],
        ['fields.author[exists]=true', ['a1', 'a2']],
        ['fields.related[exists]=false', ['a3', 'a4', 'a5']],
        ['fields.image[exists]=true', ['a1']],
        ['fields.author.sys.id[exists]=true', ['a1', 'a2']],
        ['sys.archivedVersion[exists]=true', ['a4']],
      ]);
    });

    it('[lt] [lte] [gt] [gte] on Integer, Number, Date and sys attributes', async () => {
      await expectMatches([
        ['fields.views[gt]=10', ['a2', 'a3']],
        ['fields.views[gte]=20', ['a2', 'a3']],
        ['fields.views[lt]=20', ['a1', 'a4']],
        ['fields.views[lte]=10', ['a1', 'a4']],
        ['fields.views[gt]=30', []],
        ['fields.views[gt]=-1&fields.views[lt]=15', ['a1', 'a4']],
        ['fields.rating[gt]=4', ['a1']],
        ['fields.rating[lte]=3.25', ['a2']],
        ['fields.rating[lt]=1e0', []],
        ['fields.day[lt]=2024-01-01', ['a3']],
        ['fields.day[gte]=2024-02-15T12:00:00Z', ['a2']],
        ['fields.day[gt]=2024-02-15T12:00:00Z', []],
        ['fields.day[lte]=2024-01-10T00:00', ['a1', 'a3']],
        ['sys.createdAt[gte]=2024-01-04', ['a4', 'a5']],
        ['sys.updatedAt[gt]=2024-02-01', ['a2']],
        ['sys.version[lt]=2', ['a3', 'a5']],
        ['sys.publishedAt[lt]=2024-01-15', ['a1']],
        ['sys.publishedVersion[gte]=3', ['a2']],
        ['sys.firstPublishedAt[gt]=2030-01-01', []],
      ]);
    });

    it('[match]: case-insensitive word prefixes on Symbol, Text, RichText and Array of Symbol, in any locale', async () => {
      await expectMatches([
        ['fields.title[match]=hallo', ['a1']],
        ['fields.title[match]=WOR', ['a1']],
        ['fields.title[match]=orld', []],
        ['fields.title[match]=hello%20welt', []],
        ['fields.title[match]=deutsch', ['a3']],
        ['fields.body[match]=QUICK%20fox', ['a1']],
        ['fields.body[match]=slow', []],
        ['fields.rich[match]=paragraph%20tex', ['a1']],
        ['fields.rich[match]=document', []],
        ['fields.labels[match]=tec', ['a1', 'a2']],
        ['fields.labels[match]=new%20tech', ['a1']],
        ['fields.labels[match]=sport', []],
        ['fields.title[match]=a', []],
      ]);
    });

    it('[all] on Array of Symbol and Symbol', async () => {
      await expectMatches([
        ['fields.labels[all]=news,tech', ['a1']],
        ['fields.labels[all]=tech', ['a1', 'a2']],
        ['fields.labels[all]=news,sport', []],
        ['fields.slug[all]=hello', ['a1']],
        ['fields.slug[all]=hello,second', []],
        ['fields.related.sys.id[in]=p1&fields.labels[all]=tech', ['a1']],
      ]);
    });

    it('[within] a circle or a rectangle, and [near] ordering by distance with missing locations last', async () => {
      await expectMatches([
        ['fields.place[within]=52.5,13.4,10', ['a1']],
        ['fields.place[within]=52.5,13.4,1000', ['a1', 'a2']],
        ['fields.place[within]=0,0,100', []],
        ['fields.place[within]=41,-5,51,10', ['a2']],
        ['fields.place[within]=40,-10,60,20', ['a1', 'a2']],
        ['fields.place[within]=-10,170,10,-170', []],
        ['fields.place[near]=48.85,2.35', ['a2', 'a1', 'a3', 'a4', 'a5']],
        ['fields.place[near]=52,13', ['a1', 'a2', 'a3', 'a4', 'a5']],
        ['fields.place[near]=52,13&fields.views[gt]=10', ['a2', 'a3']],
      ]);
    });

    it('combines conditions with AND and answers the same on the environment path and in the published state', async () => {
      await expectMatches([['fields.views[gte]=10&fields.labels=tech&sys.id[ne]=a2', ['a1']]]);
      const viaEnv = await data.f.search(data.e('master', 'entries'), 'content_type=article&fields.labels=tech');
      expect(data.f.ids(viaEnv)).toEqual(['a1', 'a2']);
      expect(viaEnv.body.items[0].sys.environment.sys.id).toBe('master');
      const published = await data.f.search(data.m('public/entries'), 'content_type=article&fields.views[in]=10,15,20');
      expect(data.f.ids(published)).toEqual(['a1', 'a2']);
      expect(published.body.items[1].fields).toEqual({
        title: { 'en-US': 'Old Second' },
        slug: { 'en-US': 'second' },
        views: { 'en-US': 15 },
      });
      expect(published.body.items[1].metadata).toEqual({
        tags: [{ sys: { type: 'Link', linkType: 'Tag', id: 't3' } }],
      });
      expect(
        data.f.ids(
          await data.f.search(data.e('master', 'public/entries'), 'content_type=article&fields.title=Second%20Post'),
        ),
      ).toEqual([]);
      expect(
        data.f.ids(
          await data.f.search(data.e('master', 'public/entries'), 'content_type=article&fields.title=Old%20Second'),
        ),
      ).toEqual(['a2']);
    });
  });
}
