import { describe, expect, it } from 'vitest';
import { generateId } from '../src/lib/ids.ts';
import { hashToken } from '../src/lib/secrets.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type ApiResponse } from './support/harness.ts';
import { accept, invite, ownOrganization, NONE } from './support/member-fixtures.ts';

const roleLink = (id: string) => ({ sys: { type: 'Link', linkType: 'Role', id } });

/**
 * Audit of issue 21, the bad input of the User Management API, each refused with its error and nothing changed (every
 * list and resource it could have touched read before and after): a team name taken, a membership of someone outside
 * the organization (a real member of another organization), a team space membership without the team header. And
 * the team header on the other team space membership operations: accepted, the team never changes.
 */
for (const kind of DB_KINDS) {
  describe(`${kind}: user-management bad input (audit)`, () => {
    const api = useServer(kind);
    let counter = 0;
    const teamHeader = (team: string) => ({ [`${api().vendorPrefix}-Team`]: team });
    const version = (v: number) => ({ [`${api().vendorPrefix}-Version`]: String(v) });

    async function ok(res: Promise<ApiResponse>): Promise<any> {
      const done = await res;
      expect(done.status, done.text).toBeLessThan(300);
      return done.body;
    }
    const read = async (...paths: string[]) => Promise.all(paths.map((p) => ok(api().get(p))));
    const newTeam = async (org: string) =>
      (
        await ok(
          api().post(`/organizations/${org}/teams`, { name: `Audit ${process.pid}-${++counter}`, description: null }),
        )
      ).sys.id as string;

    /** A person who is an active member of another organization only, with a token. */
    async function outsider() {
      const { storage } = api().tessera;
      const organizationId = generateId();
      await storage.repos.identity.insertOrganization({ id: organizationId, name: 'Elsewhere' });
      const userId = generateId();
      const email = `outsider-${userId}@example.test`;
      await storage.repos.identity.insertUser({ id: userId, email, firstName: 'Out', lastName: 'Sider' });
      const membershipId = generateId();
      await storage.repos.identity.insertOrganizationMembership({
        id: membershipId,
        organizationId,
        userId,
        role: 'owner',
      });
      const token = `audit-outsider-${userId}`;
      await storage.repos.identity.insertToken({
        id: generateId(),
        userId,
        name: 'outsider',
        scopes: ['content_management_manage'],
        tokenHash: hashToken(token),
        expiresAt: null,
      });
      return { organizationId, userId, email, membershipId, token };
    }

    it('a team name taken: 422 taken on create and on rename; the teams are as they were', async () => {
      const org = await ownOrganization(api());
      const [first, second] = [await newTeam(org), await newTeam(org)];
      const taken = (await ok(api().get(`/organizations/${org}/teams/${first}`))).name as string;
      const before = await read(`/organizations/${org}/teams`, `/organizations/${org}/teams/${second}`);
      for (const res of [
        await api().post(`/organizations/${org}/teams`, { name: taken, description: 'again' }),
        await api().post(`/organizations/${org}/teams`, { name: ` ${taken} `, description: null }),
        await api().put(
          `/organizations/${org}/teams/${second}`,
          { name: taken, description: 'renamed' },
          { headers: version(0) },
        ),
      ]) {
        expect([res.status, res.body.sys.id], res.text).toEqual([422, 'ValidationFailed']);
        expect(res.body.details.errors).toEqual([expect.objectContaining({ name: 'taken', path: ['name'] })]);
      }
      expect(await read(`/organizations/${org}/teams`, `/organizations/${org}/teams/${second}`)).toEqual(before);
    });

    it('a membership of someone outside the organization: 422 for a team membership and a space membership; nothing changes', async () => {
      const org = await ownOrganization(api());
      const stranger = await outsider();
      const team = await newTeam(org);
      const space = (await ok(api().post('/spaces', { name: 'Audit outside' }))).sys.id as string;
      const role = (await ok(api().post(`/spaces/${space}/roles`, { name: 'Reader', permissions: NONE, policies: [] })))
        .sys.id as string;
      const watched = [
        `/organizations/${org}/teams/${team}`,
        `/organizations/${org}/teams/${team}/team_memberships`,
        `/organizations/${org}/team_memberships`,
        `/spaces/${space}/space_memberships`,
        `/spaces/${space}/space_members`,
        `/organizations/${org}/organization_memberships`,
      ];
      const before = await read(...watched);

      const teamMembership = await api().post(`/organizations/${org}/teams/${team}/team_memberships`, {
        organizationMembershipId: stranger.membershipId,
      });
      expect([teamMembership.status, teamMembership.body.sys.id]).toEqual([422, 'ValidationFailed']);
      expect(teamMembership.body.details.errors).toEqual([
        expect.objectContaining({ name: 'notResolvable', path: ['organizationMembershipId'] }),
      ]);
      const spaceMembership = await api().post(`/spaces/${space}/space_memberships`, {
        admin: false,
        roles: [roleLink(role)],
        email: stranger.email,
      });
      expect([spaceMembership.status, spaceMembership.body.sys.id]).toEqual([422, 'ValidationFailed']);
      expect(spaceMembership.body.details.errors).toEqual([
        expect.objectContaining({ name: 'notResolvable', path: ['email'] }),
      ]);

      expect(await read(...watched)).toEqual(before);
      expect((await api().get(`/spaces/${space}`, { token: stranger.token })).status).toBe(404);
      expect((await api().get(`/organizations/${org}/teams`, { token: stranger.token })).status).toBe(404);
    });

    it('a team space membership without the team header: 400 BadRequest; nothing changes in the space or the organization', async () => {
      const org = await ownOrganization(api());
      const team = await newTeam(org);
      const space = (await ok(api().post('/spaces', { name: 'Audit header' }))).sys.id as string;
      const watched = [
        `/spaces/${space}/team_space_memberships`,
        `/organizations/${org}/team_space_memberships`,
        `/spaces/${space}/space_members`,
      ];
      const before = await read(...watched);
      for (const headers of [{}, { 'X-Team': team }, { Team: team }] as Array<Record<string, string>>) {
        const res = await api().post(
          `/spaces/${space}/team_space_memberships`,
          { admin: true, roles: [] },
          { headers },
        );
        expect([res.status, res.body.sys.id], res.text).toEqual([400, 'BadRequest']);
        expect(res.body.message).toMatch(/team/i);
      }
      expect(await read(...watched)).toEqual(before);
    });

    it('the team header on get, update and delete is accepted (as the SDK sends it on update); the team never changes', async () => {
      const org = await ownOrganization(api());
      const [team, other] = [await newTeam(org), await newTeam(org)];
      const space = (await ok(api().post('/spaces', { name: 'Audit header ops' }))).sys.id as string;
      const path = `/spaces/${space}/team_space_memberships`;
      const created = await ok(api().post(path, { admin: true, roles: [] }, { headers: teamHeader(team) }));
      const one = `${path}/${created.sys.id}`;
      expect(await ok(api().get(one, { headers: teamHeader(team) }))).toEqual(created);
      const updated = await ok(
        api().put(one, { ...created, admin: true }, { headers: { ...teamHeader(team), ...version(0) } }),
      );
      expect(updated.sys).toMatchObject({ version: 1, team: { sys: { id: team } } });
      const moved = await ok(
        api().put(one, { admin: true, roles: [] }, { headers: { ...teamHeader(other), ...version(1) } }),
      );
      expect(moved.sys).toMatchObject({ version: 2, team: { sys: { id: team } } });
      expect(
        (await ok(api().get(`/organizations/${org}/team_space_memberships`, { query: { 'sys.team.sys.id': other } })))
          .total,
      ).toBe(0);
      expect((await api().delete(one, { headers: teamHeader(team) })).status).toBe(204);
      expect((await api().get(one)).status).toBe(404);
    });

    it('a pending member of a team (with an account elsewhere) inherits nothing until they join', async () => {
      const org = await ownOrganization(api());
      const person = await outsider();
      const invitation = await invite(api(), org, person.email, 'member');
      const membershipId = invitation.sys.organizationMembership.sys.id as string;
      const team = await newTeam(org);
      await ok(
        api().post(`/organizations/${org}/teams/${team}/team_memberships`, { organizationMembershipId: membershipId }),
      );
      const space = (await ok(api().post('/spaces', { name: 'Audit pending' }))).sys.id as string;
      await ok(
        api().post(
          `/spaces/${space}/team_space_memberships`,
          { admin: true, roles: [] },
          { headers: teamHeader(team) },
        ),
      );

      expect((await api().get(`/spaces/${space}`, { token: person.token })).status).toBe(404);
      expect((await api().get(`/spaces/${space}/entries`, { token: person.token })).status).toBe(404);
      expect((await ok(api().get(`/spaces/${space}/space_members`))).items.map((m: any) => m.sys.id)).not.toContain(
        person.userId,
      );

      expect((await accept(api(), invitation.sys.invitationUrl, undefined, person.token)).status).toBe(201);
      expect((await api().get(`/spaces/${space}`, { token: person.token })).status).toBe(200);
      expect((await ok(api().get(`/spaces/${space}/space_members/${person.userId}`))).admin).toBe(true);
    });
  });
}
