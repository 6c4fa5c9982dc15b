import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { useServer } from './support/harness.ts';
import { ownOrganization } from './support/member-fixtures.ts';
import { WEBHOOK_TEST_ENV, webhookFixtures } from './support/webhook-fixtures.ts';
import { useReceiver, type ReceivedCall } from './support/webhook-receiver.ts';

const MEDIA = 'application/vnd.service.management.v1+json';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long a call that should not come is waited for, once a later event's call has come. */
const QUIET_MS = 300;

let paths = 0;

for (const kind of DB_KINDS) {
  describe(`${kind}: app event subscriptions delivered to a receiver on loopback`, () => {
    const api = useServer(kind, { env: WEBHOOK_TEST_ENV });
    const f = webhookFixtures(api);
    const envs = environmentFixtures(api);
    const receiver = useReceiver();

    /** An app with a generated key, subscribed to `topics` at a path of its own. */
    async function subscribedApp(topics: string[] = ['Entry.publish']) {
      const org = await ownOrganization(api());
      const apps = `/organizations/${org}/app_definitions`;
      const app = await api().post(apps, { name: 'Listener', locations: [] });
      expect(app.status, app.text).toBe(201);
      const id = app.body.sys.id as string;
      const key = await api().post(`${apps}/${id}/keys`, { generate: true });
      expect(key.status, key.text).toBe(201);
      const path = `/app/${++paths}`;
      const subscription = `${apps}/${id}/event_subscription`;
      const sub = await api().put(subscription, { targetUrl: `${receiver().url}${path}`, topics });
      expect(sub.status, sub.text).toBe(201);
      return { id, path, subscription, privateKey: key.body.generated.privateKey as string };
    }

    async function install(spaceId: string, appId: string, environment = 'master') {
      const res = await api().put(`/spaces/${spaceId}/environments/${environment}/app_installations/${appId}`, {});
      expect(res.status, res.text).toBe(201);
    }

    /** Creates and publishes an entry (with `token`: as that actor); answers the published entry. */
    async function publishedEntry(spaceId: string, options: { token?: string; environment?: string } = {}) {
      const at = `/spaces/${spaceId}/environments/${options.environment ?? 'master'}/entries`;
      const headers = { [`${api().vendorPrefix}-Content-Type`]: 'article' };
      const created = await api().post(
        at,
        { fields: { title: { 'en-US': 'Hello' } } },
        { headers, token: options.token },
      );
      expect(created.status, created.text).toBe(201);
      const published = await api().request('PUT', `${at}/${created.body.sys.id}/published`, {
        ...f.version(created.body.sys.version),
        token: options.token,
      });
      expect(published.status, published.text).toBe(200);
      return published.body;
    }

    const about = (calls: ReceivedCall[], entityId: string) =>
      calls.filter((c) => JSON.parse(c.body).sys?.id === entityId);

    it('an installed app hears of the publishes of users and of its own, with the envelope and body of webhook calls', async () => {
      const app = await subscribedApp();
      const s = await f.space();
      await install(s.id, app.id);
      // A webhook on the same topic: the app's body is the webhook's.
      await f.hook(s.id, { url: `${receiver().url}${app.path}/hook`, topics: ['Entry.publish'] });
      const entry = await publishedEntry(s.id);
      const [call] = await receiver().waitFor(1, app.path);
      const [hooked] = await receiver().waitFor(1, `${app.path}/hook`);
      expect(call!.method).toBe('POST');
      expect(call!.headers).toMatchObject({
        'content-type': MEDIA,
        'x-service-topic': 'ContentManagement.Entry.publish',
        'x-service-webhook-request-attempt': '1',
        'x-service-crn': `crn:service:::content:spaces/${s.id}/environments/master/entries/${entry.sys.id}`,
        'x-service-app-definition-id': app.id,
      });
      expect(Date.parse(call!.headers['x-service-event-datetime']!)).toBeGreaterThan(Date.now() - 60_000);
      expect(call!.headers['x-service-event-datetime']).toBe(hooked!.headers['x-service-event-datetime']);
      expect(call!.headers['x-service-idempotency-key']).toMatch(/^[0-9a-f]{64}$/);
      expect(call!.headers['x-service-idempotency-key']).not.toBe(hooked!.headers['x-service-idempotency-key']);
      expect(call!.headers['x-service-webhook-name']).toBeUndefined();
      // Unsigned: apps have no signing secret yet.
      expect(call!.headers['x-service-signature']).toBeUndefined();
      const body = JSON.parse(call!.body);
      expect(body).toEqual(JSON.parse(hooked!.body));
      expect(body.sys).toMatchObject({ type: 'Entry', id: entry.sys.id });
      expect(body.fields).toEqual({ title: { 'en-US': 'Hello' } });

      // The app publishes through an app access token: it hears of that too, made by itself.
      const tokens = `/spaces/${s.id}/environments/master/app_installations/${app.id}/access_tokens`;
      const assertion = jwt.sign({}, app.privateKey, { algorithm: 'RS256', issuer: app.id, expiresIn: '10m' });
      const issued = await api().request('POST', tokens, { token: assertion });
      expect(issued.status, issued.text).toBe(201);
      const own = await publishedEntry(s.id, { token: issued.body.token });
      await receiver().waitFor(2, app.path);
      const [ownCall] = about(receiver().to(app.path), own.sys.id);
      expect(ownCall!.headers['x-service-topic']).toBe('ContentManagement.Entry.publish');
      const appLink = { sys: { type: 'Link', linkType: 'AppDefinition', id: app.id } };
      expect(JSON.parse(ownCall!.body).sys.updatedBy).toEqual(appLink);
      await sleep(QUIET_MS);
      expect(receiver().to(app.path)).toHaveLength(2);
    });

    it('makes no call for the topics it did not subscribe to, nor for environments and spaces it is not installed in', async () => {
      const app = await subscribedApp(['Entry.publish', 'Entry.delete']);
      const s = await f.space();
      await install(s.id, app.id);
      // Staging copies master's installation: uninstalled there, the app hears nothing of it.
      await envs.readyEnvironment(s.id, 'staging');
      const staging = `/spaces/${s.id}/environments/staging`;
      expect((await api().delete(`${staging}/app_installations/${app.id}`)).status).toBe(204);
      const elsewhere = await f.space('Elsewhere');
      await publishedEntry(s.id, { environment: 'staging' });
      await publishedEntry(elsewhere.id);
      // Create, save, unpublish, archive and the content type's topics: not subscribed.
      const entry = await f.entry(s.id);
      const at = s.m(`entries/${entry.sys.id}`);
      let r = await api().put(at, { fields: { title: { 'en-US': 'Saved' } } }, f.version(entry.sys.version));
      r = await api().put(`${at}/published`, undefined, f.version(r.body.sys.version));
      expect(r.status).toBe(200);
      r = await api().delete(`${at}/published`);
      r = await api().put(`${at}/archived`, undefined, f.version(r.body.sys.version));
      r = await api().delete(`${at}/archived`, f.version(r.body.sys.version));
      expect(r.status).toBe(200);
      expect((await api().delete(at)).status).toBe(204);
      // The last event's call comes after every earlier event was claimed.
      const last = await publishedEntry(s.id);
      await receiver().waitFor(3, app.path);
      await sleep(QUIET_MS);
      const calls = receiver().to(app.path);
      // Calls of events of one batch go out side by side: their order is not the events'.
      expect(calls.map((c) => `${c.headers['x-service-topic']} ${JSON.parse(c.body).sys.id}`).sort()).toEqual(
        [
          `ContentManagement.Entry.delete ${entry.sys.id}`,
          `ContentManagement.Entry.publish ${entry.sys.id}`,
          `ContentManagement.Entry.publish ${last.sys.id}`,
        ].sort(),
      );
      expect(calls.every((c) => c.headers['x-service-crn']!.includes(`:spaces/${s.id}/environments/master/`))).toBe(
        true,
      );
    });

    it('a receiver answering 500 gets the next attempt, with the same idempotency key and body', async () => {
      const app = await subscribedApp();
      const s = await f.space();
      await install(s.id, app.id);
      let answered = 0;
      receiver().respond((_call, _request, response) => {
        answered += 1;
        response.writeHead(answered === 1 ? 500 : 200).end();
      }, app.path);
      await publishedEntry(s.id);
      const [first, second] = await receiver().waitFor(2, app.path);
      expect([first, second].map((c) => c!.headers['x-service-webhook-request-attempt'])).toEqual(['1', '2']);
      expect(second!.headers['x-service-idempotency-key']).toBe(first!.headers['x-service-idempotency-key']);
      expect(second!.body).toBe(first!.body);
      // TESSERA_WEBHOOK_RETRY_DELAYS_MS=200,400: the second attempt waits the first delay.
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(150);
      await sleep(QUIET_MS + 400);
      expect(receiver().to(app.path)).toHaveLength(2);
    });

    it('makes no more calls once the app is uninstalled or its subscription deleted', async () => {
      const a = await subscribedApp();
      const b = await subscribedApp();
      const s = await f.space();
      await install(s.id, a.id);
      await install(s.id, b.id);
      expect((await api().delete(s.m(`app_installations/${a.id}`))).status).toBe(204);
      const first = await publishedEntry(s.id);
      await receiver().waitFor(1, b.path);
      expect((await api().delete(b.subscription)).status).toBe(204);
      await install(s.id, a.id);
      const second = await publishedEntry(s.id);
      await receiver().waitFor(1, a.path);
      await sleep(QUIET_MS);
      expect(
        receiver()
          .to(a.path)
          .map((c) => JSON.parse(c.body).sys.id),
      ).toEqual([second.sys.id]);
      expect(
        receiver()
          .to(b.path)
          .map((c) => JSON.parse(c.body).sys.id),
      ).toEqual([first.sys.id]);
    });
  });
}
