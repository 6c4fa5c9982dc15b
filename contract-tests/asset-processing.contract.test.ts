import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_PROCESSING_JOB, PROCESSING_START_DELAY_MS } from '../src/domain/uploads/asset-processing-service.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type TestServer } from './support/harness.ts';
import { fetchFile, quadrantPng, sleep, uploadFixtures } from './support/upload-fixtures.ts';

const assetRow = (api: () => TestServer, spaceId: string, id: string) =>
  api()
    .tessera.database.db.selectFrom('assets')
    .select(['version', 'fields', 'updated_at'])
    .where('space_id', '=', spaceId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const processingJobs = async (api: () => TestServer) =>
  (
    await api()
      .tessera.database.db.selectFrom('jobs')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('kind', '=', ASSET_PROCESSING_JOB)
      .executeTakeFirstOrThrow()
  ).n;

/** A file server on 127.0.0.1 standing in for the remote URL of an asset's `upload`. */
function fileServer(files: Record<string, Buffer>) {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const body = files[req.url ?? ''];
      if (!body) {
        res.statusCode = 404;
        res.end('missing');
        return;
      }
      res.setHeader('Content-Type', 'application/octet-stream');
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return () => base;
}

for (const kind of DB_KINDS) {
  describe(`${kind}: asset processing`, () => {
    const api = useServer(kind);
    const f = uploadFixtures(api);

    it('processes an image from its upload: url, size and dimensions, version + 1, the upload kept as processed', async () => {
      const spaceId = await f.newSpace();
      const png = await quadrantPng(400, 300);
      const up = await f.upload(spaceId, png);
      const asset = await f.createAsset(spaceId, {
        'en-US': { contentType: 'image/png', fileName: 'photo one.png', uploadFrom: f.uploadLink(up.sys.id) },
      });
      const res = await api().put(
        `/spaces/${spaceId}/environments/master/assets/${asset.sys.id}/files/en-US/process`,
        undefined,
        { headers: f.versionHeader(1) },
      );
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      const processed = await f.waitProcessed(spaceId, asset.sys.id, ['en-US']);
      expect(processed.sys.version).toBe(2);
      const file = processed.fields.file['en-US'];
      expect(file).toEqual({
        contentType: 'image/png',
        fileName: 'photo one.png',
        details: { size: png.length, image: { width: 400, height: 300 } },
        url: expect.any(String),
      });
      expect(file.url).toMatch(
        new RegExp(
          `^${api().baseUrl.replaceAll('.', '\\.')}/images/${spaceId}/${asset.sys.id}/[0-9a-f]{32}/photo%20one\\.png$`,
        ),
      );
      expect((await api().tessera.storage.repos.uploads.find(spaceId, up.sys.id))?.processedAt).toEqual(
        expect.any(String),
      );
      const published = await f.publish(spaceId, asset.sys.id, 2);
      expect(published.sys).toMatchObject({ version: 3, publishedVersion: 2 });
      const served = await fetchFile(file.url);
      expect(served.status).toBe(200);
      expect(served.bytes.equals(png)).toBe(true);
    });

    it('accepts parallel process calls for several locales with the same version; one upload serves several locales and assets', async () => {
      const spaceId = await f.newSpace();
      expect((await api().post(`/spaces/${spaceId}/locales`, { name: 'German', code: 'de-DE' })).status).toBe(201);
      expect((await api().post(`/spaces/${spaceId}/locales`, { name: 'French', code: 'fr' })).status).toBe(201);
      const text = randomBytes(3000);
      const up = await f.upload(spaceId, text);
      const other = await f.upload(spaceId, Buffer.from('another file'));
      const file = (name: string, id: string) => ({
        contentType: 'application/octet-stream',
        fileName: name,
        uploadFrom: f.uploadLink(id),
      });
      const asset = await f.createAsset(spaceId, {
        'en-US': file('en.bin', up.sys.id),
        'de-DE': file('de.bin', up.sys.id),
        fr: file('fr.bin', other.sys.id),
      });
      const results = await Promise.all(['en-US', 'de-DE', 'fr'].map((l) => f.process(spaceId, asset.sys.id, l, 1)));
      expect(results.map((r) => r.status)).toEqual([204, 204, 204]);
      const done = await f.waitProcessed(spaceId, asset.sys.id, ['en-US', 'de-DE', 'fr']);
      expect(done.sys.version).toBe(4);
      expect(done.fields.file['en-US']).toMatchObject({ fileName: 'en.bin', details: { size: 3000 } });
      expect(done.fields.file['de-DE']).toMatchObject({ fileName: 'de.bin', details: { size: 3000 } });
      expect(done.fields.file.fr).toMatchObject({ fileName: 'fr.bin', details: { size: 12 } });
      for (const l of ['en-US', 'de-DE', 'fr']) {
        expect(done.fields.file[l]).not.toHaveProperty('uploadFrom');
        expect(done.fields.file[l].details).not.toHaveProperty('image');
        expect(done.fields.file[l].url).toMatch(
          new RegExp(`/assets/${spaceId}/${asset.sys.id}/[0-9a-f]{32}/${l.slice(0, 2)}\\.bin$`),
        );
      }
      const second = await f.createAsset(spaceId, { 'en-US': file('again.bin', up.sys.id) });
      expect((await f.process(spaceId, second.sys.id, 'en-US', 1)).status).toBe(204);
      const again = await f.waitProcessed(spaceId, second.sys.id, ['en-US']);
      expect(again.fields.file['en-US'].details.size).toBe(3000);
    });

    it("queues a locale's processing to start half a second after its request, so that the other locales' calls with the same version arrive first", async () => {
      const spaceId = await f.newSpace();
      const up = await f.upload(spaceId, Buffer.from('later'));
      const asset = await f.createAsset(spaceId, {
        'en-US': { contentType: 'text/plain', fileName: 'later.txt', uploadFrom: f.uploadLink(up.sys.id) },
      });
      expect((await f.process(spaceId, asset.sys.id, 'en-US', 1)).status).toBe(204);
      const job = await api()
        .tessera.database.db.selectFrom('jobs')
        .select(sql<number>`extract(epoch from run_at - created_at) * 1000`.as('delayMs'))
        .where('kind', '=', ASSET_PROCESSING_JOB)
        .where(sql<boolean>`payload->>'assetId' = ${asset.sys.id}`)
        .executeTakeFirstOrThrow();
      // run_at is the request's clock + the delay; created_at the insert's, a few milliseconds later.
      expect(Number(job.delayMs)).toBeGreaterThan(PROCESSING_START_DELAY_MS - 100);
      expect(Number(job.delayMs)).toBeLessThanOrEqual(PROCESSING_START_DELAY_MS);
      expect((await f.waitProcessed(spaceId, asset.sys.id, ['en-US'])).sys.version).toBe(2);
    });

    it('answers 204 without change for a locale already processed', async () => {
      const spaceId = await f.newSpace();
      const up = await f.upload(spaceId, Buffer.from('once'));
      const asset = await f.createAsset(spaceId, {
        'en-US': { contentType: 'text/plain', fileName: 'once.txt', uploadFrom: f.uploadLink(up.sys.id) },
      });
      await f.process(spaceId, asset.sys.id, 'en-US', 1);
      await f.waitProcessed(spaceId, asset.sys.id, ['en-US']);
      const before = await assetRow(api, spaceId, asset.sys.id);
      const jobs = await processingJobs(api);
      expect((await f.process(spaceId, asset.sys.id, 'en-US', 2)).status).toBe(204);
      await sleep(200);
      expect(await assetRow(api, spaceId, asset.sys.id)).toEqual(before);
      expect(await processingJobs(api)).toBe(jobs);
    });

    it('refuses bad requests with the error body and changes nothing', async () => {
      const spaceId = await f.newSpace();
      const up = await f.upload(spaceId, Buffer.from('bytes'));
      const gone = await f.upload(spaceId, Buffer.from('deleted later'));
      const asset = await f.createAsset(spaceId, {
        'en-US': { contentType: 'text/plain', fileName: 'a.txt', uploadFrom: f.uploadLink(up.sys.id) },
      });
      const orphan = await f.createAsset(spaceId, {
        'en-US': { contentType: 'text/plain', fileName: 'b.txt', uploadFrom: f.uploadLink(gone.sys.id) },
      });
      await api().delete(`/spaces/${spaceId}/uploads/${gone.sys.id}`);
      const before = await assetRow(api, spaceId, asset.sys.id);
      const jobs = await processingJobs(api);
      const path = f.processPath(spaceId, asset.sys.id, 'en-US');

      const missingLocale = await f.process(spaceId, asset.sys.id, 'de-DE', 1);
      expect(missingLocale.status).toBe(422);
      expect(missingLocale.body).toMatchObject({
        sys: { type: 'Error', id: 'ValidationFailed' },
        details: {
          errors: [
            { name: 'required', path: ['fields', 'file', 'de-DE'], details: 'No file specified for locale: de-DE' },
          ],
        },
      });
      const noVersion = await api().put(path, undefined);
      expect(noVersion.status).toBe(409);
      expect(noVersion.body.sys.id).toBe('VersionMismatch');
      const stale = await f.process(spaceId, asset.sys.id, 'en-US', 7);
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ sys: { id: 'VersionMismatch' }, details: { expected: 1, provided: 7 } });
      const badHeader = await api().put(path, undefined, { headers: f.versionHeader('one') });
      expect(badHeader.status).toBe(400);
      const noAsset = await f.process(spaceId, 'nope', 'en-US', 1);
      expect(noAsset.status).toBe(404);
      expect(noAsset.body).toMatchObject({ sys: { id: 'NotFound' }, details: { type: 'Asset', id: 'nope' } });
      const noEnv = await api().put(
        `/spaces/${spaceId}/environments/nope/assets/${asset.sys.id}/files/en-US/process`,
        undefined,
        { headers: f.versionHeader(1) },
      );
      expect(noEnv.status).toBe(404);
      expect(noEnv.body.details).toMatchObject({ type: 'Environment', id: 'nope' });
      const deletedUpload = await f.process(spaceId, orphan.sys.id, 'en-US', 1);
      expect(deletedUpload.status).toBe(422);
      expect(deletedUpload.body.details.errors).toEqual([
        expect.objectContaining({
          name: 'notResolvable',
          path: ['fields', 'file', 'en-US', 'uploadFrom'],
          link: { type: 'Link', linkType: 'Upload', id: gone.sys.id },
        }),
      ]);
      const remote = await f.createAsset(spaceId, {
        'en-US': { contentType: 'image/png', fileName: 'r.png', upload: 'http://127.0.0.1:9/r.png' },
      });
      const refusedUrl = await f.process(spaceId, remote.sys.id, 'en-US', 1);
      expect(refusedUrl.status).toBe(422);
      expect(refusedUrl.body.details.errors[0]).toMatchObject({
        name: 'unsupported',
        path: ['fields', 'file', 'en-US', 'upload'],
      });
      expect(refusedUrl.body.details.errors[0].details).toMatch(/TESSERA_FETCH_REMOTE_FILES/);

      // A file with no source at all cannot be saved through the API; arranged in the database to break the rule.
      await api()
        .tessera.database.db.updateTable('assets')
        .set({ fields: JSON.stringify({ file: { 'en-US': { contentType: 'text/plain', fileName: 'x.txt' } } }) })
        .where('space_id', '=', spaceId)
        .where('id', '=', orphan.sys.id)
        .execute();
      const noSource = await f.process(spaceId, orphan.sys.id, 'en-US', 1);
      expect(noSource.status).toBe(422);
      expect(noSource.body.details.errors[0]).toMatchObject({
        name: 'required',
        path: ['fields', 'file', 'en-US', 'uploadFrom'],
      });

      expect(await assetRow(api, spaceId, asset.sys.id)).toEqual(before);
      expect(await processingJobs(api)).toBe(jobs);
    });
  });

  describe(`${kind}: asset processing from URLs`, () => {
    const api = useServer(kind, { env: { TESSERA_FETCH_REMOTE_FILES: '1' } });
    const f = uploadFixtures(api);
    let png: Buffer;
    const files: Record<string, Buffer> = {};
    const remote = fileServer(files);
    beforeAll(async () => {
      png = await quadrantPng(200, 100);
      files['/pic.png'] = png;
    });

    it('fetches the file of an `upload` URL when the server allows outbound fetches', async () => {
      const spaceId = await f.newSpace();
      const asset = await f.createAsset(spaceId, {
        'en-US': { contentType: 'image/png', fileName: 'pic.png', upload: `${remote()}/pic.png` },
      });
      expect(
        (
          await api().put(`/spaces/${spaceId}/assets/${asset.sys.id}/files/en-US/process`, undefined, {
            headers: f.versionHeader(1),
          })
        ).status,
      ).toBe(204);
      const done = await f.waitProcessed(spaceId, asset.sys.id, ['en-US']);
      expect(done.sys.version).toBe(2);
      expect(done.fields.file['en-US']).toMatchObject({
        contentType: 'image/png',
        fileName: 'pic.png',
        details: { size: png.length, image: { width: 200, height: 100 } },
      });
      expect(done.fields.file['en-US']).not.toHaveProperty('upload');
    });

    it('gives up on a URL that answers 404: the job fails for good and the asset stays unprocessed', async () => {
      const spaceId = await f.newSpace();
      const asset = await f.createAsset(spaceId, {
        'en-US': { contentType: 'image/png', fileName: 'gone.png', upload: `${remote()}/gone.png` },
      });
      expect((await f.process(spaceId, asset.sys.id, 'en-US', 1)).status).toBe(204);
      const { db } = api().tessera.database;
      const failed = async () =>
        db
          .selectFrom('jobs')
          .select(['status', 'last_error'])
          .where('kind', '=', ASSET_PROCESSING_JOB)
          .where(sql<boolean>`payload->>'assetId' = ${asset.sys.id}`)
          .executeTakeFirstOrThrow();
      for (let i = 0; i < 200 && (await failed()).status !== 'failed'; i += 1) await sleep(50);
      expect(await failed()).toMatchObject({ status: 'failed', last_error: expect.stringMatching(/404/) });
      const after = await f.getAsset(spaceId, asset.sys.id);
      expect(after.sys.version).toBe(1);
      expect(after.fields.file['en-US']).not.toHaveProperty('url');
    });
  });
}
