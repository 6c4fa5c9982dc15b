import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { WEBHOOK_TEST_ENV, webhookFixtures } from './support/webhook-fixtures.ts';
import { startReceiver, type ReceivedCall, type WebhookReceiver } from './support/webhook-receiver.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });

/** A call as `<Type>.<action> <entity id> <sys.environment.sys.id of the body>`. */
const seen = (call: ReceivedCall) => {
  const body = JSON.parse(call.body);
  return `${call.headers['x-service-topic']!.replace('ContentManagement.', '')} ${body.sys.id} ${body.sys.environment.sys.id}`;
};

/** The events `writeThrough(tag)` makes, as `seen` shows them with `environment` in the body. */
const expected = (tag: string, environment: string) =>
  [
    'Entry.create e1',
    'Entry.save e1',
    'Entry.publish e1',
    'Entry.unpublish e1',
    'Entry.delete e1',
    ...[1, 2, 3, 4].flatMap((n) => [`Entry.create b${n}`, `Entry.publish b${n}`]),
    'ContentType.create ct',
    'ContentType.publish ct',
    'Asset.create a1',
    'Asset.save a1',
    'Asset.save a1',
  ].map((line) => {
    const [topic, id] = line.split(' ');
    return `${topic} ${tag}-${id} ${environment}`;
  });

// Hosted behaviour: webhooks on an environment alias fire only when the request used that alias's path; bodies name
// the environment as the request did (the API's answers echo the alias id too).
for (const kind of DB_KINDS) {
  describe(`${kind}: webhooks and environment aliases`, () => {
    const api = useServer(kind, { env: WEBHOOK_TEST_ENV });
    const f = webhookFixtures(api);
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(async () => {
      await receiver.close();
    });

    /** Writes through `base` (a path prefix): every kind of write, creates and publishes concurrent too. */
    async function writeThrough(base: string, tag: string, spaceId: string) {
      const ct = { headers: { [`${api().vendorPrefix}-Content-Type`]: 'article' } };
      const title = (value: string) => ({ fields: { title: { 'en-US': value } } });
      const e1 = `${base}/entries/${tag}-e1`;
      let r = await api().put(e1, title('one'), ct);
      expect(r.status, r.text).toBe(201);
      expect(r.body.sys.environment.sys.id).toBe(base.includes('/environments/') ? base.split('/').at(-1) : 'master');
      r = await api().put(e1, title('two'), f.version(1));
      expect(r.status).toBe(200);
      r = await api().put(`${e1}/published`, undefined, f.version(2));
      expect(r.status, r.text).toBe(200);
      expect((await api().delete(`${e1}/published`)).status).toBe(200);
      expect((await api().delete(e1)).status).toBe(204);
      // Concurrent creates, then concurrent publishes: they meet in the server's batched statements.
      const ids = [1, 2, 3, 4].map((n) => `${tag}-b${n}`);
      expect(
        (await Promise.all(ids.map((id) => api().put(`${base}/entries/${id}`, title(id), ct)))).map((x) => x.status),
      ).toEqual([201, 201, 201, 201]);
      const published = await Promise.all(
        ids.map((id) => api().put(`${base}/entries/${id}/published`, undefined, f.version(1))),
      );
      expect(published.map((x) => x.status)).toEqual([200, 200, 200, 200]);
      r = await api().put(`${base}/content_types/${tag}-ct`, {
        name: 'CT',
        fields: [{ id: 'n', name: 'N', type: 'Integer' }],
      });
      expect(r.status, r.text).toBe(201);
      expect((await api().put(`${base}/content_types/${tag}-ct/published`, undefined, f.version(1))).status).toBe(200);
      // An asset: created, its file processed (a save by the processing job, for the request that asked), saved.
      const upload = await api().request('POST', `/spaces/${spaceId}/uploads`, {
        rawBody: Buffer.from(`file of ${tag}`),
        headers: { 'Content-Type': 'application/octet-stream' },
      });
      expect(upload.status, upload.text).toBe(201);
      const a1 = `${base}/assets/${tag}-a1`;
      const file = { contentType: 'text/plain', fileName: 'a.txt', uploadFrom: link('Upload', upload.body.sys.id) };
      expect((await api().put(a1, { fields: { title: { 'en-US': 'A' }, file: { 'en-US': file } } })).status).toBe(201);
      expect((await api().put(`${a1}/files/en-US/process`, undefined, f.version(1))).status).toBe(204);
      for (let i = 0; i < 300 && (await api().get(a1)).body.sys.version !== 2; i += 1) await sleep(25);
      r = await api().put(
        a1,
        { fields: { title: { 'en-US': 'B' }, file: (await api().get(a1)).body.fields.file } },
        f.version(2),
      );
      expect(r.status, r.text).toBe(200);
    }

    it('a webhook of master fires through the master alias only; one filtered on the target environment only when it is named', async () => {
      const s = await f.space();
      const optIn = await api().put(`/spaces/${s.id}/environment_aliases/master`, {
        environment: link('Environment', 'master'),
      });
      expect(optIn.status, optIn.text).toBe(201);
      const target = optIn.body.environment.sys.id as string;
      expect(target).not.toBe('master');
      const hook = (name: string, filters?: unknown[]) =>
        f.hook(s.id, { name, url: `${receiver.url}/aliases/${s.id}/${name}`, ...(filters ? { filters } : {}) });
      await hook('master');
      await hook('target', [{ equals: [{ doc: 'sys.environment.sys.id' }, target] }]);
      await hook('all', []);

      await writeThrough(`/spaces/${s.id}`, 'p0', s.id);
      await writeThrough(`/spaces/${s.id}/environments/master`, 'p1', s.id);
      await writeThrough(`/spaces/${s.id}/environments/${target}`, 'p2', s.id);

      const viaMaster = [...expected('p0', 'master'), ...expected('p1', 'master')];
      const direct = expected('p2', target);
      await receiver.waitFor(viaMaster.length + direct.length, `/aliases/${s.id}/all`, 30_000);
      await receiver.waitFor(viaMaster.length, `/aliases/${s.id}/master`, 10_000);
      await receiver.waitFor(direct.length, `/aliases/${s.id}/target`, 10_000);
      await sleep(500);
      const got = (name: string) => receiver.to(`/aliases/${s.id}/${name}`).map(seen).sort();
      expect(got('master')).toEqual(viaMaster.sort());
      expect(got('target')).toEqual(direct.sort());
      expect(got('all')).toEqual([...viaMaster, ...direct].sort());
      // The CRN names the environment as the body does.
      const crn = (tag: string) =>
        receiver
          .to(`/aliases/${s.id}/all`)
          .find((c) => c.body.includes(`"${tag}-e1"`) && c.headers['x-service-topic']!.endsWith('.create'))!.headers[
          'x-service-crn'
        ];
      expect(crn('p1')).toBe(`crn:service:::content:spaces/${s.id}/environments/master/entries/p1-e1`);
      expect(crn('p2')).toBe(`crn:service:::content:spaces/${s.id}/environments/${target}/entries/p2-e1`);
    });
  });
}
