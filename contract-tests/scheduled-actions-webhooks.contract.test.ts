import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { WEBHOOK_TEST_ENV, webhookFixtures } from './support/webhook-fixtures.ts';
import { useReceiver } from './support/webhook-receiver.ts';

const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Reference §6: a webhook call of an event a scheduled action made carries `X-<Vendor>-Scheduled-Action-Id`; the
// calls of a manual write do not.
for (const kind of DB_KINDS) {
  describe(`${kind}: webhook calls of scheduled actions`, () => {
    const api = useServer(kind, { env: WEBHOOK_TEST_ENV });
    const f = webhookFixtures(api);
    const receiver = useReceiver();

    async function ended(actions: string, id: string) {
      for (let i = 0; i < 150; i++) {
        const res = await api().get(`${actions}/${id}`, { query: { 'environment.sys.id': 'master' } });
        expect(res.status, res.text).toBe(200);
        if (!['scheduled', 'inProgress'].includes(res.body.sys.status)) return res.body;
        await sleep(100);
      }
      throw new Error(`scheduled action ${id} did not end`);
    }

    it('sends X-<Vendor>-Scheduled-Action-Id with the calls of a scheduled publish and unpublish only', async () => {
      const s = await f.space('Scheduled hooks');
      const path = `/scheduled-${kind}`;
      await f.hook(s.id, { url: `${receiver().url}${path}`, topics: ['Entry.*'] });
      const entry = await f.entry(s.id);
      const manual = await api().put(s.m(`entries/${entry.sys.id}/published`), undefined, f.version(entry.sys.version));
      expect(manual.status, manual.text).toBe(200);
      const unpublished = await api().delete(s.m(`entries/${entry.sys.id}/published`));
      expect(unpublished.status, unpublished.text).toBe(200);

      const actions = `/spaces/${s.id}/scheduled_actions`;
      const schedule = async (action: string) => {
        const res = await api().post(actions, {
          entity: link('Entry', entry.sys.id),
          environment: link('Environment', 'master'),
          scheduledFor: { datetime: new Date(Date.now() + 1200).toISOString() },
          action,
        });
        expect(res.status, res.text).toBe(201);
        expect((await ended(actions, res.body.sys.id)).sys.status).toBe('succeeded');
        return res.body.sys.id as string;
      };
      const publishId = await schedule('publish');
      const unpublishId = await schedule('unpublish');

      const header = `${api().vendorPrefix}-Scheduled-Action-Id`.toLowerCase();
      const calls = await receiver().waitFor(5, path);
      await sleep(300);
      const seen = receiver()
        .to(path)
        .map((c) => `${c.headers[`${api().vendorPrefix}-Topic`.toLowerCase()]} ${c.headers[header] ?? '-'}`);
      expect(seen.sort()).toEqual(
        [
          'ContentManagement.Entry.create -',
          'ContentManagement.Entry.publish -',
          'ContentManagement.Entry.unpublish -',
          `ContentManagement.Entry.publish ${publishId}`,
          `ContentManagement.Entry.unpublish ${unpublishId}`,
        ].sort(),
      );
      expect(calls.length).toBeGreaterThanOrEqual(5);
    });
  });
}
