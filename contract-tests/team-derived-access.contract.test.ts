import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type ApiResponse } from './support/harness.ts';
import { invite, joinAs, newEmail, ownOrganization, NONE } from './support/member-fixtures.ts';

const roleLink = (id: string) => ({ sys: { type: 'Link', linkType: 'Role', id } });
const readerOf = (type: string) => ({
  name: `${type} reader ${process.pid}-${Math.random()}`,
  permissions: NONE,
  policies: [
    {
      effect: 'allow',
      actions: ['read'],
      constraint: {
        and: [{ equals: [{ doc: 'sys.type' }, 'Entry'] }, { equals: [{ doc: 'sys.contentType.sys.id' }, type] }],
      },
    },
  ],
});

for (const kind of DB_KINDS) {
  describe(`${kind}: access through teams and the space members view`, () => {
    const api = useServer(kind);
    const vendor = (name: string, value: string) => ({ headers: { [`${api().vendorPrefix}-${name}`]: value } });

    async function ok(res: Promise<ApiResponse>): Promise<any> {
      const done = await res;
      expect(done.status, done.text).toBeLessThan(300);
      return done.body;
    }

    /** A space with an `article` and a `post` (one entry each), a role reading articles only and one reading posts. */
    async function arrange() {
      const org = await ownOrganization(api());
      const spaceId = (await ok(api().post('/spaces', { name: 'Teams' }))).sys.id as string;
      const s = `/spaces/${spaceId}`;
      const entries: Record<string, string> = {};
      for (const type of ['article', 'post']) {
        const made = await ok(
          api().put(`${s}/content_types/${type}`, {
            name: type,
            displayField: 'title',
            fields: [{ id: 'title', name: 'Title', type: 'Symbol' }],
          }),
        );
        await ok(
          api().request('PUT', `${s}/content_types/${type}/published`, vendor('Version', String(made.sys.version))),
        );
        entries[type] = (
          await ok(api().post(`${s}/entries`, { fields: { title: { 'en-US': type } } }, vendor('Content-Type', type)))
        ).sys.id;
      }
      const articleReader = (await ok(api().post(`${s}/roles`, readerOf('article')))).sys.id as string;
      const postReader = (await ok(api().post(`${s}/roles`, readerOf('post')))).sys.id as string;
      const team = (
        await ok(
          api().post(`/organizations/${org}/teams`, {
            name: `Readers ${process.pid}-${Math.random()}`,
            description: null,
          }),
        )
      ).sys.id as string;
      const person = await joinAs(api(), org, 'member');
      const teamMembership = await ok(
        api().post(`/organizations/${org}/teams/${team}/team_memberships`, {
          organizationMembershipId: person.membershipId,
        }),
      );
      return {
        org,
        spaceId,
        s,
        entries,
        articleReader,
        postReader,
        team,
        person,
        teamMembershipId: teamMembership.sys.id as string,
      };
    }
    const seen = async (s: string, token: string) => {
      const res = await api().get(`${s}/entries`, { token });
      return res.status === 200 ? res.body.items.map((e: any) => e.sys.contentType.sys.id).sort() : res.status;
    };

    it('gives a team member the roles of the team at once, and takes them away at once', async () => {
      const { org, s, entries, articleReader, team, person, teamMembershipId } = await arrange();
      expect(await seen(s, person.token)).toBe(404);
      const tsm = await ok(
        api().post(
          `${s}/team_space_memberships`,
          { admin: false, roles: [roleLink(articleReader)] },
          vendor('Team', team),
        ),
      );

      expect(await seen(s, person.token)).toEqual(['article']);
      expect((await api().get(`${s}/entries/${entries.post}`, { token: person.token })).status).toBe(404);
      const write = await api().post(
        `${s}/entries`,
        { fields: {} },
        { token: person.token, ...vendor('Content-Type', 'article') },
      );
      expect([write.status, write.body.sys.id]).toEqual([403, 'AccessDenied']);
      expect((await api().get(`${s}/team_space_memberships`, { token: person.token })).body.total).toBe(1);
      expect(
        (
          await api().post(
            `${s}/team_space_memberships`,
            { admin: true, roles: [] },
            { token: person.token, ...vendor('Team', team) },
          )
        ).status,
      ).toBe(403);

      // Out of the team: no access at all, on the very next request.
      expect(
        (await api().delete(`/organizations/${org}/teams/${team}/team_memberships/${teamMembershipId}`)).status,
      ).toBe(204);
      expect(await seen(s, person.token)).toBe(404);
      expect((await api().get(s, { token: person.token })).status).toBe(404);

      // Back in, then the team becomes space admin: everything.
      await ok(
        api().post(`/organizations/${org}/teams/${team}/team_memberships`, {
          organizationMembershipId: person.membershipId,
        }),
      );
      expect(await seen(s, person.token)).toEqual(['article']);
      await ok(
        api().put(`${s}/team_space_memberships/${tsm.sys.id}`, { admin: true, roles: [] }, vendor('Version', '0')),
      );
      expect(await seen(s, person.token)).toEqual(['article', 'post']);
      expect(
        (await api().post(`${s}/entries`, { fields: {} }, { token: person.token, ...vendor('Content-Type', 'post') }))
          .status,
      ).toBe(201);
      expect((await api().post(`${s}/roles`, readerOf('article'), { token: person.token })).status).toBe(201);

      // Deleting the team space membership, then the team, leaves nothing.
      await ok(
        api().put(
          `${s}/team_space_memberships/${tsm.sys.id}`,
          { admin: false, roles: [roleLink(articleReader)] },
          vendor('Version', '1'),
        ),
      );
      expect(await seen(s, person.token)).toEqual(['article']);
      expect((await api().delete(`/organizations/${org}/teams/${team}`)).status).toBe(204);
      expect(await seen(s, person.token)).toBe(404);
    });

    it("unites a member's own roles with their teams' and shows it in the space members view", async () => {
      const { org, spaceId, s, articleReader, postReader, team, person } = await arrange();
      const tsm = await ok(
        api().post(
          `${s}/team_space_memberships`,
          { admin: false, roles: [roleLink(articleReader)] },
          vendor('Team', team),
        ),
      );
      const own = await ok(
        api().post(`${s}/space_memberships`, { admin: false, roles: [roleLink(postReader)], email: person.email }),
      );
      expect(await seen(s, person.token)).toEqual(['article', 'post']);

      // A pending member of the team inherits nothing.
      const pending = await invite(api(), org, newEmail('pending'), 'member');
      await ok(
        api().post(`/organizations/${org}/teams/${team}/team_memberships`, {
          organizationMembershipId: pending.sys.organizationMembership.sys.id,
        }),
      );

      const owner = (await api().get('/users/me')).body.sys.id as string;
      const listed = await api().get(`${s}/space_members`, { token: person.token, query: { include: 'sys.user' } });
      expect(listed.status, listed.text).toBe(200);
      expect(listed.body).toMatchObject({ sys: { type: 'Array' }, total: 2, skip: 0, limit: 100 });
      expect(listed.body.items.map((m: any) => m.sys.user.sys.id)).toEqual([owner, person.userId]);
      const member = listed.body.items[1];
      expect(member).toEqual({
        admin: false,
        roles: [roleLink(postReader), roleLink(articleReader)],
        sys: {
          type: 'SpaceMember',
          id: person.userId,
          version: 0,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          space: { sys: { type: 'Link', linkType: 'Space', id: spaceId } },
          user: { sys: { type: 'Link', linkType: 'User', id: person.userId } },
          relatedMemberships: [
            { sys: { type: 'Link', linkType: 'SpaceMembership', id: own.sys.id } },
            { sys: { type: 'Link', linkType: 'TeamSpaceMembership', id: tsm.sys.id } },
          ],
        },
      });
      expect(listed.body.includes.User.map((u: any) => u.sys.id).sort()).toEqual([owner, person.userId].sort());
      expect((await api().get(`${s}/space_members/${person.userId}`, { token: person.token })).body).toEqual(member);
      expect((await api().get(`${s}/space_members`, { query: { skip: 1, limit: 1 } })).body).toMatchObject({
        total: 2,
        items: [{ sys: { id: person.userId } }],
      });
      expect((await api().get(`${s}/space_members/${pending.sys.organizationMembership.sys.id}`)).status).toBe(404);
      const refused = await api().get(`${s}/space_members`, { query: { order: 'sys.createdAt' } });
      expect([refused.status, refused.body.sys.id]).toEqual([400, 'InvalidQuery']);

      // Leaving the own membership keeps the team's access.
      expect((await api().delete(`${s}/space_memberships/${own.sys.id}`)).status).toBe(204);
      expect(await seen(s, person.token)).toEqual(['article']);
      expect((await api().get(`${s}/space_members/${person.userId}`)).body).toMatchObject({
        roles: [roleLink(articleReader)],
        sys: { relatedMemberships: [{ sys: { id: tsm.sys.id } }] },
      });
    });
  });
}
