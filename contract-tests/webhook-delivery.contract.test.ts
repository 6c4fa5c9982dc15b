import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { WEBHOOK_TEST_ENV, webhookFixtures } from './support/webhook-fixtures.ts';
import {
  answerTenMegabytes,
  startReceiver,
  type ReceivedCall,
  type WebhookReceiver,
} from './support/webhook-receiver.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MEDIA = 'application/vnd.service.management.v1+json';

/** The receiver's calls about one entity, by topic. */
const byTopic = (calls: ReceivedCall[], entityId: string) => {
  const out: Record<string, ReceivedCall[]> = {};
  for (const c of calls) {
    if (JSON.parse(c.body || '{}').sys?.id !== entityId) continue;
    (out[c.headers['x-service-topic']!] ??= []).push(c);
  }
  return out;
};

for (const kind of DB_KINDS) {
  describe(`${kind}: webhook delivery to a receiver on loopback`, () => {
    const api = useServer(kind, { env: WEBHOOK_TEST_ENV });
    const f = webhookFixtures(api);
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(async () => {
      await receiver.close();
    });

    it('every topic of content types, entries and assets arrives once, with the headers and the body of the rules', async () => {
      const s = await f.space();
      const path = `/all/${s.id}`;
      await f.hook(s.id, { name: 'Everything', url: `${receiver.url}${path}` });
      // Content type: create, save, publish, unpublish, delete.
      let r = await api().put(s.m('content_types/temp'), {
        name: 'Temp',
        fields: [{ id: 'n', name: 'N', type: 'Integer' }],
      });
      r = await api().put(
        s.m('content_types/temp'),
        { name: 'Temp 2', fields: [{ id: 'n', name: 'N', type: 'Integer' }] },
        f.version(r.body.sys.version),
      );
      r = await api().put(s.m('content_types/temp/published'), undefined, f.version(r.body.sys.version));
      expect(r.status).toBe(200);
      expect((await api().delete(s.m('content_types/temp/published'))).status).toBe(200);
      expect((await api().delete(s.m('content_types/temp'))).status).toBe(204);
      // Entry: create, save, publish, unpublish, archive, unarchive, delete.
      const entry = await f.entry(s.id);
      const at = s.m(`entries/${entry.sys.id}`);
      r = await api().put(at, { fields: { title: { 'en-US': 'Hello again' } } }, f.version(1));
      r = await api().put(`${at}/published`, undefined, f.version(r.body.sys.version));
      expect(r.status).toBe(200);
      r = await api().put(at, { fields: { title: { 'en-US': 'Draft after publish' } } }, f.version(r.body.sys.version));
      r = await api().delete(`${at}/published`);
      r = await api().put(`${at}/archived`, undefined, f.version(r.body.sys.version));
      r = await api().delete(`${at}/archived`, f.version(r.body.sys.version));
      expect((await api().delete(at)).status).toBe(204);
      // Asset: the same, its save being the processing of its file.
      const file = { contentType: 'image/png', fileName: 'a.png' };
      const asset = (
        await api().post(s.m('assets'), {
          fields: {
            title: { 'en-US': 'Picture' },
            file: { 'en-US': { ...file, uploadFrom: { sys: { type: 'Link', linkType: 'Upload', id: 'u' } } } },
          },
        })
      ).body;
      const assetAt = s.m(`assets/${asset.sys.id}`);
      const processed = await api().tessera.storage.repos.assets.updateFile(
        s.id,
        'master',
        asset.sys.id,
        'en-US',
        { ...file, url: '//assets.test/a.png', details: { size: 1 } },
        1,
      );
      r = await api().put(`${assetAt}/published`, undefined, f.version(processed!.version));
      expect(r.status, r.text).toBe(200);
      r = await api().delete(`${assetAt}/published`);
      r = await api().put(`${assetAt}/archived`, undefined, f.version(r.body.sys.version));
      r = await api().delete(`${assetAt}/archived`, f.version(r.body.sys.version));
      expect((await api().delete(assetAt)).status).toBe(204);

      // 5 of the content type, 8 of the entry, 7 of the asset (plus the article's publish is older than the hook).
      const calls = await receiver.waitFor(20, path);
      await sleep(300);
      expect(receiver.to(path)).toHaveLength(20);
      const topics = (id: string) =>
        Object.fromEntries(Object.entries(byTopic(calls, id)).map(([t, cs]) => [t, cs.length]));
      const once = (type: string, actions: string[]) =>
        Object.fromEntries(actions.map((a) => [`ContentManagement.${type}.${a}`, 1]));
      expect(topics('temp')).toEqual(once('ContentType', ['create', 'save', 'publish', 'unpublish', 'delete']));
      expect(topics(entry.sys.id)).toEqual({
        ...once('Entry', ['create', 'publish', 'unpublish', 'archive', 'unarchive', 'delete']),
        'ContentManagement.Entry.save': 2,
      });
      expect(topics(asset.sys.id)).toEqual(
        once('Asset', ['create', 'save', 'publish', 'unpublish', 'archive', 'unarchive', 'delete']),
      );

      const keys = new Set<string>();
      for (const call of calls) {
        const topic = call.headers['x-service-topic']!;
        const body = JSON.parse(call.body);
        const collection = { ContentType: 'content_types', Entry: 'entries', Asset: 'assets' }[topic.split('.')[1]!];
        expect(call.method).toBe('POST');
        expect(call.headers).toMatchObject({
          'content-type': MEDIA,
          'x-service-webhook-name': 'Everything',
          'x-service-webhook-request-attempt': '1',
          'x-service-crn': `crn:service:::content:spaces/${s.id}/environments/master/${collection}/${body.sys.id}`,
        });
        expect(call.headers['x-service-event-datetime']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        expect(call.headers['x-service-idempotency-key']).toMatch(/^[0-9a-f]{64}$/);
        expect(call.headers).not.toHaveProperty('content-length');
        keys.add(call.headers['x-service-idempotency-key']!);
      }
      expect(keys.size).toBe(20);

      const one = (id: string, action: string) =>
        JSON.parse(
          Object.values(byTopic(calls, id))
            .flat()
            .find((c) => c.headers['x-service-topic']!.endsWith(`.${action}`))!.body,
        );
      // create/save/archive...: the latest draft as the Management API answers it.
      expect(one(entry.sys.id, 'create')).toMatchObject({
        sys: { type: 'Entry', version: 1, contentType: { sys: { id: 'article' } } },
        fields: { title: { 'en-US': 'Hello' } },
      });
      expect(one(entry.sys.id, 'archive').sys).toMatchObject({ type: 'Entry', archivedVersion: expect.any(Number) });
      // publish: the published entity, `revision` instead of `version`.
      const published = one(entry.sys.id, 'publish');
      expect(published).toMatchObject({
        sys: { type: 'Entry', revision: 1, publishedVersion: 2 },
        fields: { title: { 'en-US': 'Hello again' } },
      });
      // Exactly the sys of the toolkit's publish event typing: none of the draft's bookkeeping.
      expect(Object.keys(published.sys).sort()).toEqual([
        'contentType',
        'createdAt',
        'createdBy',
        'environment',
        'id',
        'publishedVersion',
        'revision',
        'space',
        'type',
        'updatedAt',
        'updatedBy',
      ]);
      // unpublish and delete: the deletion stub.
      for (const action of ['unpublish', 'delete']) {
        const stub = one(entry.sys.id, action);
        expect(stub).toEqual({
          sys: {
            type: 'DeletedEntry',
            id: entry.sys.id,
            space: { sys: { type: 'Link', linkType: 'Space', id: s.id } },
            environment: { sys: { type: 'Link', linkType: 'Environment', id: 'master' } },
            contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'article' } },
            revision: 1,
            createdAt: expect.stringMatching(/Z$/),
            updatedAt: expect.any(String),
            deletedAt: expect.any(String),
            deletedBy: { sys: { type: 'Link', linkType: 'User', id: expect.any(String) } },
          },
        });
        // All three are the moment of the change, as the hosted service sends them.
        expect(new Set([stub.sys.createdAt, stub.sys.updatedAt, stub.sys.deletedAt]).size).toBe(1);
        expect(Date.parse(stub.sys.deletedAt)).toBeGreaterThan(Date.parse(entry.sys.createdAt));
      }
      expect(one(asset.sys.id, 'delete').sys).not.toHaveProperty('contentType');
      expect(one(asset.sys.id, 'delete').sys.type).toBe('DeletedAsset');
      expect(one('temp', 'delete').sys.type).toBe('DeletedContentType');
      expect(one('temp', 'publish')).toMatchObject({ sys: { type: 'ContentType', revision: 1 }, name: 'Temp 2' });
      expect(one('temp', 'save')).toMatchObject({ sys: { type: 'ContentType', version: 2 }, name: 'Temp 2' });
    });

    it('filters: master only by default, every environment with [], and equals, in, regexp and not on the doc paths', async () => {
      const s = await f.space();
      const env = await api().put(`/spaces/${s.id}/environments/dev`, { name: 'Dev' });
      expect(env.status, env.text).toBe(201);
      for (let i = 0; i < 200; i += 1) {
        if ((await api().get(`/spaces/${s.id}/environments/dev`)).body.sys.status.sys.id === 'ready') break;
        await sleep(50);
      }
      const hooks = {
        master: await f.hook(s.id, { url: `${receiver.url}/f/${s.id}/master`, topics: ['Entry.create'] }),
        all: await f.hook(s.id, { url: `${receiver.url}/f/${s.id}/all`, topics: ['Entry.create'], filters: [] }),
        dev: await f.hook(s.id, {
          url: `${receiver.url}/f/${s.id}/dev`,
          topics: ['Entry.create'],
          filters: [{ equals: [{ doc: 'sys.environment.sys.id' }, 'dev'] }],
        }),
        inIds: await f.hook(s.id, {
          url: `${receiver.url}/f/${s.id}/in`,
          topics: ['*.create'],
          filters: [{ in: [{ doc: 'sys.id' }, ['pick-1', 'pick-2']] }],
        }),
        regexp: await f.hook(s.id, {
          url: `${receiver.url}/f/${s.id}/regexp`,
          topics: ['*.*'],
          filters: [
            { regexp: [{ doc: 'sys.id' }, { pattern: '^rx-' }] },
            { not: { equals: [{ doc: 'sys.id' }, 'rx-no'] } },
          ],
        }),
        article: await f.hook(s.id, {
          url: `${receiver.url}/f/${s.id}/article`,
          topics: ['*.create'],
          filters: [{ equals: [{ doc: 'sys.contentType.sys.id' }, 'article'] }],
        }),
      };
      expect(Object.keys(hooks)).toHaveLength(6);
      const put = (environment: string, id: string) =>
        api().put(
          `/spaces/${s.id}/environments/${environment}/entries/${id}`,
          { fields: { title: { 'en-US': id } } },
          { headers: { [`${api().vendorPrefix}-Content-Type`]: 'article' } },
        );
      for (const [environment, id] of [
        ['master', 'pick-1'],
        ['dev', 'pick-2'],
        ['master', 'other'],
        ['master', 'rx-yes'],
        ['master', 'rx-no'],
      ]) {
        expect((await put(environment!, id!)).status).toBe(201);
      }
      // An asset has no content type: the content type filter is false for it.
      expect((await api().put(s.m('assets/pick-1'), { fields: { title: { 'en-US': 'A' } } })).status).toBe(201);
      await receiver.waitFor(4, `/f/${s.id}/all`);
      await sleep(500);
      const ids = (p: string) =>
        receiver
          .to(`/f/${s.id}/${p}`)
          .map(
            (c) =>
              `${JSON.parse(c.body).sys.environment.sys.id}/${JSON.parse(c.body).sys.type}/${JSON.parse(c.body).sys.id}`,
          )
          .sort();
      expect(ids('master')).toEqual([
        'master/Entry/other',
        'master/Entry/pick-1',
        'master/Entry/rx-no',
        'master/Entry/rx-yes',
      ]);
      expect(ids('all')).toEqual([
        'dev/Entry/pick-2',
        'master/Entry/other',
        'master/Entry/pick-1',
        'master/Entry/rx-no',
        'master/Entry/rx-yes',
      ]);
      expect(ids('dev')).toEqual(['dev/Entry/pick-2']);
      expect(ids('in')).toEqual(['dev/Entry/pick-2', 'master/Asset/pick-1', 'master/Entry/pick-1']);
      expect(ids('regexp')).toEqual(['master/Entry/rx-yes']);
      expect(ids('article')).toEqual([
        'dev/Entry/pick-2',
        'master/Entry/other',
        'master/Entry/pick-1',
        'master/Entry/rx-no',
        'master/Entry/rx-yes',
      ]);
    });

    it('custom and secret headers and basic auth reach the receiver; the call log masks secret values', async () => {
      const s = await f.space();
      const path = `/auth/${s.id}`;
      const hookId = await f.hook(s.id, {
        url: `${receiver.url}${path}`,
        topics: ['Entry.create'],
        httpBasicUsername: 'user',
        httpBasicPassword: 'pass word',
        headers: [
          { key: 'X-Plain', value: 'visible' },
          { key: 'X-Secret', value: 's3cret', secret: true },
        ],
      });
      await f.entry(s.id);
      const [call] = await receiver.waitFor(1, path);
      expect(call!.headers).toMatchObject({
        'x-plain': 'visible',
        'x-secret': 's3cret',
        authorization: `Basic ${Buffer.from('user:pass word').toString('base64')}`,
      });
      const [overview] = await f.calls(s.id, hookId, 1);
      const details = (await api().get(`/spaces/${s.id}/webhooks/${hookId}/calls/${overview.sys.id}`)).body;
      expect(details.request.headers).toMatchObject({
        'X-Plain': 'visible',
        'X-Secret': '[secret]',
        Authorization: expect.stringMatching(/^Basic /),
      });
      expect(JSON.stringify(details)).not.toContain('s3cret');
      // A call is created when its request goes out, as the hosted service shows it.
      expect(overview.sys.createdAt).toBe(overview.requestAt);
      expect(details.sys.createdAt).toBe(details.requestAt);
      // `order` is accepted (the export tool sends it to every collection) instead of answering 400.
      const ordered = await api().get(`/spaces/${s.id}/webhooks/${hookId}/calls?order=sys.createdAt,sys.id&limit=1000`);
      expect(ordered.status, ordered.text).toBe(200);
      expect(ordered.body).toMatchObject({ total: 1, limit: 1000, items: [{ sys: { id: overview.sys.id } }] });
    });

    it('retries 500 and 429 with increasing delays up to 3 attempts; 400, a redirect and a timeout are not retried', async () => {
      const s = await f.space();
      let flaky = 0;
      receiver.respond((_c, _q, res) => {
        flaky += 1;
        res.writeHead(flaky < 3 ? 500 : 200).end(flaky < 3 ? 'down' : 'up');
      }, `/r/${s.id}/500`);
      receiver.respond((_c, _q, res) => {
        res.writeHead(429, { 'Retry-After': '1' }).end('slow down');
      }, `/r/${s.id}/429`);
      receiver.respond((_c, _q, res) => {
        res.writeHead(400).end('bad');
      }, `/r/${s.id}/400`);
      receiver.respond((_c, _q, res) => {
        res.writeHead(301, { Location: `${receiver.url}/r/${s.id}/moved` }).end();
      }, `/r/${s.id}/301`);
      receiver.respond(() => {
        /* never answers */
      }, `/r/${s.id}/hang`);
      const hooks = Object.fromEntries(
        await Promise.all(
          ['500', '429', '400', '301', 'hang'].map(
            async (name) =>
              [
                name,
                await f.hook(s.id, { url: `${receiver.url}/r/${s.id}/${name}`, topics: ['Entry.create'] }),
              ] as const,
          ),
        ),
      );
      const started = Date.now();
      await f.entry(s.id);
      const flakyCalls = await receiver.waitFor(3, `/r/${s.id}/500`);
      const limited = await receiver.waitFor(3, `/r/${s.id}/429`);
      await sleep(1_800);
      expect(receiver.to(`/r/${s.id}/500`)).toHaveLength(3);
      expect(receiver.to(`/r/${s.id}/429`)).toHaveLength(3);
      for (const calls of [flakyCalls, limited]) {
        expect(calls.map((c) => c.headers['x-service-webhook-request-attempt'])).toEqual(['1', '2', '3']);
        expect(new Set(calls.map((c) => c.headers['x-service-idempotency-key'])).size).toBe(1);
        expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(190);
        expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(390);
      }
      expect(receiver.to(`/r/${s.id}/400`)).toHaveLength(1);
      expect(receiver.to(`/r/${s.id}/301`)).toHaveLength(1);
      expect(receiver.to(`/r/${s.id}/moved`)).toHaveLength(0);
      expect(receiver.to(`/r/${s.id}/hang`)).toHaveLength(1);

      const log = async (name: string, count: number) =>
        (await f.calls(s.id, hooks[name]!, count)).map((c) => [c.statusCode, c.errors]);
      expect(await log('500', 3)).toEqual([
        [200, []],
        [500, []],
        [500, []],
      ]);
      expect(await log('429', 3)).toEqual([
        [429, []],
        [429, []],
        [429, []],
      ]);
      expect(await log('400', 1)).toEqual([[400, []]]);
      expect(await log('301', 1)).toEqual([[301, []]]);
      const [timedOut] = await f.calls(s.id, hooks.hang!, 1);
      expect(timedOut).toMatchObject({
        statusCode: null,
        errors: ['TimeoutError'],
        responseAt: null,
        eventType: 'create',
      });
      expect(Date.parse(timedOut.requestAt) - started).toBeLessThan(5_000);
      const health = (await api().get(`/spaces/${s.id}/webhooks/${hooks['500']}/health`)).body;
      expect(health).toMatchObject({ sys: { type: 'Webhook', id: hooks['500'] }, calls: { total: 3, healthy: 1 } });
    });

    it('a hanging receiver holds one delivery only: other webhooks are called meanwhile', async () => {
      const s = await f.space();
      receiver.respond(() => {
        /* never answers */
      }, `/slow/${s.id}`);
      await f.hook(s.id, { url: `${receiver.url}/slow/${s.id}`, topics: ['Entry.create'] });
      await f.hook(s.id, { url: `${receiver.url}/fast/${s.id}`, topics: ['Entry.*'] });
      const entry = await f.entry(s.id);
      await receiver.waitFor(1, `/slow/${s.id}`);
      const sent = Date.now();
      await api().put(s.m(`entries/${entry.sys.id}`), { fields: { title: { 'en-US': 'x' } } }, f.version(1));
      const fast = await receiver.waitFor(2, `/fast/${s.id}`, 1_000);
      expect(fast.at(-1)!.at - sent).toBeLessThan(1_000);
    });

    it('a reset connection and a 10 MB answer are recorded; the answer is cut at 200 kB and the server stays well', async () => {
      const s = await f.space();
      receiver.respond((_c, request) => {
        request.socket.destroy();
      }, `/x/${s.id}/reset`);
      receiver.respond((_c, _q, res) => answerTenMegabytes(res), `/x/${s.id}/big`);
      const reset = await f.hook(s.id, { url: `${receiver.url}/x/${s.id}/reset`, topics: ['Entry.create'] });
      const big = await f.hook(s.id, { url: `${receiver.url}/x/${s.id}/big`, topics: ['Entry.create'] });
      await f.entry(s.id);
      const [resetCall] = await f.calls(s.id, reset, 1);
      expect(resetCall).toMatchObject({ statusCode: null, errors: ['ConnectionResetError'] });
      const [bigCall] = await f.calls(s.id, big, 1);
      expect(bigCall).toMatchObject({ statusCode: 200, errors: [] });
      const details = (await api().get(`/spaces/${s.id}/webhooks/${big}/calls/${bigCall.sys.id}`)).body;
      expect(details.response.body).toHaveLength(200 * 1024);
      expect((await api().get(`/spaces/${s.id}`)).status).toBe(200);
      // A refused connection: nobody listens on the port.
      const closed = await startReceiver();
      const refusedUrl = closed.url;
      await closed.close();
      const refused = await f.hook(s.id, { url: `${refusedUrl}/nobody`, topics: ['Entry.create'] });
      await f.entry(s.id);
      const [refusedCall] = await f.calls(s.id, refused, 1);
      expect(refusedCall).toMatchObject({ statusCode: null, errors: ['ConnectionRefusedError'] });
    });

    it('a request body over 500 kB reaches the receiver whole and is recorded cut at 500 kB of UTF-8, whole characters', async () => {
      const s = await f.space();
      const path = `/huge/${s.id}`;
      const hookId = await f.hook(s.id, { url: `${receiver.url}${path}`, topics: ['Entry.create'] });
      // 5 x 40,000 characters of 3 bytes: 600 kB, under 500 * 1024 characters (a Text field holds 50,000 at most).
      const names = ['b0', 'b1', 'b2', 'b3', 'b4'];
      const ct = await api().put(s.m('content_types/blob'), {
        name: 'Blob',
        fields: names.map((id) => ({ id, name: id, type: 'Text' })),
      });
      expect(ct.status, ct.text).toBe(201);
      expect(
        (await api().put(s.m('content_types/blob/published'), undefined, f.version(ct.body.sys.version))).status,
      ).toBe(200);
      const text = '€'.repeat(40_000);
      const made = await api().post(
        s.m('entries'),
        { fields: Object.fromEntries(names.map((id) => [id, { 'en-US': text }])) },
        { headers: { [`${api().vendorPrefix}-Content-Type`]: 'blob' } },
      );
      expect(made.status).toBe(201);
      const [call] = await receiver.waitFor(1, path);
      expect(JSON.parse(call!.body).fields.b4['en-US']).toBe(text);
      const [overview] = await f.calls(s.id, hookId, 1);
      const details = (await api().get(`/spaces/${s.id}/webhooks/${hookId}/calls/${overview.sys.id}`)).body;
      const recorded = details.request.body as string;
      expect(Buffer.byteLength(recorded)).toBeLessThanOrEqual(500 * 1024);
      expect(Buffer.byteLength(recorded)).toBeGreaterThan(500 * 1024 - 3);
      expect(call!.body.startsWith(recorded)).toBe(true);
      expect(recorded).not.toContain('\uFFFD');
    });

    it('a deleted webhook is called no more; a refused write announces nothing', async () => {
      const s = await f.space();
      const path = `/gone/${s.id}`;
      const hookId = await f.hook(s.id, { url: `${receiver.url}${path}`, topics: ['Entry.*'] });
      const entry = await f.entry(s.id);
      await receiver.waitFor(1, path);
      // Refused writes: an invalid field, a stale version, publishing an entry that breaks its content type.
      expect(
        (
          await api().post(
            s.m('entries'),
            { fields: { nope: { 'en-US': 1 } } },
            { headers: { [`${api().vendorPrefix}-Content-Type`]: 'article' } },
          )
        ).status,
      ).toBe(422);
      expect((await api().put(s.m(`entries/${entry.sys.id}`), { fields: {} }, f.version(7))).status).toBe(409);
      await sleep(500);
      expect(receiver.to(path)).toHaveLength(1);
      expect((await api().delete(`/spaces/${s.id}/webhook_definitions/${hookId}`)).status).toBe(204);
      await f.entry(s.id);
      await sleep(500);
      expect(receiver.to(path)).toHaveLength(1);
      expect((await api().get(`/spaces/${s.id}/webhooks/${hookId}/calls`)).status).toBe(404);
    });
  });
}
