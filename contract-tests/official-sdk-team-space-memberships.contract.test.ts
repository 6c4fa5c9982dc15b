import { createClient } from 'contentful-management';
import { describe, expect, it } from 'vitest';
import { useOfficialSdkServer } from './support/official-sdk.ts';
import { invite, newEmail, NONE } from './support/member-fixtures.ts';

/**
 * The unmodified official `contentful-management` SDK manages team space memberships (the team in its
 * `x-contentful-team` header) and reads space members, against a server started with TESSERA_API_VENDOR=contentful.
 */
describe('official contentful-management SDK: team space memberships and space members', () => {
  const { api, options } = useOfficialSdkServer();

  it('creates, lists, updates and deletes team space memberships and reads space members (legacy client)', async () => {
    const client = createClient(options(), { type: 'legacy' });
    const [organization] = (await client.getOrganizations()).items;
    const space = await client.createSpace({ name: 'SDK teams' }, organization!.sys.id);
    const role = await space.createRole({
      name: 'SDK reader',
      description: null as any,
      permissions: NONE as any,
      policies: [],
    });
    const team = await organization!.createTeam({ name: `SDK TSM ${process.pid}`, description: null as any });
    const membershipId = (await invite(api(), organization!.sys.id, newEmail('sdk-tsm'), 'member')).sys
      .organizationMembership.sys.id as string;
    await organization!.createTeamMembership(team.sys.id, { admin: false, organizationMembershipId: membershipId });

    const created = await space.createTeamSpaceMembership(team.sys.id, {
      admin: false,
      roles: [{ sys: { type: 'Link', linkType: 'Role', id: role.sys.id } }],
    });
    expect(created.sys).toMatchObject({ type: 'TeamSpaceMembership', version: 0, team: { sys: { id: team.sys.id } } });
    expect((await space.getTeamSpaceMemberships()).items.map((m) => m.sys.id)).toEqual([created.sys.id]);
    expect((await space.getTeamSpaceMembership(created.sys.id)).sys.id).toBe(created.sys.id);
    const orgWide = await organization!.getTeamSpaceMemberships({ teamId: team.sys.id });
    expect(orgWide.items.map((m) => m.sys.id)).toEqual([created.sys.id]);
    expect((await organization!.getTeamSpaceMembership(created.sys.id)).sys.id).toBe(created.sys.id);

    created.admin = true;
    const updated = await created.update();
    expect(updated).toMatchObject({ admin: true, sys: { version: 1 } });

    // The pending member of the team inherits nothing; the owner (creator of the space) is the only space member.
    const members = await space.getSpaceMembers();
    expect(members.items.map((m) => m.sys.type)).toEqual(['SpaceMember']);
    const owner = members.items[0]!;
    expect((await space.getSpaceMember(owner.sys.id)).sys.id).toBe(owner.sys.id);

    await updated.delete();
    expect((await space.getTeamSpaceMemberships()).total).toBe(0);
  }, 60_000);

  it('drives team space memberships in plain mode', async () => {
    const client = createClient(options(), { type: 'plain' });
    const organizationId = (await client.organization.getAll()).items[0]!.sys.id;
    const spaceId = (await client.space.create({ organizationId }, { name: 'SDK plain teams' })).sys.id;
    const team = await client.team.create(
      { organizationId },
      { name: `SDK plain TSM ${process.pid}`, description: null as any },
    );
    const created = await client.teamSpaceMembership.create(
      { spaceId, teamId: team.sys.id },
      { admin: true, roles: [] },
    );
    expect((await client.teamSpaceMembership.getMany({ spaceId })).items.map((m) => m.sys.id)).toEqual([
      created.sys.id,
    ]);
    const updated = await client.teamSpaceMembership.update(
      { spaceId, teamSpaceMembershipId: created.sys.id },
      { ...created, admin: true },
    );
    expect(updated.sys.version).toBe(1);
    expect(
      (await client.teamSpaceMembership.getManyForOrganization({ organizationId, teamId: team.sys.id })).total,
    ).toBe(1);
    await client.team.delete({ organizationId, teamId: team.sys.id });
    expect((await client.teamSpaceMembership.getMany({ spaceId })).total).toBe(0);
    expect((await client.spaceMember.getMany({ spaceId })).items).toHaveLength(1);
  }, 60_000);
});
