import { randomBytes, createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASSET_FILES_GC_JOB } from '../src/domain/uploads/asset-files-gc.ts';
import { DB_KINDS } from './support/databases.ts';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { useServer, type TestServer } from './support/harness.ts';
import { fetchFile, quadrantPng, sleep, uploadFixtures } from './support/upload-fixtures.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Waits until every collection job queued so far has finished, and none of them failed. */
async function collected(api: () => TestServer, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const pending = await api()
      .tessera.database.db.selectFrom('jobs')
      .select('status')
      .where('kind', '=', ASSET_FILES_GC_JOB)
      .where('status', 'in', ['queued', 'running', 'failed'])
      .execute();
    if (pending.some((job) => job.status === 'failed')) throw new Error('a collection of unused asset files failed');
    if (pending.length === 0) return;
    if (Date.now() > end) throw new Error('the collection of unused asset files did not finish in time');
    await sleep(30);
  }
}

for (const kind of DB_KINDS) {
  describe(`${kind}: collection of unused asset files`, () => {
    const api = useServer(kind);
    const f = uploadFixtures(api);
    const env = environmentFixtures(api);
    const blob = (bytes: Buffer) => {
      const h = sha256(bytes);
      return path.join(api().tessera.config.filesDir, 'blobs', h.slice(0, 2), h);
    };
    const onDisk = (bytes: Buffer) =>
      stat(blob(bytes)).then(
        () => true,
        () => false,
      );
    const renditionFiles = (bytes: Buffer) => {
      const h = sha256(bytes);
      return readdir(path.join(api().tessera.config.filesDir, 'renditions', h.slice(0, 2), h)).catch(
        () => [] as string[],
      );
    };
    const gcJobs = async () =>
      (
        await api()
          .tessera.database.db.selectFrom('jobs')
          .select('payload')
          .where('kind', '=', ASSET_FILES_GC_JOB)
          .execute()
      ).map((j) => j.payload);

    async function processedAsset(spaceId: string, bytes: Buffer) {
      const up = await f.upload(spaceId, bytes);
      const asset = await f.createAsset(spaceId, {
        'en-US': { contentType: 'application/octet-stream', fileName: 'a.bin', uploadFrom: f.uploadLink(up.sys.id) },
      });
      expect((await f.process(spaceId, asset.sys.id, 'en-US', 1)).status).toBe(204);
      return f.waitProcessed(spaceId, asset.sys.id, ['en-US']);
    }

    it('deleting an asset removes its file from the files directory once the queued job has run', async () => {
      const spaceId = await f.newSpace();
      const bytes = randomBytes(5000);
      const asset = await processedAsset(spaceId, bytes);
      expect(await onDisk(bytes)).toBe(true);
      const before = (await gcJobs()).length;
      expect((await api().delete(`/spaces/${spaceId}/assets/${asset.sys.id}`)).status).toBe(204);
      expect((await gcJobs()).slice(before)).toEqual([{ spaceId, assetId: asset.sys.id }]);
      await collected(api);
      expect(await onDisk(bytes)).toBe(false);
      const rows = await api()
        .tessera.database.db.selectFrom('asset_files')
        .select('file_key')
        .where('space_id', '=', spaceId)
        .execute();
      expect(rows).toEqual([]);
    });

    it('a refused delete (published asset) queues nothing and removes nothing', async () => {
      const spaceId = await f.newSpace();
      const bytes = randomBytes(3000);
      const { asset, url } = await f.publishedAsset(spaceId, bytes, 'application/octet-stream', 'p.bin');
      const before = (await gcJobs()).length;
      expect((await api().delete(`/spaces/${spaceId}/assets/${asset.sys.id}`)).status).toBe(400);
      expect((await gcJobs()).length).toBe(before);
      expect(await onDisk(bytes)).toBe(true);
      expect((await fetchFile(url)).status).toBe(200);
    });

    it('keeps a file that a cloned environment still refers to, and removes it when the last reference goes with its environment', async () => {
      const spaceId = await f.newSpace();
      const bytes = randomBytes(4000);
      const asset = await processedAsset(spaceId, bytes);
      await env.readyEnvironment(spaceId, 'staging', 'master');
      expect((await api().delete(`/spaces/${spaceId}/environments/master/assets/${asset.sys.id}`)).status).toBe(204);
      await collected(api);
      expect(await onDisk(bytes)).toBe(true);
      const inStaging = await api().get(`/spaces/${spaceId}/environments/staging/assets/${asset.sys.id}`);
      expect(inStaging.body.fields.file['en-US'].url).toBe(asset.fields.file['en-US'].url);
      // The staging copy can still be published and served.
      expect(
        (
          await api().put(`/spaces/${spaceId}/environments/staging/assets/${asset.sys.id}/published`, undefined, {
            headers: f.versionHeader(inStaging.body.sys.version),
          })
        ).status,
      ).toBe(200);
      expect((await fetchFile(inStaging.body.fields.file['en-US'].url as string)).status).toBe(200);
      expect(
        (
          await api().put(`/spaces/${spaceId}/environments/staging/assets/${asset.sys.id}/published`, undefined, {
            headers: f.versionHeader(inStaging.body.sys.version + 1),
          })
        ).status,
      ).toBe(200);
      expect(
        (await api().delete(`/spaces/${spaceId}/environments/staging/assets/${asset.sys.id}/published`)).status,
      ).toBe(200);

      expect((await api().delete(`/spaces/${spaceId}/environments/staging`)).status).toBe(204);
      await collected(api);
      expect(await onDisk(bytes)).toBe(false);
    });

    it('deleting a space removes the blobs only it used and keeps one another space uses', async () => {
      const doomed = await f.newSpace();
      const other = await f.newSpace();
      const own = randomBytes(1500);
      const shared = randomBytes(1600);
      await processedAsset(doomed, own);
      await processedAsset(doomed, shared);
      const survivor = await processedAsset(other, shared);
      expect((await api().delete(`/spaces/${doomed}`)).status).toBe(204);
      expect((await gcJobs()).at(-1)).toEqual({});
      await collected(api);
      expect(await onDisk(own)).toBe(false);
      expect(await onDisk(shared)).toBe(true);
      const published = await f.publish(other, survivor.sys.id, survivor.sys.version);
      expect((await fetchFile(published.fields.file['en-US'].url as string)).bytes.equals(shared)).toBe(true);
    });

    it('keeps a blob another asset with the same bytes still uses', async () => {
      const spaceId = await f.newSpace();
      const bytes = randomBytes(2000);
      const first = await processedAsset(spaceId, bytes);
      const second = await processedAsset(spaceId, bytes);
      expect((await api().delete(`/spaces/${spaceId}/assets/${first.sys.id}`)).status).toBe(204);
      await collected(api);
      expect(await onDisk(bytes)).toBe(true);
      const published = await f.publish(spaceId, second.sys.id, second.sys.version);
      expect((await fetchFile(published.fields.file['en-US'].url as string)).status).toBe(200);
    });

    it('removes the image renditions of a removed blob and keeps those of a blob still in use', async () => {
      const spaceId = await f.newSpace();
      const [gone, kept] = [await quadrantPng(64, 48), await quadrantPng(48, 64)];
      const doomed = await f.publishedAsset(spaceId, gone, 'image/png', 'gone.png');
      const survivor = await f.publishedAsset(spaceId, kept, 'image/png', 'kept.png');
      for (const url of [doomed.url, survivor.url]) {
        for (const query of ['?w=20', '?w=10&fm=webp']) expect((await fetchFile(`${url}${query}`)).status).toBe(200);
      }
      expect((await renditionFiles(gone)).length).toBe(2);
      expect((await renditionFiles(kept)).length).toBe(2);
      const base = `/spaces/${spaceId}/assets/${doomed.asset.sys.id}`;
      expect((await api().delete(`${base}/published`)).status).toBe(200);
      expect((await api().delete(base)).status).toBe(204);
      await collected(api);
      expect(await onDisk(gone)).toBe(false);
      expect(await renditionFiles(gone)).toEqual([]);
      expect((await renditionFiles(kept)).length).toBe(2);
      const served = await fetchFile(`${survivor.url}?w=20`);
      expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
    });
  });
}
