import { createClient } from 'contentful-management';
import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { ADMIN_TOKEN, useServer } from './support/harness.ts';

const SECRET_VALUE = 'sdk-secret-header-4b81';
const PASSWORD = 'sdk-basic-password-93ce';
const SIGNING_SECRET = 'q1fkupAwYA4ZkNnmBzmNypFqSRWOwhpGRFwQFn5iPNAGHSYdvwed1C77n0Eiaz19';

/**
 * The unmodified official `contentful-management` SDK manages webhook definitions and the signing secret against a
 * server started with TESSERA_API_VENDOR=contentful, in the legacy (chained) client mode and in plain mode.
 */
for (const kind of DB_KINDS) {
  describe(`${kind}: official contentful-management SDK: webhooks`, () => {
    const api = useServer(kind, {
      env: { TESSERA_API_VENDOR: 'contentful', TESSERA_WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
    });
    const options = () => ({
      accessToken: ADMIN_TOKEN,
      host: new URL(api().baseUrl).host,
      insecure: true,
      retryOnError: false,
    });
    const stored = (spaceId: string, id: string) => api().tessera.storage.repos.webhooks.find(spaceId, id);

    it('creates, lists, updates and deletes through space.createWebhook, getWebhooks, webhook.update() and webhook.delete()', async () => {
      const client = createClient(options(), { type: 'legacy' });
      const [organization] = (await client.getOrganizations()).items;
      const space = await client.createSpace(
        { name: 'SDK webhooks', defaultLocale: 'en-US' } as any,
        organization.sys.id,
      );
      const created = await space.createWebhook({
        name: 'Build',
        url: 'http://127.0.0.1:4000/build',
        topics: ['Entry.publish', 'Asset.*'],
        headers: [
          { key: 'X-Plain', value: 'p' },
          { key: 'X-Token', value: SECRET_VALUE, secret: true },
        ],
        httpBasicUsername: 'builder',
        httpBasicPassword: PASSWORD,
        filters: [{ equals: [{ doc: 'sys.environment.sys.id' }, 'master'] }],
        transformation: {
          method: 'PUT',
          contentType: 'application/vnd.contentful.management.v1+json',
          body: { id: '{ /payload/sys/id }' },
        },
      });
      expect(created.sys).toMatchObject({ type: 'WebhookDefinition', version: 0 });
      expect(created.active).toBe(true);
      expect(created.headers).toEqual([
        { key: 'X-Plain', value: 'p' },
        { key: 'X-Token', secret: true },
      ]);
      expect(created).not.toHaveProperty('httpBasicPassword');
      expect(JSON.stringify(created.toPlainObject())).not.toContain(SECRET_VALUE);

      const listed = await space.getWebhooks();
      expect(listed.total).toBe(1);
      const webhook = listed.items[0];
      webhook.name = 'Build and deploy';
      webhook.topics.push('ContentType.publish');
      const updated = await webhook.update();
      expect(updated).toMatchObject({ name: 'Build and deploy', sys: { version: 1 } });
      expect(updated.topics).toEqual(['Entry.publish', 'Asset.*', 'ContentType.publish']);
      // The SDK sends back what it read: the secret header without its value and no password. Both are kept.
      expect(await stored(space.sys.id, created.sys.id)).toMatchObject({
        headers: [
          { key: 'X-Plain', value: 'p', secret: false },
          { key: 'X-Token', value: SECRET_VALUE, secret: true },
        ],
        httpBasicUsername: 'builder',
        httpBasicPassword: PASSWORD,
      });

      // The definition read before the update is stale now.
      await expect(webhook.update()).rejects.toMatchObject({ name: 'VersionMismatch' });
      expect((await space.getWebhook(created.sys.id)).name).toBe('Build and deploy');

      await updated.delete();
      expect((await space.getWebhooks()).total).toBe(0);
      await expect(space.getWebhook(created.sys.id)).rejects.toMatchObject({ name: 'NotFound' });
    }, 60_000);

    it('creates with a chosen id (createWebhookWithId) and disables and enables a webhook', async () => {
      const client = createClient(options(), { type: 'legacy' });
      const [organization] = (await client.getOrganizations()).items;
      const space = await client.createSpace(
        { name: 'SDK webhook ids', defaultLocale: 'en-US' } as any,
        organization.sys.id,
      );
      const webhook = await space.createWebhookWithId('deploy-hook', {
        name: 'Deploy',
        url: 'https://example.com/deploy',
        topics: ['*.*'],
        active: false,
      });
      expect(webhook.sys.id).toBe('deploy-hook');
      expect(webhook.active).toBe(false);
      webhook.active = true;
      const enabled = await webhook.update();
      expect(enabled).toMatchObject({ active: true, sys: { id: 'deploy-hook', version: 1 } });
      await expect(space.createWebhook({ name: 'Bad', url: 'https://example.com', topics: [] })).rejects.toMatchObject({
        name: 'ValidationFailed',
      });
      await expect(
        space.createWebhook({ name: 'Bad', url: 'https://example.com', topics: ['Entry.launch'] }),
      ).rejects.toMatchObject({ name: 'ValidationFailed' });
      expect((await space.getWebhooks()).total).toBe(1);
    }, 60_000);

    it('sets, reads and deletes the signing secret through space.upsertWebhookSigningSecret and its siblings', async () => {
      const client = createClient(options(), { type: 'legacy' });
      const [organization] = (await client.getOrganizations()).items;
      const space = await client.createSpace(
        { name: 'SDK signing secret', defaultLocale: 'en-US' } as any,
        organization.sys.id,
      );
      const set = await space.upsertWebhookSigningSecret({ value: SIGNING_SECRET });
      expect(set).toMatchObject({
        redactedValue: 'az19',
        sys: { type: 'WebhookSigningSecret', space: { sys: { id: space.sys.id } } },
      });
      expect(JSON.stringify(set)).not.toContain(SIGNING_SECRET);
      expect(await space.getWebhookSigningSecret()).toMatchObject({ redactedValue: 'az19' });
      await expect(space.upsertWebhookSigningSecret({ value: 'too-short' })).rejects.toMatchObject({
        name: 'ValidationFailed',
      });
      await space.deleteWebhookSigningSecret();
      await expect(space.getWebhookSigningSecret()).rejects.toMatchObject({ name: 'NotFound' });
    }, 60_000);

    it('manages webhooks and the signing secret in plain mode', async () => {
      const client = createClient(options(), { type: 'plain' });
      const space = await client.space.create({}, { name: 'SDK webhooks plain', defaultLocale: 'en-US' } as any);
      const spaceId = space.sys.id;
      const webhook = await client.webhook.create(
        { spaceId },
        {
          name: 'Index',
          url: 'https://example.com/index',
          topics: ['Entry.*'],
          headers: [{ key: 'X-Token', value: SECRET_VALUE, secret: true }],
          filters: [],
        },
      );
      const webhookDefinitionId = webhook.sys.id;
      const fetched = await client.webhook.get({ spaceId, webhookDefinitionId });
      expect(fetched).toMatchObject({ name: 'Index', filters: [], headers: [{ key: 'X-Token', secret: true }] });
      const renamed = await client.webhook.update(
        { spaceId, webhookDefinitionId },
        { ...fetched, name: 'Search index' },
      );
      expect(renamed).toMatchObject({ name: 'Search index', sys: { version: 1 } });
      expect((await stored(spaceId, webhookDefinitionId))?.headers).toEqual([
        { key: 'X-Token', value: SECRET_VALUE, secret: true },
      ]);
      expect((await client.webhook.getMany({ spaceId, query: { limit: 10 } })).items.map((w) => w.sys.id)).toEqual([
        webhookDefinitionId,
      ]);

      await client.webhook.upsertSigningSecret({ spaceId }, { value: SIGNING_SECRET });
      expect(await client.webhook.getSigningSecret({ spaceId })).toMatchObject({ redactedValue: 'az19' });
      await client.webhook.deleteSigningSecret({ spaceId });

      await client.webhook.delete({ spaceId, webhookDefinitionId });
      expect((await client.webhook.getMany({ spaceId })).total).toBe(0);
    }, 60_000);
  });
}
