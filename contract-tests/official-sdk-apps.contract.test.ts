import { getManagementToken } from '@contentful/node-apps-toolkit';
import { createClient } from 'contentful-management';
import { describe, expect, it } from 'vitest';
import { useOfficialSdkServer } from './support/official-sdk.ts';
import { WEBHOOK_TEST_ENV } from './support/webhook-fixtures.ts';
import { useReceiver } from './support/webhook-receiver.ts';

/**
 * The unmodified official `@contentful/node-apps-toolkit` gets an app access token with its own `getManagementToken`
 * (a JWT it signs with the app's private key), and the unmodified `contentful-management` plain client creates and
 * publishes an entry with it, against a server started with TESSERA_API_VENDOR=contentful; the app receives the
 * publish at its event subscription's URL (a loopback receiver, allowed by the test settings).
 */
describe('official app toolkit and contentful-management SDK: an app acting with an app access token', () => {
  const { api, options } = useOfficialSdkServer(WEBHOOK_TEST_ENV);
  const receiver = useReceiver();

  it('gets a token with getManagementToken and creates and publishes an entry as the app', async () => {
    const admin = createClient(options(), { type: 'legacy' });
    const [organization] = (await admin.getOrganizations()).items;
    const space = await admin.createSpace({ name: 'SDK apps', defaultLocale: 'en-US' } as any, organization!.sys.id);
    const environment = await space.getEnvironment('master');
    const type = await environment.createContentTypeWithId('article', {
      name: 'Article',
      displayField: 'title',
      fields: [{ id: 'title', name: 'Title', type: 'Symbol', localized: false, required: false }],
    });
    await type.publish();
    const org = `/organizations/${organization!.sys.id}/app_definitions`;
    const app = await api().post(org, { name: 'SDK app', locations: [{ location: 'app-config' }] });
    expect(app.status, app.text).toBe(201);
    const appId = app.body.sys.id as string;
    const key = await api().post(`${org}/${appId}/keys`, { generate: true });
    expect(key.status, key.text).toBe(201);
    const subscription = await api().put(`${org}/${appId}/event_subscription`, {
      targetUrl: `${receiver().url}/app-events`,
      topics: ['Entry.publish'],
    });
    expect(subscription.status, subscription.text).toBe(201);
    const installed = await api().put(`/spaces/${space.sys.id}/environments/master/app_installations/${appId}`, {});
    expect(installed.status, installed.text).toBe(201);

    const token = await getManagementToken(key.body.generated.privateKey, {
      appInstallationId: appId,
      spaceId: space.sys.id,
      environmentId: 'master',
      host: api().baseUrl,
      keyId: key.body.sys.id,
    });
    expect(typeof token).toBe('string');

    const plain = createClient(
      { ...options(), accessToken: token },
      { type: 'plain', defaults: { spaceId: space.sys.id, environmentId: 'master' } },
    );
    const entry = await plain.entry.create(
      { contentTypeId: 'article' },
      { fields: { title: { 'en-US': 'By the app' } } },
    );
    expect(entry.sys.createdBy).toEqual({ sys: { type: 'Link', linkType: 'AppDefinition', id: appId } });
    const published = await plain.entry.publish({ entryId: entry.sys.id }, entry);
    expect(published.sys.publishedVersion).toBe(entry.sys.version);
    expect((published.sys as any).publishedBy.sys).toMatchObject({ linkType: 'AppDefinition', id: appId });
    const [call] = await receiver().waitFor(1, '/app-events');
    expect(call!.headers['x-contentful-topic']).toBe('ContentManagement.Entry.publish');
    expect(JSON.parse(call!.body).sys).toMatchObject({ id: entry.sys.id, type: 'Entry' });
    // What the app may not do, the SDK sees refused.
    await expect(plain.locale.getMany({})).rejects.toThrow(/AccessDenied|403/);
  });
});
