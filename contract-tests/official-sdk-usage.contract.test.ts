import { createClient } from 'contentful-management';
import { describe, expect, it } from 'vitest';
import { useOfficialSdkServer } from './support/official-sdk.ts';

/**
 * The unmodified official `contentful-management` SDK reads organization and space usage (`getOrganizationUsage`,
 * `getSpaceUsage`, plain `usage.getManyFor*`) with its own query parameters, against TESSERA_API_VENDOR=contentful.
 */
describe('official contentful-management SDK: usage', () => {
  const { options } = useOfficialSdkServer();
  const today = new Date().toISOString().slice(0, 10);

  it('reads organization and space usage through the legacy client', async () => {
    const client = createClient(options(), { type: 'legacy' });
    const orgId = (await client.getOrganizations()).items[0]!.sys.id;
    const space = await client.createSpace({ name: 'SDK usage' }, orgId);
    for (let i = 0; i < 3; i++) await space.getEnvironments();

    const query = { 'metric[in]': 'cma,gql', 'dateRange.startAt': today, 'dateRange.endAt': today };
    const spaces = await client.getSpaceUsage(orgId, { ...query, skip: 0, limit: 10, order: '-usage' } as never);
    const mine = spaces.items.filter((u) => (u.sys as any).space.sys.id === space.sys.id);
    expect(mine.map((u) => [u.metric, u.usage])).toEqual([
      ['cma', 3],
      ['gql', 0],
    ]);
    expect(mine[0]).toMatchObject({ unitOfMeasure: 'apiRequestsCount', usagePerDay: { [today]: 3 } });

    const organization = await client.getOrganizationUsage(orgId, query);
    expect(organization.items.map((u) => u.metric)).toEqual(['cma', 'gql']);
    expect(organization.items[0]).toMatchObject({
      sys: { type: 'OrganizationPeriodicUsage', id: `usage-cma-${orgId}-${today}-${today}` },
      dateRange: { startAt: today, endAt: today },
    });
    expect(organization.items[0]!.usage).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('reads usage in plain mode, and its refusal of a bad metric is an error the SDK raises', async () => {
    const client = createClient(options(), { type: 'plain' });
    const organizationId = (await client.organization.getAll()).items[0]!.sys.id;
    const usage = await client.usage.getManyForOrganization({ organizationId, query: { 'metric[in]': 'cma' } });
    expect(usage.items).toHaveLength(1);
    expect(Object.keys(usage.items[0]!.usagePerDay)).toHaveLength(45);
    const bySpace = await client.usage.getManyForSpace({ organizationId, query: { limit: 1 } });
    expect(bySpace.limit).toBe(1);
    await expect(
      client.usage.getManyForOrganization({ organizationId, query: { 'metric[in]': 'cmb' } }),
    ).rejects.toThrow(/InvalidQuery|cmb/);
  }, 60_000);
});
