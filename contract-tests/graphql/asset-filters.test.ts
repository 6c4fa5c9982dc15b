import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const file = (
  url: string,
  fileName: string,
  contentType: string,
  size: number,
  image?: { width: number; height: number },
) => ({ url, fileName, contentType, details: { size, ...(image ? { image } : {}) } });

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL AssetFilter and AssetOrder over the file's attributes`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    let spaceId: string;
    let token: string;
    let preview: string;

    beforeAll(async () => {
      spaceId = (await g.space('Asset filters')).id;
      ({ delivery: token, preview } = await g.keys(spaceId));
      const asset = (id: string, fields: Record<string, unknown>, at: string | false) => ({
        id,
        fields: fields as never,
        published: at === false ? false : { at },
      });
      await g.assets(spaceId, [
        asset(
          'x1',
          {
            title: { 'en-US': 'Sunset' },
            description: { 'en-US': 'A red sky over the sea' },
            file: {
              'en-US': file('//images.example/s/x1/k/sunset.png', 'sunset.png', 'image/png', 2000, {
                width: 800,
                height: 600,
              }),
              'de-DE': file('//images.example/s/x1/k/bild.png', 'bild.png', 'image/png', 100, {
                width: 10,
                height: 12,
              }),
            },
          },
          '2024-01-01T00:00:00.000Z',
        ),
        asset(
          'x2',
          {
            title: { 'en-US': 'Report' },
            description: { 'en-US': 'Quarterly numbers' },
            file: { 'en-US': file('//assets.example/s/x2/k/report.pdf', 'report.pdf', 'application/pdf', 50000) },
          },
          '2024-01-03T00:00:00.000Z',
        ),
        asset(
          'x3',
          {
            title: { 'en-US': 'Logo' },
            file: {
              'en-US': file('//images.example/s/x3/k/logo.jpg', 'logo.jpg', 'image/jpeg', 300, {
                width: 100,
                height: 50,
              }),
            },
          },
          '2024-01-02T00:00:00.000Z',
        ),
        asset(
          'x4',
          {
            title: { 'en-US': 'Draft only' },
            file: { 'en-US': file('//images.example/s/x4/k/d.png', 'd.png', 'image/png', 1, { width: 1, height: 1 }) },
          },
          false,
        ),
        asset('x5', { title: { 'en-US': 'Empty' } }, '2024-01-04T00:00:00.000Z'),
      ]);
    });

    const run = async (where: string, order = '[sys_id_ASC]', extra = '') => {
      const res = await g.gql(
        spaceId,
        extra.includes('preview') ? preview : token,
        `{ assetCollection(where: ${where}, order: ${order}${extra}) { total items { sys { id } } } }`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.errors, `${where} ${JSON.stringify(res.body.errors)}`).toBeUndefined();
      const ids = (res.body.data.assetCollection.items as Array<{ sys: { id: string } }>).map((i) => i.sys.id);
      expect(res.body.data.assetCollection.total, where).toBe(ids.length);
      return ids;
    };
    const check = async (cases: Array<[string, string[]]>, extra = '') => {
      for (const [where, expected] of cases) expect(await run(where, '[sys_id_ASC]', extra), where).toEqual(expected);
    };

    it('title and description (String postfixes)', async () => {
      await check([
        ['{ title: "Sunset" }', ['x1']],
        ['{ title_not: "Sunset" }', ['x2', 'x3', 'x5']],
        ['{ title_contains: "UN" }', ['x1']],
        ['{ title_not_contains: "un" }', ['x2', 'x3', 'x5']],
        ['{ title_in: ["Logo", "Report"] }', ['x2', 'x3']],
        ['{ title_not_in: ["Logo", "Report"] }', ['x1', 'x5']],
        ['{ title_exists: true }', ['x1', 'x2', 'x3', 'x5']],
        ['{ description: "Quarterly numbers" }', ['x2']],
        ['{ description_exists: false }', ['x3', 'x5']],
        ['{ description_contains: "SKY" }', ['x1']],
        ['{ description_not_contains: "sky" }', ['x2', 'x3', 'x5']],
        ['{ description_in: ["Quarterly numbers"] }', ['x2']],
        ['{ description_not: "Quarterly numbers" }', ['x1', 'x3', 'x5']],
      ]);
    });

    it('url, contentType and fileName (String postfixes on the file); url matches with or without the protocol', async () => {
      await check([
        ['{ url: "https://images.example/s/x1/k/sunset.png" }', ['x1']],
        ['{ url: "//images.example/s/x1/k/sunset.png" }', ['x1']],
        ['{ url_not: "https://images.example/s/x1/k/sunset.png" }', ['x2', 'x3', 'x5']],
        ['{ url_exists: false }', ['x5']],
        ['{ url_contains: "REPORT" }', ['x2']],
        ['{ url_not_contains: "images" }', ['x2', 'x5']],
        ['{ url_in: ["https://images.example/s/x3/k/logo.jpg", "//assets.example/s/x2/k/report.pdf"] }', ['x2', 'x3']],
        ['{ url_not_in: ["https://images.example/s/x3/k/logo.jpg"] }', ['x1', 'x2', 'x5']],
        ['{ contentType: "image/png" }', ['x1']],
        ['{ contentType_not: "image/png" }', ['x2', 'x3', 'x5']],
        ['{ contentType_exists: true }', ['x1', 'x2', 'x3']],
        ['{ contentType_contains: "IMAGE" }', ['x1', 'x3']],
        ['{ contentType_not_contains: "image" }', ['x2', 'x5']],
        ['{ contentType_in: ["application/pdf", "image/jpeg"] }', ['x2', 'x3']],
        ['{ contentType_not_in: ["application/pdf"] }', ['x1', 'x3', 'x5']],
        ['{ fileName: "report.pdf" }', ['x2']],
        ['{ fileName_not: "report.pdf" }', ['x1', 'x3', 'x5']],
        ['{ fileName_exists: false }', ['x5']],
        ['{ fileName_contains: ".JP" }', ['x3']],
        ['{ fileName_not_contains: ".jp" }', ['x1', 'x2', 'x5']],
        ['{ fileName_in: ["logo.jpg", "sunset.png"] }', ['x1', 'x3']],
        ['{ fileName_not_in: ["report.pdf"] }', ['x1', 'x3', 'x5']],
      ]);
    });

    it('size, width and height (Int postfixes on the file details)', async () => {
      await check([
        ['{ size: 300 }', ['x3']],
        ['{ size_not: 300 }', ['x1', 'x2', 'x5']],
        ['{ size_exists: false }', ['x5']],
        ['{ size_gt: 1000 }', ['x1', 'x2']],
        ['{ size_gte: 2000 }', ['x1', 'x2']],
        ['{ size_lt: 2000 }', ['x3']],
        ['{ size_lte: 2000 }', ['x1', 'x3']],
        ['{ size_in: [300, 50000] }', ['x2', 'x3']],
        ['{ size_not_in: [300] }', ['x1', 'x2', 'x5']],
        ['{ width: 800 }', ['x1']],
        ['{ width_not: 800 }', ['x2', 'x3', 'x5']],
        ['{ width_exists: false }', ['x2', 'x5']],
        ['{ width_gt: 100 }', ['x1']],
        ['{ width_gte: 100 }', ['x1', 'x3']],
        ['{ width_lt: 800 }', ['x3']],
        ['{ width_lte: 800 }', ['x1', 'x3']],
        ['{ width_in: [100, 5] }', ['x3']],
        ['{ width_not_in: [100] }', ['x1', 'x2', 'x5']],
        ['{ height: 50 }', ['x3']],
        ['{ height_not: 50 }', ['x1', 'x2', 'x5']],
        ['{ height_exists: true }', ['x1', 'x3']],
        ['{ height_gt: 50 }', ['x1']],
        ['{ height_gte: 50 }', ['x1', 'x3']],
        ['{ height_lt: 600 }', ['x3']],
        ['{ height_lte: 600 }', ['x1', 'x3']],
        ['{ height_in: [600] }', ['x1']],
        ['{ height_not_in: [600] }', ['x2', 'x3', 'x5']],
      ]);
    });

    it('sys filters, AND/OR, and the state: drafts only in preview', async () => {
      await check([
        ['{ sys: { id: "x2" } }', ['x2']],
        ['{ sys: { id_in: ["x1", "x4"] } }', ['x1']],
        ['{ sys: { publishedAt_gte: "2024-01-02T00:00:00Z" } }', ['x2', 'x3', 'x5']],
        ['{ sys: { publishedVersion: 1 } }', ['x1', 'x2', 'x3', 'x5']],
        ['{ OR: [{ width_gte: 500 }, { contentType: "application/pdf" }] }', ['x1', 'x2']],
        ['{ AND: [{ contentType_contains: "image" }, { size_lt: 1000 }] }', ['x3']],
        ['{ contentType_contains: "image", OR: [{ height: 50 }, { title: "Sunset" }] }', ['x1', 'x3']],
        ['{ title: "Draft only" }', []],
      ]);
      await check(
        [
          ['{ title: "Draft only" }', ['x4']],
          ['{ width: 1 }', ['x4']],
        ],
        ', preview: true',
      );
    });

    it('file attributes are read in the requested locale', async () => {
      await check([
        ['{ fileName: "bild.png" }', []],
        ['{ width: 10 }', []],
        ['{ fileName: "sunset.png" }', ['x1']],
      ]);
      await check(
        [
          ['{ fileName: "bild.png" }', ['x1']],
          ['{ fileName: "sunset.png" }', []],
          ['{ width: 10, height: 12, size: 100 }', ['x1']],
          ['{ url: "https://images.example/s/x1/k/bild.png" }', ['x1']],
        ],
        ', locale: "de-DE"',
      );
    });

    it('the URL the API answers filters back to its asset', async () => {
      const res = await g.gql(spaceId, token, '{ asset(id: "x3") { url } }');
      const url = res.body.data.asset.url as string;
      expect(url).toBe('https://images.example/s/x3/k/logo.jpg');
      expect(await run(`{ url: ${JSON.stringify(url)} }`)).toEqual(['x3']);
    });

    it('order by the file attributes and sys, missing values last, with tie-breaks and the default order', async () => {
      const enumRes = await g.gql(spaceId, token, '{ __type(name: "AssetOrder") { enumValues { name } } }');
      const values = new Set(
        (enumRes.body.data.__type.enumValues as Array<{ name: string }>).map((v) => v.name.replace(/_(ASC|DESC)$/, '')),
      );
      expect([...values].sort()).toEqual([
        'contentType',
        'fileName',
        'height',
        'size',
        'sys_firstPublishedAt',
        'sys_id',
        'sys_publishedAt',
        'sys_publishedVersion',
        'title',
        'url',
        'width',
      ]);
      const cases: Array<[string, string[]]> = [
        ['[size_ASC]', ['x3', 'x1', 'x2', 'x5']],
        ['[size_DESC]', ['x2', 'x1', 'x3', 'x5']],
        ['[width_DESC]', ['x1', 'x3', 'x2', 'x5']],
        ['[width_ASC, sys_id_DESC]', ['x3', 'x1', 'x5', 'x2']],
        ['[height_ASC]', ['x3', 'x1', 'x2', 'x5']],
        ['[contentType_ASC]', ['x2', 'x3', 'x1', 'x5']],
        ['[contentType_DESC]', ['x1', 'x3', 'x2', 'x5']],
        ['[fileName_DESC]', ['x1', 'x2', 'x3', 'x5']],
        ['[url_ASC]', ['x2', 'x1', 'x3', 'x5']],
        ['[title_ASC]', ['x5', 'x3', 'x2', 'x1']],
        ['[sys_publishedAt_ASC]', ['x1', 'x3', 'x2', 'x5']],
        ['[sys_id_DESC]', ['x5', 'x3', 'x2', 'x1']],
        ['[]', ['x5', 'x2', 'x3', 'x1']],
      ];
      for (const [order, expected] of cases) expect(await run('{}', order), order).toEqual(expected);
      const de = await g.gql(
        spaceId,
        token,
        '{ assetCollection(locale: "de-DE", order: [size_ASC], limit: 1) { items { sys { id } size } } }',
      );
      expect(de.body.data.assetCollection.items).toEqual([{ sys: { id: 'x1' }, size: 100 }]);
    });

    it('typed like the field: a string for size or a range postfix on a string is a validation error (400)', async () => {
      for (const where of [
        '{ size: "300" }',
        '{ url_gt: "a" }',
        '{ width_contains: "1" }',
        '{ description_gt: "a" }',
      ]) {
        const res = await g.gql(spaceId, token, `{ assetCollection(where: ${where}) { total } }`);
        expect([res.status, g.code(res)], where).toEqual([400, 'GRAPHQL_VALIDATION_FAILED']);
      }
    });
  });
}
