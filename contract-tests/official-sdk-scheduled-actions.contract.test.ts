import { createClient } from 'contentful-management';
import { describe, expect, it } from 'vitest';
import { useOfficialSdkServer } from './support/official-sdk.ts';

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

/**
 * The unmodified official `contentful-management` SDK schedules actions against a server started with
 * TESSERA_API_VENDOR=contentful: create, list with its own query (environment.sys.id, limit, the `next` cursor),
 * update (instance `update()`, which sends X-Contentful-Version) and cancel (instance `delete()`).
 */
describe('official contentful-management SDK: scheduled actions', () => {
  const { options } = useOfficialSdkServer();

  it('creates, lists and pages, updates and cancels through the space API', async () => {
    const client = createClient(options(), { type: 'legacy' });
    const [organization] = (await client.getOrganizations()).items;
    const space = await client.createSpace(
      { name: 'SDK scheduling', defaultLocale: 'en-US' } as any,
      organization!.sys.id,
    );
    const environment = await space.getEnvironment('master');
    const type = await environment.createContentTypeWithId('article', {
      name: 'Article',
      displayField: 'title',
      fields: [{ id: 'title', name: 'Title', type: 'Symbol', localized: false, required: false }],
    });
    await type.publish();
    const entry = await environment.createEntry('article', { fields: { title: { 'en-US': 'Scheduled' } } });

    const plan = (hours: number) => ({
      entity: { sys: { type: 'Link' as const, linkType: 'Entry' as const, id: entry.sys.id } },
      environment: { sys: { type: 'Link' as const, linkType: 'Environment' as const, id: 'master' } },
      action: 'publish' as const,
      scheduledFor: { datetime: inHours(hours), timezone: 'Europe/Berlin' },
    });
    const created = [];
    for (const hours of [3, 1, 2]) created.push(await space.createScheduledAction(plan(hours)));
    expect(created[0]!.sys).toMatchObject({ type: 'ScheduledAction', status: 'scheduled', version: 1 });

    const first = await space.getScheduledActions({ 'environment.sys.id': 'master', limit: 2 });
    expect(first.items.map((a) => a.sys.id)).toEqual([created[1]!.sys.id, created[2]!.sys.id]);
    const nextUrl = (first as any).pages.next as string;
    const next = new URL(nextUrl, 'http://x').searchParams.get('next')!;
    const second = await space.getScheduledActions({ 'environment.sys.id': 'master', limit: 2, next });
    expect(second.items.map((a) => a.sys.id)).toEqual([created[0]!.sys.id]);
    expect((second as any).pages.prev).toBeDefined();
    const filtered = await space.getScheduledActions({
      'environment.sys.id': 'master',
      'sys.status[in]': 'scheduled',
      'scheduledFor.datetime[gte]': inHours(1.5),
      order: '-scheduledFor.datetime',
    });
    expect(filtered.items.map((a) => a.sys.id)).toEqual([created[0]!.sys.id, created[2]!.sys.id]);

    const fetched = await space.getScheduledAction({ scheduledActionId: created[1]!.sys.id, environmentId: 'master' });
    const later = inHours(4);
    fetched.scheduledFor.datetime = later;
    const updated = await fetched.update();
    expect(updated.sys.version).toBe(2);
    expect(updated.scheduledFor.datetime).toBe(later);

    const viaSpace = await space.updateScheduledAction({
      scheduledActionId: created[2]!.sys.id,
      version: 1,
      payload: { ...plan(5) },
    });
    expect(viaSpace.sys.version).toBe(2);

    const canceled = await updated.delete();
    expect(canceled.sys).toMatchObject({ status: 'canceled', version: 3 });
    expect(canceled.sys.canceledAt).toBeDefined();
    const alsoCanceled = await space.deleteScheduledAction({
      scheduledActionId: created[0]!.sys.id,
      environmentId: 'master',
    });
    expect(alsoCanceled.sys.status).toBe('canceled');
    await expect(alsoCanceled.delete()).rejects.toMatchObject({ name: 'BadRequest' });
  });
});
