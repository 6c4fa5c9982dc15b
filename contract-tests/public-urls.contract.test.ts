import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type TestServer } from './support/harness.ts';
import { fetchFile, quadrantPng, uploadFixtures } from './support/upload-fixtures.ts';
import { graphqlFixtures } from './graphql/graphql-fixtures.ts';

/** Upload, create, process and publish one file; the asset and its file as the management API answers it. */
async function published(api: () => TestServer, spaceId: string, bytes: Buffer, contentType: string, fileName: string) {
  const f = uploadFixtures(api);
  const up = await f.upload(spaceId, bytes);
  const created = await f.createAsset(spaceId, {
    'en-US': { contentType, fileName, uploadFrom: f.uploadLink(up.sys.id) },
  });
  expect((await f.process(spaceId, created.sys.id, 'en-US', 1)).status).toBe(204);
  const processed = await f.waitProcessed(spaceId, created.sys.id, ['en-US']);
  const asset = await f.publish(spaceId, created.sys.id, processed.sys.version);
  return { id: asset.sys.id as string, version: asset.sys.version as number, file: asset.fields.file['en-US'] };
}

/** GraphQL `Asset.url` of one asset: plain, and with a width transform. */
async function graphqlUrls(api: () => TestServer, spaceId: string, token: string, id: string) {
  const res = await graphqlFixtures(api).gql(
    spaceId,
    token,
    `{ asset(id: "${id}") { url small: url(transform: { width: 10 }) } }`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.asset as { url: string; small: string };
}

for (const kind of DB_KINDS) {
  describe(`${kind}: public URLs on a server without URL settings (the quick start)`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    let spaceId: string;
    let token: string;
    let png: Buffer;

    beforeAll(async () => {
      spaceId = await uploadFixtures(api).newSpace();
      token = (await g.keys(spaceId)).delivery;
      png = await quadrantPng(40, 20);
    });

    it("writes absolute http URLs on the server's own address, and they serve the file", async () => {
      const image = await published(api, spaceId, png, 'image/png', 'photo.png');
      expect(image.file.url).toMatch(
        new RegExp(`^${api().baseUrl.replaceAll('.', '\\.')}/images/${spaceId}/${image.id}/[0-9a-f]{32}/photo\\.png$`),
      );
      const served = await fetchFile(image.file.url);
      expect(served.status).toBe(200);
      expect(served.bytes.equals(png)).toBe(true);

      const doc = await published(api, spaceId, Buffer.from('plain text'), 'text/plain', 'note.txt');
      expect(doc.file.url).toMatch(
        new RegExp(`^${api().baseUrl.replaceAll('.', '\\.')}/assets/${spaceId}/${doc.id}/[0-9a-f]{32}/note\\.txt$`),
      );
      expect((await fetchFile(doc.file.url)).bytes.toString()).toBe('plain text');
    });

    it('answers the same http URL in GraphQL Asset.url, and image transforms on it work', async () => {
      const image = await published(api, spaceId, png, 'image/png', 'graph.png');
      const urls = await graphqlUrls(api, spaceId, token, image.id);
      expect(urls.url).toBe(image.file.url);
      expect(urls.small).toBe(`${image.file.url}?w=10`);
      const small = await fetchFile(urls.small);
      expect(small.status).toBe(200);
      expect((await sharp(small.bytes).metadata()).width).toBe(10);
      const filtered = await g.gql(
        spaceId,
        token,
        `{ assetCollection(where: { url: ${JSON.stringify(urls.url)} }) { items { sys { id } } } }`,
      );
      expect(filtered.body.data.assetCollection.items).toEqual([{ sys: { id: image.id } }]);
    });

    it('still serves a file stored with a protocol-relative URL, and GraphQL gives it the http scheme', async () => {
      const image = await published(api, spaceId, png, 'image/png', 'older.png');
      const legacy = image.file.url.replace(/^http:/, '');
      const put = await api().put(
        `/spaces/${spaceId}/assets/${image.id}`,
        { fields: { title: { 'en-US': 'Older' }, file: { 'en-US': { ...image.file, url: legacy } } } },
        { headers: { [`${api().vendorPrefix}-Version`]: String(image.version) } },
      );
      expect(put.status, put.text).toBe(200);
      expect(put.body.fields.file['en-US'].url).toBe(legacy);
      await uploadFixtures(api).publish(spaceId, image.id, put.body.sys.version);
      const served = await fetchFile(`http:${legacy}`);
      expect(served.status).toBe(200);
      expect(served.bytes.equals(png)).toBe(true);
      expect(await graphqlUrls(api, spaceId, token, image.id)).toEqual({
        url: `http:${legacy}`,
        small: `http:${legacy}?w=10`,
      });
    });
  });

  describe(`${kind}: public URLs on a server with an https public base URL`, () => {
    const api = useServer(kind, { env: { TESSERA_PUBLIC_URL: 'https://cms.example.test/' } });
    const g = graphqlFixtures(api);

    it('writes protocol-relative URLs on that host, answers them with https: in GraphQL, and serves them by path', async () => {
      const spaceId = await uploadFixtures(api).newSpace();
      const token = (await g.keys(spaceId)).delivery;
      const png = await quadrantPng(40, 20);
      const image = await published(api, spaceId, png, 'image/png', 'secure.png');
      expect(image.file.url).toMatch(
        new RegExp(`^//cms\\.example\\.test/images/${spaceId}/${image.id}/[0-9a-f]{32}/secure\\.png$`),
      );
      const doc = await published(api, spaceId, Buffer.from('%PDF-1.4'), 'application/pdf', 'doc.pdf');
      expect(doc.file.url).toMatch(/^\/\/cms\.example\.test\/assets\//);
      expect(await graphqlUrls(api, spaceId, token, image.id)).toEqual({
        url: `https:${image.file.url}`,
        small: `https:${image.file.url}?w=10`,
      });
      expect((await graphqlUrls(api, spaceId, token, doc.id)).url).toBe(`https:${doc.file.url}`);
      // The proxy in front forwards the path; the asset host matches the file by its last segments.
      const served = await fetchFile(`${api().baseUrl}${new URL(`https:${image.file.url}`).pathname}`);
      expect(served.bytes.equals(png)).toBe(true);
    });
  });
}
