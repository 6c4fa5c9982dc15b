import { verifyRequest } from '@contentful/node-apps-toolkit';
import { createClient } from 'contentful-management';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, useServer } from './support/harness.ts';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver.ts';
import { WEBHOOK_TEST_ENV, webhookFixtures } from './support/webhook-fixtures.ts';

const SECRET = 'Zq3v9Xw2Lk8Jm4Np7Rt1Yb6Hc5Gd0Fs2Ae9Ui4Ko8Pl3Mn7Bv1Cx6Za5Sd2Qw0E1';

/**
 * With TESSERA_API_VENDOR=contentful: signed calls verified by the public `@contentful/node-apps-toolkit`
 * `verifyRequest` from what the receiver got, transformations end to end, and the call log read through the official
 * SDK's `webhook.getCalls()`, `getCall(id)` and `getHealth()`.
 */
describe('webhook calls under the contentful vendor: signing, transformations, the SDK', () => {
  const api = useServer('pglite', { env: { ...WEBHOOK_TEST_ENV, TESSERA_API_VENDOR: 'contentful' } });
  const f = webhookFixtures(api);
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('signs every call with the space secret so that verifyRequest accepts it, and no tampered copy', async () => {
    const s = await f.space();
    expect((await api().put(`/spaces/${s.id}/webhook_settings/signing_secret`, { value: SECRET })).status).toBe(200);
    const path = `/signed/${s.id}`;
    await f.hook(s.id, { url: `${receiver.url}${path}?a=1&b=x`, topics: ['Entry.create', 'Entry.publish'] });
    await f.hook(s.id, {
      url: `${receiver.url}${path}/form`,
      topics: ['Entry.create'],
      transformation: {
        contentType: 'application/x-www-form-urlencoded',
        body: { id: '{ /payload/sys/id }', title: '{ /payload/fields/title/en-US }' },
      },
    });
    const entry = await f.entry(s.id, { title: { 'en-US': 'Grüße ✓' } });
    expect((await api().put(s.m(`entries/${entry.sys.id}/published`), undefined, f.version(1))).status).toBe(200);
    const calls = [...(await receiver.waitFor(2, path)), ...(await receiver.waitFor(1, `${path}/form`))];
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      expect(call.headers['x-contentful-signature']).toMatch(/^[0-9a-f]{64}$/);
      const request = { method: call.method as 'POST', path: call.path, headers: call.headers, body: call.body };
      expect(verifyRequest(SECRET, request, 60)).toBe(true);
      expect(verifyRequest(SECRET, { ...request, body: `${call.body} ` }, 60)).toBe(false);
    }
    const form = new URLSearchParams(receiver.to(`${path}/form`)[0]!.body);
    expect(Object.fromEntries(form)).toEqual({ id: entry.sys.id, title: 'Grüße ✓' });
  });

  it('transformations: method, content type, Content-Length, a body of pointers and templates, a URL template', async () => {
    const s = await f.space();
    await f.hook(s.id, {
      url: `${receiver.url}/t/${s.id}/{ /payload/sys/id }`,
      topics: ['Entry.save'],
      transformation: {
        method: 'PUT',
        contentType: 'application/json; charset=utf-8',
        includeContentLength: true,
        body: {
          entryId: '{ /payload/sys/id }',
          version: '{ /payload/sys/version }',
          who: '{ /user/sys/id }',
          topic: '{ /topic }',
          line: 'Entry { /payload/sys/id } is now "{ /payload/fields/title/en-US }"',
        },
      },
    });
    await f.hook(s.id, {
      url: `${receiver.url}/t/${s.id}/get`,
      topics: ['Entry.save'],
      transformation: { method: 'GET' },
    });
    const entry = await f.entry(s.id);
    const saved = await api().put(
      s.m(`entries/${entry.sys.id}`),
      { fields: { title: { 'en-US': 'Changed' } } },
      f.version(1),
    );
    expect(saved.status).toBe(200);
    const [put] = await receiver.waitFor(1, `/t/${s.id}/${entry.sys.id}`);
    expect(put!.method).toBe('PUT');
    expect(put!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(put!.headers['content-length']).toBe(String(Buffer.byteLength(put!.body)));
    expect(JSON.parse(put!.body)).toEqual({
      entryId: entry.sys.id,
      version: 2,
      who: saved.body.sys.updatedBy.sys.id,
      topic: 'ContentManagement.Entry.save',
      line: `Entry ${entry.sys.id} is now "Changed"`,
    });
    const [get] = await receiver.waitFor(1, `/t/${s.id}/get`);
    expect(get!.method).toBe('GET');
    expect(get!.body).toBe('');
  });

  it('the official SDK reads the call log, one call and the health of a webhook', async () => {
    const s = await f.space();
    let n = 0;
    receiver.respond((_c, _q, res) => {
      n += 1;
      res.writeHead(n === 1 ? 400 : 200, { 'X-Answer': String(n) }).end(`answer ${n}`);
    }, `/sdk/${s.id}`);
    const hookId = await f.hook(s.id, { name: 'SDK', url: `${receiver.url}/sdk/${s.id}`, topics: ['Entry.create'] });
    await f.entry(s.id);
    await f.entry(s.id);
    await f.calls(s.id, hookId, 2);
    const client = createClient(
      { accessToken: ADMIN_TOKEN, host: new URL(api().baseUrl).host, insecure: true, retryOnError: false },
      { type: 'legacy' },
    );
    const webhook = await (await client.getSpace(s.id)).getWebhook(hookId);
    const calls = await webhook.getCalls();
    expect(calls).toMatchObject({ total: 2, skip: 0, limit: 20 });
    expect(calls.items.map((c) => c.statusCode).sort()).toEqual([200, 400]);
    for (const item of calls.items) {
      expect(item).toMatchObject({
        sys: {
          type: 'WebhookCallOverview',
          createdBy: { sys: { type: 'Link', linkType: 'WebhookDefinition', id: hookId } },
        },
        eventType: 'create',
        url: `${receiver.url}/sdk/${s.id}`,
        errors: [],
      });
    }
    const failed = calls.items.find((c) => c.statusCode === 400)!;
    const details = await webhook.getCall(failed.sys.id);
    expect(details).toMatchObject({
      sys: { type: 'WebhookCallDetails', id: failed.sys.id },
      request: {
        url: `${receiver.url}/sdk/${s.id}`,
        method: 'POST',
        headers: { 'X-Contentful-Topic': 'ContentManagement.Entry.create', 'X-Contentful-Webhook-Name': 'SDK' },
        timeout: 1500,
      },
      response: { statusCode: 400, body: 'answer 1', headers: { 'x-answer': '1' } },
    });
    expect(JSON.parse(details.request.body).sys.type).toBe('Entry');
    expect(await webhook.getHealth()).toMatchObject({
      sys: { type: 'Webhook', id: hookId },
      calls: { total: 2, healthy: 1 },
    });
    await expect(webhook.getCall('missing')).rejects.toThrow(/"status": 404/);
  });
});
