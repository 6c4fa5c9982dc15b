import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type TestServer } from './support/harness.ts';
import { fetchFile, quadrantPng, uploadFixtures } from './support/upload-fixtures.ts';

const BUDGET = 4;
const HOUR = 60 * 60 * 1000;

async function renditionFiles(api: () => TestServer): Promise<string[]> {
  const root = path.join(api().tessera.config.filesDir, 'renditions');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Requests a rendition that must be new, and returns the file it was cached in. */
async function newRendition(api: () => TestServer, url: string): Promise<string> {
  const before = new Set(await renditionFiles(api));
  const res = await fetchFile(url);
  expect(res.status, res.bytes.toString()).toBe(200);
  const added = (await renditionFiles(api)).filter((f) => !before.has(f));
  expect(added).toHaveLength(1);
  return added[0]!;
}

const used = (file: string, agoMs: number) => utimes(file, new Date(Date.now() - agoMs), new Date(Date.now() - agoMs));

/** An image of random pixels: its PNG renditions do not compress, so their sizes are known (3 bytes a pixel). */
const noisePng = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();

for (const kind of DB_KINDS) {
  describe(`${kind}: the image host bounds its work`, () => {
    // Each test works in a space of its own: the rendition budget is per space.
    const api = useServer(kind, {
      env: {
        TESSERA_IMAGE_RENDITIONS_PER_MINUTE: String(BUDGET),
        TESSERA_IMAGE_TRANSFORM_CONCURRENCY: '1',
        TESSERA_IMAGE_TRANSFORM_QUEUE: '1',
        TESSERA_IMAGE_CACHE_MB: '1',
      },
    });
    const f = uploadFixtures(api);
    const prefix = () => api().vendorPrefix;

    it('refuses the space a new rendition past its budget with 429, still serves cached ones, and leaves other spaces alone', async () => {
      const spaceId = await f.newSpace();
      const { url } = await f.publishedAsset(spaceId, await quadrantPng(40, 30), 'image/png', 'a.png');
      for (let w = 1; w <= BUDGET; w++) expect((await fetchFile(`${url}?w=${w}`)).status).toBe(200);
      const refused = await fetchFile(`${url}?w=${BUDGET + 1}`);
      expect(refused.status).toBe(429);
      expect(refused.json()).toEqual({
        sys: { type: 'Error', id: 'RateLimitExceeded' },
        message: expect.stringMatching(/its 4 new image renditions of this minute.*still served/),
        details: { reason: 'renditionBudgetSpent', limit: BUDGET, windowSeconds: 60 },
        requestId: refused.headers.get(`${prefix()}-Request-Id`),
      });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers.get(`${prefix()}-RateLimit-Reset`)).toBe(String(retryAfter));

      const cached = await fetchFile(`${url}?w=2`);
      expect(cached.status).toBe(200);
      expect((await sharp(cached.bytes).metadata()).width).toBe(2);
      expect((await fetchFile(url)).status).toBe(200);
      expect((await fetchFile(`${url}?w=0`)).status).toBe(400);

      const otherSpace = await f.newSpace();
      const other = await f.publishedAsset(otherSpace, await quadrantPng(42, 30), 'image/png', 'b.png');
      const elsewhere = await fetchFile(`${other.url}?w=${BUDGET + 1}`);
      expect(elsewhere.status).toBe(200);
      expect((await sharp(elsewhere.bytes).metadata()).width).toBe(BUDGET + 1);

      if (kind === 'postgres') {
        // The buckets live in the shared table, so every server process on the database spends one budget.
        const rows = await sql<{
          key: string;
          points: number;
        }>`select key, points from tessera_rate_limits where key like 'tessera-renditions:%' order by points desc`.execute(
          api().tessera.database.db,
        );
        expect(rows.rows).toEqual([
          { key: `tessera-renditions:${spaceId}`, points: BUDGET + 1 },
          { key: `tessera-renditions:${otherSpace}`, points: 1 },
        ]);
      }
    });

    it('runs at most the configured transforms at once, queues a bounded number, and refuses the rest while cached renditions are served', async () => {
      const spaceId = await f.newSpace();
      const { url } = await f.publishedAsset(spaceId, await quadrantPng(60, 40), 'image/png', 'c.png');
      expect((await fetchFile(`${url}?w=10`)).status).toBe(200);
      const { transforms } = api().tessera.assetFiles.images;
      let release!: () => void;
      const held = transforms.run(
        () =>
          new Promise<void>((resolve) => {
            release = resolve;
          }),
      );
      expect(transforms.running).toBe(1);

      const queued = fetchFile(`${url}?w=20`);
      while (transforms.queued < 1) await new Promise((r) => setTimeout(r, 10));
      const refused = await fetchFile(`${url}?w=21`);
      expect(refused.status).toBe(429);
      expect(refused.json()).toMatchObject({
        sys: { type: 'Error', id: 'RateLimitExceeded' },
        message: expect.stringMatching(/already transforming 1 images with 1 more waiting/),
        details: { reason: 'transformQueueFull', concurrency: 1, queue: 1 },
      });
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(refused.headers.get(`${prefix()}-RateLimit-Reset`)).toBe('1');
      expect((await fetchFile(`${url}?w=10`)).status).toBe(200);
      expect((await fetchFile(url)).status).toBe(200);
      expect(transforms.running).toBe(1);

      release();
      await held;
      const done = await queued;
      expect(done.status).toBe(200);
      expect((await sharp(done.bytes).metadata()).width).toBe(20);
      expect([transforms.running, transforms.queued]).toEqual([0, 0]);
      // The refused rendition was not charged: two renditions are made, so two more fit in the budget.
      expect((await fetchFile(`${url}?w=21`)).status).toBe(200);
      expect((await fetchFile(`${url}?w=22`)).status).toBe(200);
      expect((await fetchFile(`${url}?w=23`)).status).toBe(429);
    });

    it('keeps the rendition cache within its disk budget by evicting the least recently used, never an original', async () => {
      const spaceId = await f.newSpace();
      const noise = await noisePng(500);
      const { url } = await f.publishedAsset(spaceId, noise, 'image/png', 'noise.png');
      const crop = (w: number, h: number) => `${url}?w=${w}&h=${h}&fit=crop`;
      const a = await newRendition(api, crop(320, 320));
      const b = await newRendition(api, crop(450, 450));
      const { renditionCache } = api().tessera.assetFiles.images;
      await renditionCache.idle();
      const [sizeA, sizeB] = [(await stat(a)).size, (await stat(b)).size];
      expect(sizeA + sizeB).toBeLessThan(1024 * 1024);
      await used(a, 2 * HOUR);
      await used(b, HOUR);

      expect((await fetchFile(crop(320, 320))).status).toBe(200);
      const c = await newRendition(api, crop(320, 321));
      expect(sizeA + sizeB + (await stat(c)).size).toBeGreaterThan(1024 * 1024);
      await renditionCache.idle();

      expect(existsSync(b)).toBe(false);
      expect(existsSync(a)).toBe(true);
      expect(existsSync(c)).toBe(true);
      const original = await fetchFile(url);
      expect(original.status).toBe(200);
      expect(original.bytes.equals(noise)).toBe(true);
      const again = await fetchFile(crop(450, 450));
      expect(again.status).toBe(200);
      expect((await sharp(again.bytes).metadata()).width).toBe(450);
    });
  });
}
