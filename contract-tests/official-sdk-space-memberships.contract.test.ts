import { createClient } from 'contentful-management';
import { describe, expect, it } from 'vitest';
import { useOfficialSdkServer } from './support/official-sdk.ts';
import { invite, newEmail } from './support/member-fixtures.ts';

const reader = {
  permissions: { ContentModel: ['read'] } as any,
  policies: [
    { effect: 'allow' as const, actions: ['read' as const], constraint: { equals: [{ doc: 'sys.type' }, 'Entry'] } },
  ],
};

/**
 * The unmodified official `contentful-management` SDK manages space memberships and reads organization memberships
 * against a server started with TESSERA_API_VENDOR=contentful, in the legacy (chained) client mode and in plain mode.
 */
describe('official contentful-management SDK: space memberships', () => {
  const { api, options } = useOfficialSdkServer();

  it('creates, lists, updates and deletes through space.createSpaceMembership, getSpaceMemberships, update() and delete()', async () => {
    const client = createClient(options(), { type: 'legacy' });
    const [organization] = (await client.getOrganizations()).items;
    const space = await client.createSpace(
      { name: 'SDK memberships', defaultLocale: 'en-US' } as any,
      organization.sys.id,
    );
    const role = await space.createRole({ name: 'Reader', description: null as any, ...reader });
    const email = newEmail('sdk');
    await invite(api(), organization.sys.id, email, 'member');

    const created = await space.createSpaceMembership({
      admin: false,
      roles: [{ sys: { type: 'Link', linkType: 'Role', id: role.sys.id } }],
      email,
    });
    expect(created.sys).toMatchObject({ type: 'SpaceMembership', version: 0 });
    expect(created.roles.map((r) => r.sys.id)).toEqual([role.sys.id]);

    const memberships = await space.getSpaceMemberships();
    expect(memberships.total).toBe(2); // the creator's admin membership and the new one
    const membership = await space.getSpaceMembership(created.sys.id);
    membership.admin = true;
    membership.roles = [];
    const updated = await membership.update();
    expect(updated).toMatchObject({ admin: true, roles: [], sys: { version: 1 } });
    await updated.delete();
    expect((await space.getSpaceMemberships()).total).toBe(1);

    const organizationMemberships = await organization.getOrganizationMemberships();
    expect(organizationMemberships.items.map((m) => m.role)).toEqual(expect.arrayContaining(['owner', 'member']));
  }, 60_000);

  it('manages space memberships in plain mode and reads the organization views', async () => {
    const client = createClient(options(), { type: 'plain' });
    const space = await client.space.create({}, { name: 'SDK memberships plain', defaultLocale: 'en-US' } as any);
    const spaceId = space.sys.id;
    const organizationId = (space.sys as any).organization.sys.id as string;
    const email = newEmail('sdk-plain');
    await invite(api(), organizationId, email, 'member');

    const created = await client.spaceMembership.create({ spaceId }, { admin: true, roles: [], email });
    const fetched = await client.spaceMembership.get({ spaceId, spaceMembershipId: created.sys.id });
    expect(fetched).toEqual(created);
    const role = await client.role.create({ spaceId }, { name: 'Reader', ...reader });
    const updated = await client.spaceMembership.update(
      { spaceId, spaceMembershipId: created.sys.id },
      {
        ...fetched,
        admin: false,
        roles: [{ sys: { type: 'Link', linkType: 'Role', id: role.sys.id } }],
      },
    );
    expect(updated).toMatchObject({ admin: false, sys: { version: 1 } });
    const stale = client.spaceMembership.update(
      { spaceId, spaceMembershipId: created.sys.id },
      { ...fetched, admin: false, roles: [] },
    );
    await expect(stale).rejects.toMatchObject({ name: 'VersionMismatch' });
    const invalid = client.spaceMembership.create({ spaceId }, { admin: false, roles: [], email: newEmail('nobody') });
    await expect(invalid).rejects.toMatchObject({ name: 'ValidationFailed' });

    const inOrganization = await client.spaceMembership.getManyForOrganization({
      organizationId,
      query: { 'sys.space.sys.id': spaceId },
    });
    expect(inOrganization.items.map((m) => m.sys.id)).toContain(created.sys.id);
    expect(
      (await client.spaceMembership.getForOrganization({ organizationId, spaceMembershipId: created.sys.id })).admin,
    ).toBe(false);
    const members = await client.organizationMembership.getMany({ organizationId, query: { limit: 100 } });
    expect(members.items.length).toBeGreaterThanOrEqual(2);
    expect(members.items.every((m) => m.sys.type === 'OrganizationMembership')).toBe(true);

    await client.spaceMembership.delete({ spaceId, spaceMembershipId: created.sys.id });
    await expect(client.spaceMembership.get({ spaceId, spaceMembershipId: created.sys.id })).rejects.toMatchObject({
      name: 'NotFound',
    });
  }, 60_000);
});
