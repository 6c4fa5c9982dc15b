import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { fetchFile, QUADRANTS, quadrantPng, uploadFixtures } from '../support/upload-fixtures.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

/** The decoded image: its metadata and one pixel reader (RGBA). */
async function decode(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) =>
    Array.from(data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4));
  return { meta, pixel };
}

const near = (actual: number[], expected: readonly number[], tolerance = 40) =>
  expected.every((value, i) => Math.abs(actual[i]! - value) <= tolerance);

for (const kind of DB_KINDS) {
  describe(`${kind}: GraphQL Asset url(transform: ImageTransformOptions)`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);
    const files = uploadFixtures(api);
    let spaceId: string;
    let token: string;
    let imageId: string;
    let imageUrl: string;
    let pdfId: string;

    beforeAll(async () => {
      spaceId = await files.newSpace();
      token = (await g.keys(spaceId)).delivery;
      const image = await files.publishedAsset(spaceId, await quadrantPng(400, 300), 'image/png', 'quadrants.png');
      imageId = image.asset.sys.id;
      imageUrl = image.url;
      pdfId = (await files.publishedAsset(spaceId, Buffer.from('%PDF-1.4 not really'), 'application/pdf', 'doc.pdf'))
        .asset.sys.id;
    });

    /** The url GraphQL answers for a transform literal. */
    async function url(transform: string | undefined, id = imageId): Promise<string> {
      const res = await g.gql(
        spaceId,
        token,
        `{ asset(id: "${id}") { url${transform === undefined ? '' : `(transform: ${transform})`} } }`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return res.body.data.asset.url as string;
    }

    /** Fetches a URL the API answered (the test server speaks http) and decodes it. */
    async function fetched(answer: string) {
      const res = await fetchFile(answer);
      expect(res.status, res.bytes.toString()).toBe(200);
      return { headers: res.headers, ...(await decode(res.bytes)) };
    }

    it("without a transform the url is the plain URL of the file on the images host, with the server's http scheme", async () => {
      const plain = await url(undefined);
      expect(plain).toBe(imageUrl);
      expect(plain).toMatch(/^http:\/\/[^/]+\/images\/[^?]+\/quadrants\.png$/);
      expect(await url('{}')).toBe(plain);
      expect(await url('{ resizeStrategy: FIT }')).toBe(plain);
    });

    it('width and height: the parameters, and the served image has that size', async () => {
      const plain = await url(undefined);
      const w = await url('{ width: 200 }');
      expect(w).toBe(`${plain}?w=200`);
      const a = await fetched(w);
      expect([a.meta.width, a.meta.height, a.meta.format]).toEqual([200, 150, 'png']);
      const h = await url('{ height: 60 }');
      expect(h).toBe(`${plain}?h=60`);
      expect([(await fetched(h)).meta.width, (await fetched(h)).meta.height]).toEqual([80, 60]);
    });

    it('resize strategies and focus: fill with a focus area, scale, crop, thumb, pad with a background colour', async () => {
      const plain = await url(undefined);
      const fill = await url('{ width: 100, height: 100, resizeStrategy: FILL, resizeFocus: TOP_LEFT }');
      expect(fill).toBe(`${plain}?w=100&h=100&fit=fill&f=top_left`);
      const filled = await fetched(fill);
      expect([filled.meta.width, filled.meta.height]).toEqual([100, 100]);
      expect(near(filled.pixel(5, 5), QUADRANTS.topLeft)).toBe(true);

      const scale = await url('{ width: 100, height: 100, resizeStrategy: SCALE }');
      expect(scale).toBe(`${plain}?w=100&h=100&fit=scale`);
      const scaled = await fetched(scale);
      expect([scaled.meta.width, scaled.meta.height]).toEqual([100, 100]);
      expect(near(scaled.pixel(95, 95), QUADRANTS.bottomRight)).toBe(true);

      const crop = await url('{ width: 50, height: 40, resizeStrategy: CROP, resizeFocus: BOTTOM_RIGHT }');
      expect(crop).toBe(`${plain}?w=50&h=40&fit=crop&f=bottom_right`);
      const cropped = await fetched(crop);
      expect([cropped.meta.width, cropped.meta.height]).toEqual([50, 40]);
      expect(near(cropped.pixel(25, 20), QUADRANTS.bottomRight)).toBe(true);

      const thumb = await url('{ width: 60, height: 60, resizeStrategy: THUMB, resizeFocus: FACES }');
      expect(thumb).toBe(`${plain}?w=60&h=60&fit=thumb&f=faces`);
      const thumbed = await fetched(thumb);
      expect([thumbed.meta.width, thumbed.meta.height]).toEqual([60, 60]);

      const pad = await url('{ width: 200, height: 200, resizeStrategy: PAD, backgroundColor: "rgb:FF00FF" }');
      expect(pad).toBe(`${plain}?w=200&h=200&fit=pad&bg=rgb:ff00ff`);
      const padded = await fetched(pad);
      expect([padded.meta.width, padded.meta.height]).toEqual([200, 200]);
      expect(near(padded.pixel(100, 3), [255, 0, 255])).toBe(true);
      expect(near(padded.pixel(40, 60), QUADRANTS.topLeft)).toBe(true);
    });

    it('formats and quality: JPG, JPG_PROGRESSIVE, PNG8, WEBP; corner radius', async () => {
      const plain = await url(undefined);
      const jpg = await url('{ format: JPG, quality: 50 }');
      expect(jpg).toBe(`${plain}?q=50&fm=jpg`);
      const j = await fetched(jpg);
      expect([j.meta.format, j.meta.isProgressive, j.headers.get('content-type')]).toEqual([
        'jpeg',
        false,
        'image/jpeg',
      ]);

      const progressive = await url('{ format: JPG_PROGRESSIVE, width: 120 }');
      expect(progressive).toBe(`${plain}?w=120&fm=jpg&fl=progressive`);
      const p = await fetched(progressive);
      expect([p.meta.format, p.meta.isProgressive, p.meta.width]).toEqual(['jpeg', true, 120]);

      const png8 = await url('{ format: PNG8 }');
      expect(png8).toBe(`${plain}?fm=png&fl=png8`);
      const p8 = await fetched(png8);
      expect(p8.meta.format).toBe('png');
      expect(p8.meta.isPalette).toBe(true);
      const full = await fetched(await url('{ format: PNG }'));
      expect(full.meta.isPalette).toBe(false);

      const webp = await url('{ format: WEBP, quality: 80, width: 40 }');
      expect(webp).toBe(`${plain}?w=40&q=80&fm=webp`);
      const wp = await fetched(webp);
      expect([wp.meta.format, wp.meta.width, wp.headers.get('content-type')]).toEqual(['webp', 40, 'image/webp']);

      const round = await url('{ width: 100, cornerRadius: -1, format: PNG }');
      expect(round).toBe(`${plain}?w=100&r=-1&fm=png`);
      const r = await fetched(round);
      expect(r.pixel(0, 0)[3]).toBe(0);
      expect(r.pixel(50, 37)[3]).toBe(255);
    });

    it('no effect on a file that is not an image: the plain URL on the assets host', async () => {
      const plain = await url(undefined, pdfId);
      expect(plain).toMatch(/^http:\/\/[^/]+\/assets\/.+\/doc\.pdf$/);
      expect(await url('{ width: 100, format: WEBP }', pdfId)).toBe(plain);
    });

    it('applies in collections and per locale, through variables too', async () => {
      const res = await g.gql(
        spaceId,
        token,
        `query($t: ImageTransformOptions) { assetCollection(where: { contentType: "image/png" }) { items { url(transform: $t, locale: "en-US") } } }`,
        { t: { width: 10, resizeFocus: 'FACE', resizeStrategy: 'THUMB', height: 10 } },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.assetCollection.items).toEqual([
        { url: `${await url(undefined)}?w=10&h=10&fit=thumb&f=face` },
      ]);
    });

    it('out-of-range values are rejected (400 GRAPHQL_VALIDATION_FAILED) in literals and in variables', async () => {
      for (const t of [
        '{ width: 0 }',
        '{ width: 4001 }',
        '{ height: -5 }',
        '{ quality: 0 }',
        '{ quality: 101 }',
        '{ width: "100" }',
        '{ backgroundColor: "#ffffff" }',
        '{ backgroundColor: "rgb:fffff" }',
        '{ backgroundColor: "rgb:gggggg" }',
        '{ format: GIF }',
        '{ resizeStrategy: STRETCH }',
      ]) {
        const res = await g.gql(spaceId, token, `{ asset(id: "${imageId}") { url(transform: ${t}) } }`);
        expect([res.status, g.code(res)], t).toEqual([400, 'GRAPHQL_VALIDATION_FAILED']);
        expect(res.body.data, t).toBeUndefined();
      }
      for (const t of [{ width: 5000 }, { quality: 1.5 }, { backgroundColor: 'white' }]) {
        const res = await g.gql(
          spaceId,
          token,
          'query($t: ImageTransformOptions) { asset(id: "x") { url(transform: $t) } }',
          { t },
        );
        expect([res.status, g.code(res)], JSON.stringify(t)).toEqual([400, 'GRAPHQL_VALIDATION_FAILED']);
      }
      const radius = await g.gql(
        spaceId,
        token,
        `{ asset(id: "${imageId}") { url(transform: { cornerRadius: -2 }) fileName } }`,
      );
      expect(radius.status).toBe(200);
      expect(radius.body.data.asset).toEqual({ url: null, fileName: 'quadrants.png' });
      expect(g.code(radius)).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(await url('{ width: 4000, height: 1, quality: 1, cornerRadius: 4000 }')).toMatch(
        /\?w=4000&h=1&q=1&r=4000$/,
      );
    });
  });
}
