import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FILE_MAX_AGE_SECONDS } from '../src/http/file-hosts.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { fetchFile, quadrantPng, uploadFixtures } from './support/upload-fixtures.ts';

/**
 * fetch() sends `Cache-Control: no-cache` with a conditional request unless the request names its own, and a
 * no-cache request is never answered 304; a revalidating browser cache sends `max-age=0`.
 */
const revalidate = (headers: Record<string, string>) => ({ headers: { 'Cache-Control': 'max-age=0', ...headers } });

for (const kind of DB_KINDS) {
  describe(`${kind}: ranges, validators and caching on the asset and image hosts`, () => {
    const api = useServer(kind);
    const f = uploadFixtures(api);

    it('a published file answers with a strong ETag, Last-Modified, Cache-Control and Accept-Ranges', async () => {
      const spaceId = await f.newSpace();
      const bytes = randomBytes(10_000);
      const { url } = await f.publishedAsset(spaceId, bytes, 'application/octet-stream', 'data.bin');
      const res = await fetchFile(url);
      expect(res.status).toBe(200);
      expect(res.bytes.equals(bytes)).toBe(true);
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('etag')).toBe(`"${createHash('sha256').update(bytes).digest('hex')}"`);
      expect(res.headers.get('cache-control')).toBe(`public, max-age=${FILE_MAX_AGE_SECONDS}`);
      expect(Number.isNaN(Date.parse(res.headers.get('last-modified') ?? ''))).toBe(false);
      expect(res.headers.get('content-length')).toBe('10000');
    });

    it('Range: bytes=a-b answers 206 with exactly those bytes; an open range and a suffix range too', async () => {
      const spaceId = await f.newSpace();
      const bytes = randomBytes(1000);
      const { url } = await f.publishedAsset(spaceId, bytes, 'application/octet-stream', 'r.bin');
      const part = await fetchFile(url, { headers: { Range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
      expect(part.headers.get('content-length')).toBe('100');
      expect(part.bytes.equals(bytes.subarray(100, 200))).toBe(true);
      const open = await fetchFile(url, { headers: { Range: 'bytes=990-' } });
      expect(open.status).toBe(206);
      expect(open.headers.get('content-range')).toBe('bytes 990-999/1000');
      expect(open.bytes.equals(bytes.subarray(990))).toBe(true);
      const suffix = await fetchFile(url, { headers: { Range: 'bytes=-5' } });
      expect(suffix.status).toBe(206);
      expect(suffix.bytes.equals(bytes.subarray(995))).toBe(true);
    });

    it('an unsatisfiable range answers 416 with Content-Range bytes */size and no body', async () => {
      const spaceId = await f.newSpace();
      const bytes = randomBytes(500);
      const { url } = await f.publishedAsset(spaceId, bytes, 'application/octet-stream', 'u.bin');
      const res = await fetchFile(url, { headers: { Range: 'bytes=600-700' } });
      expect(res.status).toBe(416);
      expect(res.headers.get('content-range')).toBe('bytes */500');
      expect(res.bytes.length).toBe(0);
      // The file itself is unaffected.
      expect((await fetchFile(url)).bytes.equals(bytes)).toBe(true);
    });

    it('If-None-Match with the current ETag answers 304 without a body; another ETag gets the file', async () => {
      const spaceId = await f.newSpace();
      const bytes = randomBytes(800);
      const { url } = await f.publishedAsset(spaceId, bytes, 'application/octet-stream', 'c.bin');
      const first = await fetchFile(url);
      const etag = first.headers.get('etag')!;
      const again = await fetchFile(url, revalidate({ 'If-None-Match': etag }));
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.headers.get('etag')).toBe(etag);
      const other = await fetchFile(url, revalidate({ 'If-None-Match': '"something-else"' }));
      expect(other.status).toBe(200);
      expect(other.bytes.equals(bytes)).toBe(true);
      const since = await fetchFile(url, revalidate({ 'If-Modified-Since': first.headers.get('last-modified')! }));
      expect(since.status).toBe(304);
    });

    it('a conditional request for an unpublished file is a 404, not a 304', async () => {
      const spaceId = await f.newSpace();
      const bytes = randomBytes(300);
      const { asset, url } = await f.publishedAsset(spaceId, bytes, 'application/octet-stream', 'gone.bin');
      const etag = (await fetchFile(url)).headers.get('etag')!;
      expect((await api().delete(`/spaces/${spaceId}/assets/${asset.sys.id}/published`)).status).toBe(200);
      expect((await fetchFile(url, revalidate({ 'If-None-Match': etag }))).status).toBe(404);
      expect((await fetchFile(url, { headers: { Range: 'bytes=0-9' } })).status).toBe(404);
    });

    it('an image rendition has its own ETag and answers ranges and 304 too', async () => {
      const spaceId = await f.newSpace();
      const png = await quadrantPng(400, 300);
      const { url } = await f.publishedAsset(spaceId, png, 'image/png', 'q.png');
      const original = await fetchFile(url);
      const resized = await fetchFile(`${url}?w=100&fm=jpg`);
      expect(resized.status).toBe(200);
      expect(resized.headers.get('content-type')).toBe('image/jpeg');
      const etag = resized.headers.get('etag')!;
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      expect(etag).not.toBe(original.headers.get('etag'));
      expect(resized.headers.get('cache-control')).toBe(`public, max-age=${FILE_MAX_AGE_SECONDS}`);
      expect((await fetchFile(`${url}?w=100&fm=jpg`, revalidate({ 'If-None-Match': etag }))).status).toBe(304);
      const head = await fetchFile(`${url}?w=100&fm=jpg`, { headers: { Range: 'bytes=0-1' } });
      expect(head.status).toBe(206);
      expect(head.bytes.equals(resized.bytes.subarray(0, 2))).toBe(true);
    });
  });
}
