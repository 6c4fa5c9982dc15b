import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { UPLOAD_EXPIRY_JOB } from '../src/domain/uploads/upload-expiry-job.ts';
import { generateId } from '../src/lib/ids.ts';
import { hashToken } from '../src/lib/secrets.ts';
import { DB_KINDS } from './support/databases.ts';
import { ADMIN_TOKEN, useServer, type TestServer } from './support/harness.ts';
import { sleep, uploadFixtures } from './support/upload-fixtures.ts';

const OCTETS = { 'Content-Type': 'application/octet-stream' };

/** Live memory of this process (server included) after a full collection: what is really retained. */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const liveBytes = () => {
  collect();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const uploadFile = (api: () => TestServer, id: string) => path.join(api().tessera.config.filesDir, 'uploads', id);
const uploadRows = (api: () => TestServer) =>
  api().tessera.database.db.selectFrom('uploads').select(['id', 'space_id']).execute();

async function strangerToken(api: () => TestServer): Promise<string> {
  const { identity } = api().tessera.storage.repos;
  const user = await identity.insertUser({
    id: generateId(),
    email: `${generateId()}@example.test`,
    firstName: null,
    lastName: null,
  });
  const token = `stranger-${generateId()}`;
  await identity.insertToken({
    id: generateId(),
    userId: user.id,
    name: 's',
    scopes: ['content_management_manage'],
    tokenHash: hashToken(token),
    expiresAt: null,
  });
  return token;
}

for (const kind of DB_KINDS) {
  describe(`${kind}: uploads`, () => {
    const api = useServer(kind);
    const f = uploadFixtures(api);

    it('creates an upload from an octet-stream body on both paths, gets it and deletes it with its file', async () => {
      const spaceId = await f.newSpace();
      const bytes = randomBytes(5000);
      const res = await api().request('POST', `/spaces/${spaceId}/environments/master/uploads`, {
        rawBody: bytes,
        headers: OCTETS,
      });
      expect(res.status).toBe(201);
      const { sys } = res.body;
      expect(sys).toMatchObject({
        type: 'Upload',
        space: { sys: { type: 'Link', linkType: 'Space', id: spaceId } },
        environment: { sys: { type: 'Link', linkType: 'Environment', id: 'master' } },
        createdBy: { sys: { type: 'Link', linkType: 'User' } },
      });
      expect(sys.id).toMatch(/^[0-9A-Za-z]{22}$/);
      expect(sys.createdAt).toMatch(/\.\d{3}Z$/);
      expect(Date.parse(sys.expiresAt) - Date.parse(sys.createdAt)).toBe(24 * 3600 * 1000);
      expect(res.headers.get('location')).toMatch(
        new RegExp(`/spaces/${spaceId}/environments/master/uploads/${sys.id}$`),
      );
      expect(readFileSync(uploadFile(api, sys.id)).equals(bytes)).toBe(true);

      const viaMaster = await api().get(`/spaces/${spaceId}/uploads/${sys.id}`);
      expect(viaMaster.status).toBe(200);
      expect(viaMaster.body.sys).toEqual({ ...sys, environment: undefined });
      expect(viaMaster.body.sys).not.toHaveProperty('environment');
      expect((await api().get(`/spaces/${spaceId}/environments/master/uploads/${sys.id}`)).body).toEqual(res.body);

      const second = await f.upload(spaceId, Buffer.from('second'));
      expect(second.sys).not.toHaveProperty('environment');
      const deleted = await api().delete(`/spaces/${spaceId}/uploads/${sys.id}`);
      expect(deleted.status).toBe(204);
      expect(existsSync(uploadFile(api, sys.id))).toBe(false);
      expect((await api().get(`/spaces/${spaceId}/uploads/${sys.id}`)).status).toBe(404);
      const again = await api().delete(`/spaces/${spaceId}/environments/master/uploads/${sys.id}`);
      expect(again.status).toBe(404);
      expect(again.body).toMatchObject({ sys: { id: 'NotFound' }, details: { type: 'Upload', id: sys.id } });
      expect((await api().get(`/spaces/${spaceId}/uploads/${second.sys.id}`)).status).toBe(200);
    });

    it('streams a 50 MB body to disk without holding it in memory', async () => {
      const spaceId = await f.newSpace();
      const total = 50 * 1024 * 1024;
      const chunk = randomBytes(64 * 1024);
      const hash = createHash('sha256');
      for (let sent = 0; sent < total; sent += chunk.length) hash.update(chunk);
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= total) return controller.close();
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
      const baseline = liveBytes();
      let peak = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, liveBytes() - baseline);
          await sleep(25);
        }
      })();
      const response = await fetch(`${api().baseUrl}/spaces/${spaceId}/uploads`, {
        method: 'POST',
        headers: { ...OCTETS, Authorization: `Bearer ${ADMIN_TOKEN}` },
        body,
        duplex: 'half',
      } as RequestInit);
      sampling = false;
      await sampler;
      expect(response.status).toBe(201);
      const { sys } = (await response.json()) as { sys: { id: string } };
      expect(peak, `live memory grew by ${(peak / 1048576).toFixed(1)} MB during a 50 MB upload`).toBeLessThan(
        16 * 1024 * 1024,
      );
      const row = await api().tessera.storage.repos.uploads.find(spaceId, sys.id);
      expect(row).toMatchObject({ size: total, sha256: hash.digest('hex') });
      await api().delete(`/spaces/${spaceId}/uploads/${sys.id}`);
    }, 60_000);

    it('refuses an empty body with 400 and keeps nothing', async () => {
      const spaceId = await f.newSpace();
      const before = await uploadRows(api);
      const res = await api().request('POST', `/spaces/${spaceId}/uploads`, {
        rawBody: Buffer.alloc(0),
        headers: OCTETS,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        sys: { id: 'BadRequest' },
        message: 'The "Content-Length" header must be greater than 0',
      });
      const chunked = await fetch(`${api().baseUrl}/spaces/${spaceId}/uploads`, {
        method: 'POST',
        headers: { ...OCTETS, Authorization: `Bearer ${ADMIN_TOKEN}` },
        body: new ReadableStream({ start: (c) => c.close() }),
        duplex: 'half',
      } as RequestInit);
      expect(chunked.status).toBe(400);
      expect(((await chunked.json()) as { message: string }).message).toBe(
        'The "Content-Length" header must be greater than 0',
      );
      expect(await uploadRows(api)).toEqual(before);
      expect(await readdir(path.join(api().tessera.config.filesDir, 'tmp')).catch(() => [])).toEqual([]);
    });

    it('refuses a body that is not application/octet-stream, an unknown space or environment, and a stranger', async () => {
      const spaceId = await f.newSpace();
      const before = await uploadRows(api);
      const json = await api().post(`/spaces/${spaceId}/uploads`, { file: 'not bytes' });
      expect(json.status).toBe(400);
      expect(json.body.message).toMatch(/unsupported media type/);
      const text = await api().request('POST', `/spaces/${spaceId}/uploads`, {
        rawBody: 'hello',
        headers: { 'Content-Type': 'text/plain' },
      });
      expect(text.status).toBe(400);
      const noSpace = await api().request('POST', '/spaces/nope/uploads', { rawBody: 'hello', headers: OCTETS });
      expect(noSpace.status).toBe(404);
      expect(noSpace.body).toMatchObject({ sys: { id: 'NotFound' }, details: { type: 'Space', id: 'nope' } });
      const noEnv = await api().request('POST', `/spaces/${spaceId}/environments/nope/uploads`, {
        rawBody: 'hello',
        headers: OCTETS,
      });
      expect(noEnv.status).toBe(404);
      expect(noEnv.body).toMatchObject({ details: { type: 'Environment', id: 'nope' } });
      const stranger = await strangerToken(api);
      const refused = await api().request('POST', `/spaces/${spaceId}/uploads`, {
        rawBody: 'hello',
        headers: OCTETS,
        token: stranger,
      });
      expect(refused.status).toBe(404);
      const anonymous = await api().request('POST', `/spaces/${spaceId}/uploads`, {
        rawBody: 'hello',
        headers: OCTETS,
        token: null,
      });
      expect(anonymous.status).toBe(401);
      expect(await uploadRows(api)).toEqual(before);

      const mine = await f.upload(spaceId, Buffer.from('mine'));
      expect((await api().get(`/spaces/${spaceId}/uploads/${mine.sys.id}`, { token: stranger })).status).toBe(404);
      const strangerDelete = await api().delete(`/spaces/${spaceId}/uploads/${mine.sys.id}`, { token: stranger });
      expect(strangerDelete.status).toBe(404);
      const otherSpace = await f.newSpace();
      expect((await api().get(`/spaces/${otherSpace}/uploads/${mine.sys.id}`)).status).toBe(404);
      expect((await api().delete(`/spaces/${otherSpace}/uploads/${mine.sys.id}`)).status).toBe(404);
      expect((await api().get(`/spaces/${spaceId}/environments/nope/uploads/${mine.sys.id}`)).status).toBe(404);
      const badQuery = await api().get(`/spaces/${spaceId}/uploads/${mine.sys.id}`, { query: { bogus: 1 } });
      expect(badQuery.status).toBe(400);
      expect(badQuery.body.message).toMatch(/bogus/);
      const badDelete = await api().delete(`/spaces/${spaceId}/environments/master/uploads/${mine.sys.id}`, {
        query: { bogus: 1 },
      });
      expect(badDelete.status).toBe(400);
      expect(badDelete.body.message).toMatch(/bogus/);
      expect(existsSync(uploadFile(api, mine.sys.id))).toBe(true);
      expect((await api().get(`/spaces/${spaceId}/uploads/${mine.sys.id}`)).status).toBe(200);
    });

    it('sweeps uploads neither processed nor named by an asset after 24 hours, with their files', async () => {
      const spaceId = await f.newSpace();
      const expired = await f.upload(spaceId, Buffer.from('expired'));
      const named = await f.upload(spaceId, Buffer.from('named by an asset'));
      const processed = await f.upload(spaceId, Buffer.from('processed'));
      const fresh = await f.upload(spaceId, Buffer.from('fresh'));
      await f.createAsset(spaceId, {
        'en-US': { contentType: 'text/plain', fileName: 'n.txt', uploadFrom: f.uploadLink(named.sys.id) },
      });
      const { db } = api().tessera.database;
      const old = [expired, named, processed].map((u) => u.sys.id as string);
      await db
        .updateTable('uploads')
        .set({ created_at: sql`now() - interval '25 hours'` })
        .where('id', 'in', old)
        .execute();
      await db
        .updateTable('uploads')
        .set({ processed_at: sql`now()` })
        .where('id', '=', processed.sys.id)
        .execute();
      const stray = path.join(api().tessera.config.filesDir, 'uploads', generateId());
      await writeFile(stray, 'left behind');
      const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
      await utimes(stray, dayAgo, dayAgo);

      await api().tessera.storage.repos.jobs.enqueue(UPLOAD_EXPIRY_JOB, {});
      api().tessera.jobs.nudge();
      // The sweep deletes the row, then the file: wait for both.
      const swept = async () =>
        (await api().get(`/spaces/${spaceId}/uploads/${expired.sys.id}`)).status === 404 &&
        !existsSync(uploadFile(api, expired.sys.id));
      for (let i = 0; i < 200 && !(await swept()); i += 1) await sleep(50);

      expect((await api().get(`/spaces/${spaceId}/uploads/${expired.sys.id}`)).status).toBe(404);
      expect(existsSync(uploadFile(api, expired.sys.id))).toBe(false);
      for (const kept of [named, processed, fresh]) {
        expect((await api().get(`/spaces/${spaceId}/uploads/${kept.sys.id}`)).status).toBe(200);
        expect(existsSync(uploadFile(api, kept.sys.id))).toBe(true);
      }
      for (let i = 0; i < 100 && existsSync(stray); i += 1) await sleep(50);
      expect(existsSync(stray)).toBe(false);
      const queued = await db
        .selectFrom('jobs')
        .select('run_at')
        .where('kind', '=', UPLOAD_EXPIRY_JOB)
        .where('status', '=', 'queued')
        .execute();
      expect(queued).toHaveLength(1);
      expect(Date.parse(queued[0].run_at)).toBeGreaterThan(Date.now() + 50 * 60 * 1000);
    });
  });

  describe(`${kind}: uploads over the size limit`, () => {
    const api = useServer(kind, { env: { TESSERA_UPLOAD_MAX_BYTES: String(1024 * 1024) } });
    const f = uploadFixtures(api);

    it('refuses a body over the limit with 413 naming the limit, declared or streamed, and keeps nothing', async () => {
      const spaceId = await f.newSpace();
      const before = await uploadRows(api);
      const declared = await api().request('POST', `/spaces/${spaceId}/uploads`, {
        rawBody: randomBytes(1024 * 1024 + 1),
        headers: OCTETS,
      });
      expect(declared.status).toBe(413);
      expect(declared.body).toMatchObject({ sys: { id: 'PayloadTooLarge' }, details: { maxBytes: 1048576 } });
      expect(declared.body.message).toMatch(/maximum of 1048576 bytes \(1 MB\)/);

      const chunk = randomBytes(256 * 1024);
      let sent = 0;
      const streamed = await fetch(`${api().baseUrl}/spaces/${spaceId}/uploads`, {
        method: 'POST',
        headers: { ...OCTETS, Authorization: `Bearer ${ADMIN_TOKEN}` },
        duplex: 'half',
        body: new ReadableStream({
          pull(c) {
            if (sent >= 3 * 1024 * 1024) c.close();
            else {
              sent += chunk.length;
              c.enqueue(chunk);
            }
          },
        }),
      } as RequestInit);
      expect(streamed.status).toBe(413);
      expect(((await streamed.json()) as { sys: { id: string } }).sys.id).toBe('PayloadTooLarge');

      expect(await uploadRows(api)).toEqual(before);
      expect(await readdir(path.join(api().tessera.config.filesDir, 'uploads')).catch(() => [])).toEqual([]);
      expect(await readdir(path.join(api().tessera.config.filesDir, 'tmp')).catch(() => [])).toEqual([]);
      const exact = await f.upload(spaceId, randomBytes(1024 * 1024));
      expect((await api().tessera.storage.repos.uploads.find(spaceId, exact.sys.id))?.size).toBe(1024 * 1024);
    });
  });
}
