import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { WEBHOOK_TEST_ENV, webhookFixtures } from './support/webhook-fixtures.ts';
import { startReceiver, type ReceivedCall, type WebhookReceiver } from './support/webhook-receiver.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Auto saves wait this long here (TESSERA_WEBHOOK_AUTO_SAVE_WINDOW_MS): long enough for a few requests in one window. */
const WINDOW_MS = 2500;

const topicOf = (call: ReceivedCall) => call.headers['x-service-topic']!.replace('ContentManagement.', '');
const bodyOf = (call: ReceivedCall) => JSON.parse(call.body);

// `X-<Vendor>-UI-Content-Auto-Save: true` on PUT and PATCH of entries and PUT of assets records auto_save instead of
// save (spec, Events); auto saves are delivered per window, coalesced per entity (Events rule 6).
for (const kind of DB_KINDS) {
  describe(`${kind}: auto_save events and their webhook calls`, () => {
    const api = useServer(kind, {
      env: { ...WEBHOOK_TEST_ENV, TESSERA_WEBHOOK_AUTO_SAVE_WINDOW_MS: String(WINDOW_MS) },
    });
    const f = webhookFixtures(api);
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(async () => {
      await receiver.close();
    });

    const autoSave = (value = 'true') => ({ [`${api().vendorPrefix}-UI-Content-Auto-Save`]: value });
    const title = (value: string) => ({ fields: { title: { 'en-US': value } } });
    const put = (path: string, body: unknown, version: number, headers: Record<string, string> = {}) =>
      api().put(path, body, { headers: { ...f.version(version).headers, ...headers } });
    /** A space with a webhook of every topic calling `/<name>/<space>`; its entries path. */
    async function arrange(name: string) {
      const s = await f.space();
      const path = `/${name}/${s.id}`;
      await f.hook(s.id, { name, url: `${receiver.url}${path}` });
      return { s, path, calls: () => receiver.to(path) };
    }

    it('the header makes a save an auto_save with the latest draft; without it, or false, a save; version and content as a save', async () => {
      const { s, path, calls } = await arrange('topics');
      const entries = await Promise.all([1, 2, 3, 4].map(() => f.entry(s.id)));
      const at = (n: number) => s.m(`entries/${entries[n]!.sys.id}`);
      const auto = await put(at(0), title('typed'), 1, autoSave());
      expect(auto.status, auto.text).toBe(200);
      expect(auto.body).toMatchObject({ sys: { version: 2 }, fields: { title: { 'en-US': 'typed' } } });
      expect((await api().get(at(0))).body).toEqual(auto.body);
      expect((await put(at(1), title('saved'), 1)).status).toBe(200);
      expect((await put(at(2), title('saved too'), 1, autoSave('false'))).status).toBe(200);
      const patched = await api().request('PATCH', at(3), {
        body: [{ op: 'replace', path: '/fields/title/en-US', value: 'patched' }],
        headers: { ...f.version(1).headers, ...autoSave(), 'Content-Type': 'application/json-patch+json' },
      });
      expect(patched.status, patched.text).toBe(200);
      expect(patched.body.sys.version).toBe(2);
      const asset = await api().put(
        s.m('assets/pic'),
        { fields: { title: { 'en-US': 'Picture' } } },
        { headers: autoSave() },
      );
      expect(asset.status).toBe(201); // a create stays a create
      expect(
        (await put(s.m('assets/pic'), { fields: { title: { 'en-US': 'Picture typed' } } }, 1, autoSave())).status,
      ).toBe(200);

      await receiver.waitFor(4 + 4 + 2, path, 15_000);
      await sleep(WINDOW_MS + 500);
      const lines = calls().map(
        (c) => `${topicOf(c)} ${bodyOf(c).sys.id} ${bodyOf(c).fields?.title?.['en-US']} v${bodyOf(c).sys.version}`,
      );
      const ids = entries.map((e) => e.sys.id);
      expect(lines.filter((l) => !l.startsWith('Entry.create')).sort()).toEqual(
        [
          `Entry.auto_save ${ids[0]} typed v2`,
          `Entry.save ${ids[1]} saved v2`,
          `Entry.save ${ids[2]} saved too v2`,
          `Entry.auto_save ${ids[3]} patched v2`,
          'Asset.create pic Picture v1',
          'Asset.auto_save pic Picture typed v2',
        ].sort(),
      );
      // The body of an auto_save is the latest draft as the Management API answers it.
      const call = calls().find((c) => topicOf(c) === 'Entry.auto_save' && bodyOf(c).sys.id === ids[0])!;
      expect(bodyOf(call)).toEqual(auto.body);
    });

    it('three auto saves of an entry within a window make one call, with the last draft', async () => {
      const { s, path, calls } = await arrange('coalesced');
      const entry = await f.entry(s.id);
      const at = s.m(`entries/${entry.sys.id}`);
      let last: any;
      for (const [n, value] of ['t', 'ty', 'typ'].entries()) {
        last = await put(at, title(value), n + 1, autoSave());
        expect(last.status).toBe(200);
      }
      await receiver.waitFor(2, path, 15_000);
      await sleep(WINDOW_MS + 500);
      const autoSaves = calls().filter((c) => topicOf(c) === 'Entry.auto_save');
      expect(autoSaves).toHaveLength(1);
      expect(bodyOf(autoSaves[0]!)).toEqual(last.body);
      expect(bodyOf(autoSaves[0]!).sys.version).toBe(4);
      expect(calls()).toHaveLength(2);
    });

    it('an auto_save waiting for its window does not hold up a publish', async () => {
      const { s, path, calls } = await arrange('no-blocking');
      const entry = await f.entry(s.id);
      const at = s.m(`entries/${entry.sys.id}`);
      expect((await put(at, title('draft'), 1, autoSave())).status).toBe(200);
      const other = await f.entry(s.id);
      expect((await api().put(`${s.m(`entries/${other.sys.id}`)}/published`, undefined, f.version(1))).status).toBe(
        200,
      );
      await receiver.waitFor(3, path, 15_000);
      // The publish (made after the auto_save) arrived while the auto_save still waited for its window.
      expect(calls().map(topicOf)).toEqual(['Entry.create', 'Entry.create', 'Entry.publish']);
      await receiver.waitFor(4, path, 15_000);
      expect(topicOf(calls()[3]!)).toBe('Entry.auto_save');
    });

    it('refuses any value but true or false with 400 naming the header, changing nothing', async () => {
      const { s } = await arrange('refused');
      const entry = await f.entry(s.id);
      const at = s.m(`entries/${entry.sys.id}`);
      for (const value of ['yes', '1', 'TRUE', '']) {
        const res = await put(at, title('never'), 1, autoSave(value));
        expect(res.status, `${JSON.stringify(value)}: ${res.text}`).toBe(400);
        expect(res.body.sys.id).toBe('BadRequest');
        expect(res.body.message).toMatch(/auto-save/i);
      }
      const asset = await api().put(
        s.m('assets/a'),
        { fields: { title: { 'en-US': 'A' } } },
        { headers: autoSave('maybe') },
      );
      expect(asset.status).toBe(400);
      expect((await api().get(s.m('assets/a'))).status).toBe(404);
      expect((await api().get(at)).body).toMatchObject({
        sys: { version: 1 },
        fields: { title: { 'en-US': 'Hello' } },
      });
      const events = await api().tessera.storage.repos.events.listForSpace(s.id);
      expect(events.filter((e) => e.entityId === entry.sys.id).map((e) => e.action)).toEqual(['create']);
    });

    it('CORS preflights allow the header', async () => {
      const res = await fetch(`${api().baseUrl}/spaces`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://example.test', 'Access-Control-Request-Method': 'PUT' },
      });
      expect(res.headers.get('access-control-allow-headers')).toContain(`${api().vendorPrefix}-UI-Content-Auto-Save`);
    });
  });
}
