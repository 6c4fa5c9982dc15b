import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { invite, joinAs, newEmail, ownOrganization } from './support/member-fixtures.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: team memberships`, () => {
    const api = useServer(kind);
    let counter = 0;
    const newTeam = async (org: string) =>
      (await api().post(`/organizations/${org}/teams`, { name: `Team ${process.pid}-${++counter}`, description: null }))
        .body.sys.id as string;
    const path = (org: string, team: string, id = '') =>
      `/organizations/${org}/teams/${team}/team_memberships${id ? `/${id}` : ''}`;
    const orgWide = (org: string) => `/organizations/${org}/team_memberships`;

    it('adds an organization membership to a team, reads, lists and removes it', async () => {
      const org = await ownOrganization(api());
      const team = await newTeam(org);
      const person = await joinAs(api(), org, 'member');
      const created = await api().post(path(org, team), { organizationMembershipId: person.membershipId });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        organizationMembershipId: person.membershipId,
        sys: {
          type: 'TeamMembership',
          organization: { sys: { id: org } },
          team: { sys: { linkType: 'Team', id: team } },
          organizationMembership: { sys: { linkType: 'OrganizationMembership', id: person.membershipId } },
          user: { sys: { linkType: 'User', id: person.userId } },
        },
      });
      const id = created.body.sys.id;
      expect((await api().get(path(org, team, id), { token: person.token })).body).toEqual(created.body);
      const listed = await api().get(path(org, team), { token: person.token });
      expect(listed.body).toMatchObject({ total: 1, skip: 0, limit: 100, items: [{ sys: { id } }] });
      expect(listed.body.includes).toBeUndefined();

      expect((await api().delete(path(org, team, id), { token: person.token })).status).toBe(403);
      expect((await api().delete(path(org, team, id))).status).toBe(204);
      expect((await api().get(path(org, team, id))).status).toBe(404);
      expect((await api().delete(path(org, team, id))).status).toBe(404);
      expect((await api().get(path(org, 'no-team'))).status).toBe(404);
    });

    it('refuses a membership of another organization, an unknown one or a duplicate (422), a member (403), changing nothing', async () => {
      const org = await ownOrganization(api());
      const team = await newTeam(org);
      const person = await joinAs(api(), org, 'member');
      const outside = await api().post(path(org, team), { organizationMembershipId: 'not-a-membership' });
      expect(outside.status).toBe(422);
      expect(outside.body.sys.id).toBe('ValidationFailed');
      expect(outside.body.details.errors[0]).toMatchObject({ path: ['organizationMembershipId'] });
      expect(
        (await api().post(path(org, team), { organizationMembershipId: person.membershipId }, { token: person.token }))
          .status,
      ).toBe(403);
      expect((await api().post(path(org, team), { organizationMembershipId: person.membershipId })).status).toBe(201);
      const twice = await api().post(path(org, team), { organizationMembershipId: person.membershipId });
      expect(twice.status).toBe(422);
      expect(twice.body.details.errors[0]).toMatchObject({ name: 'taken', path: ['organizationMembershipId'] });
      expect((await api().post(path(org, 'no-team'), { organizationMembershipId: person.membershipId })).status).toBe(
        404,
      );
      expect((await api().get(path(org, team))).body.total).toBe(1);
    });

    it('orders by sys.createdAt and sys.updatedAt, includes users, memberships and their authors; refuses anything else', async () => {
      const org = await ownOrganization(api());
      const team = await newTeam(org);
      const a = await joinAs(api(), org, 'member');
      const pendingEmail = newEmail('pending');
      const pending = await invite(api(), org, pendingEmail, 'developer');
      const b = { membershipId: pending.sys.organizationMembership.sys.id as string };
      const first = (await api().post(path(org, team), { organizationMembershipId: a.membershipId })).body;
      const second = (await api().post(path(org, team), { organizationMembershipId: b.membershipId })).body;
      const ids = [first.sys.id, second.sys.id];

      expect(
        (await api().get(path(org, team), { query: { order: 'sys.createdAt' } })).body.items.map((m: any) => m.sys.id),
      ).toEqual(ids);
      expect(
        (await api().get(path(org, team), { query: { order: '-sys.createdAt' } })).body.items.map((m: any) => m.sys.id),
      ).toEqual([...ids].reverse());
      expect((await api().get(path(org, team), { query: { order: '-sys.updatedAt,sys.createdAt' } })).status).toBe(200);
      const paged = await api().get(path(org, team), { query: { skip: 1, limit: 1, order: 'sys.createdAt' } });
      expect(paged.body).toMatchObject({ total: 2, skip: 1, limit: 1, items: [{ sys: { id: second.sys.id } }] });

      const users = await api().get(path(org, team), { query: { include: 'sys.user' } });
      expect(users.body.includes.User.map((u: any) => u.sys.id).sort()).toEqual(
        [a.userId, second.sys.user.sys.id].sort(),
      );
      expect(users.body.includes.User.find((u: any) => u.sys.id === a.userId).email).toBe(a.email);
      const memberships = await api().get(path(org, team), {
        query: { include: 'sys.organizationMembership,sys.createdBy,sys.updatedBy', limit: 1 },
      });
      expect(memberships.body.includes.OrganizationMembership.map((m: any) => m.sys.id)).toEqual([a.membershipId]);
      expect(memberships.body.includes.User.map((u: any) => u.sys.id)).toEqual([first.sys.createdBy.sys.id]);

      const refusals: Array<[Record<string, string | number>, string[]]> = [
        [{ include: 'sys.team' }, ['include']],
        [{ order: 'sys.id' }, ['sys', 'id']],
        [{ query: 'x' }, ['query']],
        [{ limit: 101 }, ['limit']],
        [{ 'sys.organizationMembership.sys.id': a.membershipId }, ['sys', 'organizationMembership', 'sys', 'id']],
      ];
      for (const [query, named] of refusals) {
        const refused = await api().get(path(org, team), { query });
        expect(refused.status, JSON.stringify(query)).toBe(400);
        expect(refused.body.sys.id).toBe('InvalidQuery');
        expect(refused.body.details.errors[0].path, JSON.stringify(query)).toEqual(named);
      }
    });

    it("lists an organization's team memberships, filtered by sys.organizationMembership.sys.id, with include=sys.team", async () => {
      const org = await ownOrganization(api());
      const [t1, t2] = [await newTeam(org), await newTeam(org)];
      const a = await joinAs(api(), org, 'member');
      const b = await joinAs(api(), org, 'member');
      const m1 = (await api().post(path(org, t1), { organizationMembershipId: a.membershipId })).body;
      const m2 = (await api().post(path(org, t2), { organizationMembershipId: a.membershipId })).body;
      const m3 = (await api().post(path(org, t2), { organizationMembershipId: b.membershipId })).body;
      const ids = (res: any) => res.body.items.map((m: any) => m.sys.id);

      const ofA = await api().get(orgWide(org), {
        token: b.token,
        query: { 'sys.organizationMembership.sys.id': a.membershipId, include: 'sys.team' },
      });
      expect(ofA.status).toBe(200);
      expect(ids(ofA)).toEqual([m1.sys.id, m2.sys.id]);
      expect(ofA.body.includes.Team.map((t: any) => t.sys.id).sort()).toEqual([t1, t2].sort());
      expect(ofA.body.includes.Team.find((t: any) => t.sys.id === t2).sys.memberCount).toBe(2);
      const notA = await api().get(orgWide(org), {
        query: { 'sys.organizationMembership.sys.id[ne]': a.membershipId, order: '-sys.createdAt' },
      });
      expect(ids(notA)).toContain(m3.sys.id);
      expect(ids(notA)).not.toContain(m1.sys.id);
      const both = await api().get(orgWide(org), {
        query: { 'sys.organizationMembership.sys.id[in]': `${a.membershipId},${b.membershipId}` },
      });
      expect(ids(both)).toEqual([m1.sys.id, m2.sys.id, m3.sys.id]);
      const neither = await api().get(orgWide(org), {
        query: { 'sys.organizationMembership.sys.id[nin]': `${a.membershipId},${b.membershipId}` },
      });
      expect(ids(neither)).not.toEqual(expect.arrayContaining([m1.sys.id]));

      const refusals: Array<Record<string, string>> = [
        { 'sys.organizationMembership.sys.id[exists]': 'true' },
        { include: 'sys.user' },
        { 'sys.team.sys.id': t1 },
      ];
      for (const query of refusals) {
        const refused = await api().get(orgWide(org), { query });
        expect(refused.status, JSON.stringify(query)).toBe(400);
        expect(refused.body.sys.id).toBe('InvalidQuery');
      }
    });

    it('deleting an organization membership deletes its team memberships', async () => {
      const org = await ownOrganization(api());
      const team = await newTeam(org);
      const person = await joinAs(api(), org, 'member');
      await api().post(path(org, team), { organizationMembershipId: person.membershipId });
      expect((await api().get(`/organizations/${org}/teams/${team}`)).body.sys.memberCount).toBe(1);
      expect((await api().delete(`/organizations/${org}/organization_memberships/${person.membershipId}`)).status).toBe(
        204,
      );
      expect((await api().get(path(org, team))).body.total).toBe(0);
      expect((await api().get(`/organizations/${org}/teams/${team}`)).body.sys.memberCount).toBe(0);
    });
  });
}
