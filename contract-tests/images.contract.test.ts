import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type TestServer } from './support/harness.ts';
import { fetchFile, QUADRANTS, quadrantPng, uploadFixtures } from './support/upload-fixtures.ts';

/** The decoded output: its metadata and one pixel reader. */
async function decode(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) =>
    Array.from(data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4));
  return { meta, pixel };
}

const near = (actual: number[], expected: readonly number[], tolerance = 40) =>
  expected.every((value, i) => Math.abs(actual[i] - value) <= tolerance);

async function renditionCount(api: () => TestServer): Promise<number> {
  const root = path.join(api().tessera.config.filesDir, 'renditions');
  const files = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return files.filter((entry) => entry.isFile()).length;
}

for (const kind of DB_KINDS) {
  describe(`${kind}: asset and image hosts`, () => {
    const api = useServer(kind);
    const f = uploadFixtures(api);
    let spaceId: string;
    let png: Buffer;
    let image: string;
    const get = async (query = '') => {
      const res = await fetchFile(`${image}${query}`);
      expect(res.status, res.bytes.toString()).toBe(200);
      return { ...res, ...(await decode(res.bytes)) };
    };

    beforeAll(async () => {
      spaceId = await f.newSpace();
      png = await quadrantPng(400, 300);
      image = (await f.publishedAsset(spaceId, png, 'image/png', 'quadrants.png')).url;
    });

    it('serves a published file without a token, with its content type and length; HEAD too', async () => {
      const original = await fetchFile(image);
      expect(original.status).toBe(200);
      expect(original.headers.get('content-type')).toBe('image/png');
      expect(original.headers.get('content-length')).toBe(String(png.length));
      expect(original.bytes.equals(png)).toBe(true);
      const head = await fetchFile(image, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(png.length));
      const pdf = Buffer.from('%PDF-1.4 not really');
      const doc = await f.publishedAsset(spaceId, pdf, 'application/pdf', 'doc.pdf');
      expect(doc.url).toMatch(/\/assets\//);
      const served = await fetchFile(doc.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('application/pdf');
      expect(served.bytes.equals(pdf)).toBe(true);
      const onImagesHost = await fetchFile(image.replace('/images/', '/assets/'));
      expect(onImagesHost.bytes.equals(png)).toBe(true);
    });

    it('stops serving a file when its asset is unpublished, archived or deleted, and never serves a wrong address', async () => {
      const { asset, url } = await f.publishedAsset(spaceId, Buffer.from('lifecycle'), 'text/plain', 'life.txt');
      const base = `/spaces/${spaceId}/assets/${asset.sys.id}`;
      expect((await fetchFile(url)).status).toBe(200);
      expect((await fetchFile(url.replace(/life\.txt$/, 'other.txt'))).status).toBe(404);
      expect((await fetchFile(url.replace(/\/[0-9a-f]{32}\//, `/${'0'.repeat(32)}/`))).status).toBe(404);
      expect((await fetchFile(url.replace(`/${asset.sys.id}/`, '/someone-else/'))).status).toBe(404);
      const unpublished = await api().delete(`${base}/published`);
      expect(unpublished.status).toBe(200);
      const notFound = await fetchFile(url);
      expect(notFound.status).toBe(404);
      expect(notFound.json()).toMatchObject({ sys: { type: 'Error', id: 'NotFound' } });
      expect((await api().put(`${base}/archived`, undefined)).status).toBe(200);
      expect((await fetchFile(url)).status).toBe(404);
      expect((await api().delete(`${base}/archived`)).status).toBe(200);
      const republished = await f.publish(spaceId, asset.sys.id, (await f.getAsset(spaceId, asset.sys.id)).sys.version);
      expect((await fetchFile(url)).status).toBe(200);
      expect((await api().delete(`${base}/published`)).status).toBe(200);
      expect((await api().delete(base)).status).toBe(204);
      expect(republished.sys.publishedVersion).toBeGreaterThan(0);
      expect((await fetchFile(url)).status).toBe(404);
    });

    it('never serves a draft: a processed but unpublished image is not found on either host', async () => {
      const up = await f.upload(spaceId, png);
      const draft = await f.createAsset(spaceId, {
        'en-US': { contentType: 'image/png', fileName: 'draft.png', uploadFrom: f.uploadLink(up.sys.id) },
      });
      await f.process(spaceId, draft.sys.id, 'en-US', 1);
      const url: string = (await f.waitProcessed(spaceId, draft.sys.id, ['en-US'])).fields.file['en-US'].url;
      expect((await fetchFile(url)).status).toBe(404);
      expect((await fetchFile(`${url}?w=10`)).status).toBe(404);
      expect((await fetchFile(url.replace('/images/', '/assets/'))).status).toBe(404);
    });

    it('resizes with w and h, by default fitting inside the box', async () => {
      expect((await get('?w=200')).meta).toMatchObject({ width: 200, height: 150, format: 'png' });
      expect((await get('?h=60')).meta).toMatchObject({ width: 80, height: 60 });
      expect((await get('?w=100&h=100')).meta).toMatchObject({ width: 100, height: 75 });
      expect((await get('?w=800')).meta).toMatchObject({ width: 800, height: 600 });
    });

    it('applies each resize strategy: scale, fill, thumb, pad (with bg) and crop (with focus)', async () => {
      const scale = await get('?w=100&h=100&fit=scale');
      expect(scale.meta).toMatchObject({ width: 100, height: 100 });
      expect(near(scale.pixel(5, 5), QUADRANTS.topLeft)).toBe(true);
      const fill = await get('?w=100&h=100&fit=fill');
      expect(fill.meta).toMatchObject({ width: 100, height: 100 });
      const fillLeft = await get('?w=100&h=300&fit=fill&f=left');
      expect(near(fillLeft.pixel(90, 5), QUADRANTS.topLeft)).toBe(true);
      const fillRight = await get('?w=100&h=300&fit=fill&f=right');
      expect(near(fillRight.pixel(5, 5), QUADRANTS.topRight)).toBe(true);
      expect((await get('?w=80&h=80&fit=thumb')).meta).toMatchObject({ width: 80, height: 80 });
      expect((await get('?w=80&h=80&fit=thumb&f=face')).meta).toMatchObject({ width: 80, height: 80 });
      expect((await get('?w=80&h=80&fit=fill&f=faces')).meta).toMatchObject({ width: 80, height: 80 });

      const pad = await get('?w=200&h=200&fit=pad&bg=rgb:00ff00&fm=jpg');
      expect(pad.meta).toMatchObject({ width: 200, height: 200, format: 'jpeg' });
      expect(near(pad.pixel(100, 2), [0, 255, 0])).toBe(true);
      expect(near(pad.pixel(5, 60), QUADRANTS.topLeft)).toBe(true);
      const padTop = await get('?w=200&h=200&fit=pad&f=top&bg=rgb:0000ff');
      expect(near(padTop.pixel(5, 2), QUADRANTS.topLeft)).toBe(true);
      expect(near(padTop.pixel(100, 198), [0, 0, 255])).toBe(true);
      const transparentPad = await get('?w=200&h=200&fit=pad');
      expect(transparentPad.pixel(100, 2)[3]).toBe(0);

      const corners = {
        top_left: QUADRANTS.topLeft,
        top_right: QUADRANTS.topRight,
        bottom_left: QUADRANTS.bottomLeft,
        bottom_right: QUADRANTS.bottomRight,
      };
      for (const [focus, colour] of Object.entries(corners)) {
        const crop = await get(`?w=50&h=40&fit=crop&f=${focus}`);
        expect(crop.meta, focus).toMatchObject({ width: 50, height: 40 });
        expect(near(crop.pixel(25, 20), colour), focus).toBe(true);
      }
      expect(near((await get('?w=100&h=10&fit=crop&f=top')).pixel(10, 5), QUADRANTS.topLeft)).toBe(true);
      expect(near((await get('?w=10&h=100&fit=crop&f=right')).pixel(5, 10), QUADRANTS.topRight)).toBe(true);
      expect(near((await get('?w=100&h=10&fit=crop&f=bottom')).pixel(90, 5), QUADRANTS.bottomRight)).toBe(true);
      expect(near((await get('?w=10&h=100&fit=crop&f=left')).pixel(5, 10), QUADRANTS.topLeft)).toBe(true);
      const center = await get('?w=20&h=20&fit=crop&f=center');
      expect(near(center.pixel(2, 2), QUADRANTS.topLeft) && near(center.pixel(17, 17), QUADRANTS.bottomRight)).toBe(
        true,
      );
      expect((await get('?w=1000&h=20&fit=crop')).meta).toMatchObject({ width: 400, height: 20 });
    });

    it('rounds corners (r) and makes a circle or ellipse (r=-1), over bg in JPG', async () => {
      const rounded = await get('?w=200&r=40');
      expect(rounded.meta).toMatchObject({ width: 200, height: 150, hasAlpha: true });
      expect(rounded.pixel(0, 0)[3]).toBe(0);
      expect(rounded.pixel(100, 2)[3]).toBe(255);
      const ellipse = await get('?w=200&r=-1');
      expect(ellipse.pixel(5, 5)[3]).toBe(0);
      expect(ellipse.pixel(100, 75)[3]).toBe(255);
      expect(ellipse.pixel(100, 1)[3]).toBeGreaterThan(0);
      const jpg = await get('?w=200&r=-1&fm=jpg&bg=rgb:0000ff');
      expect(jpg.meta.format).toBe('jpeg');
      expect(near(jpg.pixel(2, 2), [0, 0, 255])).toBe(true);
    });

    it('converts formats (fm), honours quality (q) and the progressive and png8 flags (fl)', async () => {
      expect((await get('?fm=jpg')).meta).toMatchObject({
        format: 'jpeg',
        width: 400,
        height: 300,
        isProgressive: false,
      });
      expect((await get('?fm=webp')).meta).toMatchObject({ format: 'webp', width: 400 });
      expect((await get('?fm=png&w=10')).meta).toMatchObject({ format: 'png', width: 10 });
      expect((await get('?fm=jpg&fl=progressive')).meta).toMatchObject({ format: 'jpeg', isProgressive: true });
      expect((await get('?fm=png')).meta.isPalette).toBe(false);
      expect((await get('?fm=png&fl=png8')).meta).toMatchObject({ format: 'png', isPalette: true });
      const noisy = await sharp(Buffer.from(Array.from({ length: 200 * 200 * 3 }, (_, i) => (i * 7919) % 251)), {
        raw: { width: 200, height: 200, channels: 3 },
      })
        .png()
        .toBuffer();
      const photo = (await f.publishedAsset(spaceId, noisy, 'image/png', 'noise.png')).url;
      const low = await fetchFile(`${photo}?fm=jpg&q=10`);
      const high = await fetchFile(`${photo}?fm=jpg&q=95`);
      expect(low.bytes.length).toBeLessThan(high.bytes.length);
      const lowWebp = await fetchFile(`${photo}?fm=webp&q=5`);
      const highWebp = await fetchFile(`${photo}?fm=webp&q=100`);
      expect(lowWebp.bytes.length).toBeLessThan(highWebp.bytes.length);
      expect(low.headers.get('content-type')).toBe('image/jpeg');
      expect(lowWebp.headers.get('content-type')).toBe('image/webp');
    });

    it('refuses out-of-range and unknown values with 400 naming the parameter and what is allowed', async () => {
      const cases: Array<[string, string, RegExp]> = [
        ['w=0', 'w', /1 to 4000/],
        ['w=4001', 'w', /1 to 4000/],
        ['h=abc', 'h', /1 to 4000/],
        ['h=1.5', 'h', /1 to 4000/],
        ['q=0', 'q', /1 to 100/],
        ['q=101', 'q', /1 to 100/],
        ['r=-2', 'r', /-1/],
        ['r=4001', 'r', /0 to 4000/],
        ['fit=zoom', 'fit', /pad, fill, scale, crop, thumb/],
        ['f=middle', 'f', /center, top, right/],
        ['bg=red', 'bg', /rgb:/],
        ['bg=rgb:gg0000', 'bg', /six hex digits/],
        ['fm=gif', 'fm', /jpg, png, webp/],
        ['fl=interlace', 'fl', /progressive|png8/],
        ['fm=png&fl=progressive', 'fl', /JPG/],
        ['fm=jpg&fl=png8', 'fl', /PNG/],
        ['fl=progressive', 'fl', /JPG/],
        ['w=10&w=20', 'w', /once/],
      ];
      const before = await renditionCount(api);
      for (const [query, parameter, allowed] of cases) {
        const res = await fetchFile(`${image}?${query}`);
        expect(res.status, query).toBe(400);
        const body = res.json();
        expect(body.sys.id, query).toBe('BadRequest');
        expect(body.details.errors, query).toEqual([expect.objectContaining({ parameter })]);
        expect(body.message, query).toMatch(allowed);
      }
      const both = (await fetchFile(`${image}?w=0&q=500`)).json();
      expect(body(both)).toEqual(['w', 'q']);
      expect(await renditionCount(api)).toBe(before);
      function body(b: { details: { errors: Array<{ parameter: string }> } }) {
        return b.details.errors.map((e) => e.parameter);
      }
    });

    it('ignores unknown parameters, and transforms for files that are not images', async () => {
      expect((await fetchFile(`${image}?v=123`)).bytes.equals(png)).toBe(true);
      expect((await get('?w=50&utm_source=x')).meta.width).toBe(50);
      const text = Buffer.from('just text');
      const { url } = await f.publishedAsset(spaceId, text, 'text/plain', 'note.txt');
      const onImages = await fetchFile(url.replace('/assets/', '/images/') + '?w=10&fm=webp&q=500');
      expect(onImages.status).toBe(200);
      expect(onImages.bytes.equals(text)).toBe(true);
      expect(onImages.headers.get('content-type')).toMatch(/^text\/plain/);
    });

    it('caches renditions on disk by file and normalized parameters', async () => {
      const before = await renditionCount(api);
      const first = await get('?w=123&h=45&fit=fill');
      expect(await renditionCount(api)).toBe(before + 1);
      const reordered = await get('?fit=fill&h=45&w=123');
      expect(reordered.bytes.equals(first.bytes)).toBe(true);
      expect(await renditionCount(api)).toBe(before + 1);
      await get('?w=124&h=45&fit=fill');
      expect(await renditionCount(api)).toBe(before + 2);
      expect(existsSync(path.join(api().tessera.config.filesDir, 'renditions'))).toBe(true);
    });
  });
}

/** A GET with an explicit Host header (fetch may not set one), as a reverse proxy in front of one process would send. */
function getWithHost(
  baseUrl: string,
  path: string,
  host: string,
): Promise<{ status: number; type: string | undefined; bytes: Buffer }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    request({ hostname, port, path, headers: { Host: host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], bytes: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

for (const kind of DB_KINDS) {
  describe(`${kind}: file hosts on base URLs of their own`, () => {
    const api = useServer(kind, {
      env: { TESSERA_ASSETS_URL: 'https://files.example.test', TESSERA_IMAGES_URL: 'https://images.example.test/' },
    });
    const f = uploadFixtures(api);

    it('writes file URLs on the configured hosts and serves them at the root, images by their Host header', async () => {
      const spaceId = await f.newSpace();
      const png = await quadrantPng(40, 20);
      const image = await f.publishedAsset(spaceId, png, 'image/png', 'small.png');
      expect(image.url).toMatch(
        new RegExp(`^http://images\\.example\\.test/${spaceId}/${image.asset.sys.id}/[0-9a-f]{32}/small\\.png$`),
      );
      const doc = await f.publishedAsset(spaceId, Buffer.from('plain'), 'text/plain', 'a.txt');
      expect(doc.url).toMatch(/^http:\/\/files\.example\.test\//);

      const imagePath = new URL(image.url).pathname;
      const resized = await getWithHost(api().baseUrl, `${imagePath}?w=10`, 'images.example.test');
      expect(resized.status).toBe(200);
      expect((await sharp(resized.bytes).metadata()).width).toBe(10);
      const asAsset = await getWithHost(api().baseUrl, `${imagePath}?w=10`, 'files.example.test');
      expect(asAsset.status).toBe(200);
      expect(asAsset.bytes.equals(png)).toBe(true);
      const text = await getWithHost(api().baseUrl, new URL(doc.url).pathname, 'files.example.test');
      expect(text.bytes.toString()).toBe('plain');
      expect((await api().get(`/spaces/${spaceId}`)).status).toBe(200);
      expect((await api().get(`/spaces/${spaceId}/uploads/${'0'.repeat(22)}`)).status).toBe(404);
    });
  });
}
