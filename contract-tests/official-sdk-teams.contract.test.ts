import { createClient } from 'contentful-management';
import { describe, expect, it } from 'vitest';
import { useOfficialSdkServer } from './support/official-sdk.ts';
import { invite, newEmail } from './support/member-fixtures.ts';

/**
 * The unmodified official `contentful-management` SDK manages teams and team memberships against a server started
 * with TESSERA_API_VENDOR=contentful, in the legacy (chained) client mode and in plain mode.
 */
describe('official contentful-management SDK: teams and team memberships', () => {
  const { api, options } = useOfficialSdkServer();

  it('creates, lists, updates and deletes teams and their memberships through organization.createTeam and friends', async () => {
    const client = createClient(options(), { type: 'legacy' });
    const [organization] = (await client.getOrganizations()).items;
    const orgId = organization.sys.id;
    const membershipId = (await invite(api(), orgId, newEmail('sdk-team'), 'member')).sys.organizationMembership.sys
      .id as string;

    const team = await organization.createTeam({ name: `SDK team ${process.pid}`, description: 'made by the SDK' });
    expect(team.sys).toMatchObject({ type: 'Team', version: 0, memberCount: 0 });
    expect((await organization.getTeams()).items.map((t) => t.sys.id)).toContain(team.sys.id);
    const fetched = await organization.getTeam(team.sys.id);
    fetched.description = 'renamed by the SDK';
    const updated = await fetched.update();
    expect(updated).toMatchObject({ description: 'renamed by the SDK', sys: { version: 1 } });

    const membership = await organization.createTeamMembership(team.sys.id, {
      admin: false,
      organizationMembershipId: membershipId,
    });
    expect(membership.sys).toMatchObject({ type: 'TeamMembership', team: { sys: { id: team.sys.id } } });
    expect((await organization.getTeamMembership(team.sys.id, membership.sys.id)).sys.id).toBe(membership.sys.id);
    expect((await organization.getTeamMemberships({ teamId: team.sys.id })).total).toBe(1);
    const orgWide = await organization.getTeamMemberships({
      query: { 'sys.organizationMembership.sys.id': membershipId },
    });
    expect(orgWide.items.map((m) => m.sys.id)).toEqual([membership.sys.id]);
    expect((await organization.getTeam(team.sys.id)).sys.memberCount).toBe(1);
    await membership.delete();
    expect((await organization.getTeamMemberships({ teamId: team.sys.id })).total).toBe(0);
    await updated.delete();
    await expect(organization.getTeam(team.sys.id)).rejects.toThrow();
  }, 60_000);

  it('drives teams and team memberships in plain mode', async () => {
    const client = createClient(options(), { type: 'plain' });
    const organizationId = (await client.organization.getAll()).items[0]!.sys.id;
    const organizationMembershipId = (await invite(api(), organizationId, newEmail('sdk-plain-team'), 'member')).sys
      .organizationMembership.sys.id as string;

    const team = await client.team.create(
      { organizationId },
      { name: `SDK plain team ${process.pid}`, description: null as any },
    );
    const teamId = team.sys.id;
    const updated = await client.team.update(
      { organizationId, teamId },
      { ...team, name: `SDK plain renamed ${process.pid}` },
    );
    expect(updated.sys.version).toBe(1);
    expect((await client.team.getMany({ organizationId, query: { limit: 100 } })).items.map((t) => t.sys.id)).toContain(
      teamId,
    );
    const membership = await client.teamMembership.create(
      { organizationId, teamId },
      { admin: false, organizationMembershipId },
    );
    expect((await client.teamMembership.getManyForTeam({ organizationId, teamId })).items.map((m) => m.sys.id)).toEqual(
      [membership.sys.id],
    );
    expect((await client.teamMembership.getManyForOrganization({ organizationId })).total).toBeGreaterThanOrEqual(1);
    await client.team.delete({ organizationId, teamId });
    expect(
      (
        await client.teamMembership.getManyForOrganization({
          organizationId,
          query: { 'sys.organizationMembership.sys.id': organizationMembershipId },
        })
      ).total,
    ).toBe(0);
  }, 60_000);
});
