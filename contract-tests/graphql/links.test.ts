import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { UNCACHED_RESPONSES, withoutBackgroundWork } from '../support/statement-count.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const link = (linkType: 'Entry' | 'Asset', id: string) => ({ sys: { type: 'Link', linkType, id } });
const en = (v: unknown) => ({ 'en-US': v });

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL links, batching and UNRESOLVABLE_LINK`, () => {
    const api = useServer(kind, { env: UNCACHED_RESPONSES });
    const g = graphqlFixtures(api);
    let spaceId: string;
    let token: string;

    /** Counts the searches (storage round trips for items) and the SQL statements the server runs while `work` runs (job polling left out). */
    async function countStatements(work: () => Promise<unknown>): Promise<{ searches: number; sql: number }> {
      const executor = api().tessera.database.db.getExecutor();
      const proto = Object.getPrototypeOf(executor) as {
        executeQuery: (q: { sql: string }, ...rest: unknown[]) => Promise<unknown>;
      };
      const search = api().tessera.storage.repos.search;
      const originals = { executeQuery: proto.executeQuery, entries: search.entries, assets: search.assets };
      const counts = { searches: 0, sql: 0 };
      proto.executeQuery = function (this: unknown, q: { sql: string }, ...rest: unknown[]) {
        counts.sql++;
        return originals.executeQuery.call(this, q, ...rest);
      };
      search.entries = (...a) => {
        counts.searches++;
        return originals.entries(...a);
      };
      search.assets = (...a) => {
        counts.searches++;
        return originals.assets(...a);
      };
      try {
        await withoutBackgroundWork(api(), work);
      } finally {
        Object.assign(proto, { executeQuery: originals.executeQuery });
        Object.assign(search, { entries: originals.entries, assets: originals.assets });
      }
      return counts;
    }

    beforeAll(async () => {
      spaceId = (await g.space('Links')).id;
      token = (await g.keys(spaceId)).delivery;
      await g.contentType(spaceId, 'person', [
        { id: 'name', type: 'Symbol' },
        { id: 'photo', type: 'Link', linkType: 'Asset' },
      ]);
      await g.contentType(spaceId, 'post', [
        { id: 'title', type: 'Symbol' },
        { id: 'n', type: 'Integer' },
        { id: 'author', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] },
        { id: 'anyLink', type: 'Link', linkType: 'Entry' },
        {
          id: 'friends',
          type: 'Array',
          items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] },
        },
      ]);
      await g.assets(spaceId, [
        { id: 'ph', published: true, fields: { file: en({ url: '//x.example/ph.png', fileName: 'ph.png' }) } },
      ]);
      const people = Array.from({ length: 30 }, (_, i) => ({
        id: `u${i}`,
        contentType: 'person',
        published: true,
        fields: { name: en(`User ${i}`), photo: en(link('Asset', 'ph')) },
      }));
      await g.entries(spaceId, people);
      const posts = Array.from({ length: 30 }, (_, i) => ({
        id: `p${String(i).padStart(2, '0')}`,
        contentType: 'post',
        published: true,
        fields: {
          title: en(`Post ${i}`),
          n: en(i),
          author: en(link('Entry', `u${i}`)),
          anyLink: en(link('Entry', `p00`)),
          friends: en([link('Entry', `u${(i + 1) % 30}`), link('Entry', `u${(i + 2) % 30}`)]),
        },
      }));
      await g.entries(spaceId, posts);
      await g.entries(spaceId, [
        {
          id: 'broken',
          contentType: 'post',
          published: true,
          fields: {
            title: en('Broken'),
            n: en(100),
            author: en(link('Entry', 'gone')),
            anyLink: en(link('Entry', 'u1')),
            friends: en([link('Entry', 'u1'), link('Entry', 'gone2')]),
          },
        },
        { id: 'draftAuthor', contentType: 'person', fields: { name: en('Draft') } },
        {
          id: 'wrongType',
          contentType: 'post',
          published: true,
          fields: { title: en('Wrong'), n: en(101), author: en(link('Entry', 'p00')) },
        },
      ]);
    });

    it('resolves typed, Entry-typed and asset links, and link collections with skip/limit', async () => {
      const res = await g.gql(
        spaceId,
        token,
        `{ post(id: "p01") { author { name photo { fileName } } anyLink { __typename ... on Post { title } }
        friendsCollection { total items { name } } page: friendsCollection(skip: 1, limit: 1) { skip limit total items { name } } } }`,
      );
      expect(res.body).toEqual({
        data: {
          post: {
            author: { name: 'User 1', photo: { fileName: 'ph.png' } },
            anyLink: { __typename: 'Post', title: 'Post 0' },
            friendsCollection: { total: 2, items: [{ name: 'User 2' }, { name: 'User 3' }] },
            page: { skip: 1, limit: 1, total: 2, items: [{ name: 'User 3' }] },
          },
        },
      });
    });

    it('UNRESOLVABLE_LINK per path with null data; UNEXPECTED_LINKED_CONTENT_TYPE for a link to another type', async () => {
      const res = await g.gql(
        spaceId,
        token,
        '{ post(id: "broken") { title author { name } friendsCollection { items { name } } } other: post(id: "wrongType") { author { name } } }',
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        post: { title: 'Broken', author: null, friendsCollection: { items: [{ name: 'User 1' }, null] } },
        other: { author: null },
      });
      const errors = res.body.errors.map(
        (e: { path: unknown[]; extensions: { service: { code: string; details: unknown } } }) => [
          e.path,
          e.extensions.service.code,
          e.extensions.service.details,
        ],
      );
      expect(errors).toEqual(
        expect.arrayContaining([
          [
            ['post', 'author'],
            'UNRESOLVABLE_LINK',
            { type: 'Post', field: 'author', linkType: 'Entry', linkId: 'gone', linkingEntryId: 'broken' },
          ],
          [
            ['post', 'friendsCollection', 'items', 1],
            'UNRESOLVABLE_LINK',
            { type: 'Post', field: 'friends', linkType: 'Entry', linkId: 'gone2', linkingEntryId: 'broken' },
          ],
          [
            ['other', 'author'],
            'UNEXPECTED_LINKED_CONTENT_TYPE',
            expect.objectContaining({ linkId: 'p00', contentType: 'post' }),
          ],
        ]),
      );
      expect(
        res.body.errors.find((e: { path: unknown[] }) => e.path[0] === 'post' && e.path[1] === 'author').message,
      ).toBe(
        "Query execution error. Link from entry 'broken' to entry 'gone' on field 'author' within type 'Post' cannot be resolved",
      );
    });

    it('the number of SQL statements grows with depth, not with the number of items', async () => {
      const query = (limit: number, depth: number) => `{ postCollection(limit: ${limit}, order: [n_ASC]) { items { title
        ${depth >= 2 ? `author { name ${depth >= 3 ? 'photo { fileName }' : ''} } friendsCollection { items { name } }` : ''} } } }`;
      const run = async (limit: number, depth: number) => {
        let res: Awaited<ReturnType<typeof g.gql>> | undefined;
        const n = await countStatements(async () => {
          res = await g.gql(spaceId, token, query(limit, depth));
        });
        expect(res!.status, JSON.stringify(res!.body).slice(0, 300)).toBe(200);
        expect(res!.body.errors).toBeUndefined();
        expect(res!.body.data.postCollection.items).toHaveLength(limit);
        return n;
      };
      await run(2, 3);
      const [d1few, d1many, d2few, d2many, d3few, d3many] = [
        await run(2, 1),
        await run(30, 1),
        await run(2, 2),
        await run(30, 2),
        await run(2, 3),
        await run(30, 3),
      ];
      // Searches are at most one per level and target; each search runs one to three statements (page, count,
      // index fill-up), so statements may differ by a few between page sizes but never scale with the items. The
      // entries the page links to (author, friends) are read with the page itself (links-read-ahead.test.ts), so
      // level 2 adds no search; the authors' photos (assets, one level further) add one.
      expect([d1many.searches, d2many.searches, d3many.searches]).toEqual([
        d1few.searches,
        d2few.searches,
        d3few.searches,
      ]);
      expect([d1few.searches, d2few.searches, d3few.searches]).toEqual([1, 1, 2]);
      for (const [few, many] of [
        [d1few, d1many],
        [d2few, d2many],
        [d3few, d3many],
      ] as const)
        expect(Math.abs(many.sql - few.sql)).toBeLessThanOrEqual(3);
      expect(d3many.sql).toBeLessThan(20);
    });
  });
}
