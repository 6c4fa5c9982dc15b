import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type ApiResponse } from './support/harness.ts';
import { joinAs, newEmail, ownOrganization } from './support/member-fixtures.ts';
import {
  expectScimError,
  expectScimGroup,
  expectScimUser,
  GROUP_SCHEMA,
  PATCH_SCHEMA,
  scim,
  scimBasePath,
  USER_SCHEMA,
} from './support/scim-fixtures.ts';

const patchOp = (...Operations: unknown[]) => ({ schemas: [PATCH_SCHEMA], Operations });

/**
 * Audit of issue 21, SCIM: a wrong content type on every SCIM write is 400 invalidSyntax and changes nothing (the
 * Users case of POST is in scim-users); deleting a user removes them from its teams (and the access those gave);
 * deleting a group removes its team space memberships (and the access those gave).
 */
for (const kind of DB_KINDS) {
  describe(`${kind}: SCIM (audit)`, () => {
    const api = useServer(kind);
    let counter = 0;

    async function ok(res: Promise<ApiResponse>): Promise<any> {
      const done = await res;
      expect(done.status, done.text).toBeLessThan(300);
      return done.body;
    }
    const newUser = (email = newEmail('scim-audit')) => ({
      schemas: [USER_SCHEMA],
      userName: email,
      name: { givenName: 'Ada', familyName: 'Audit' },
    });

    it('a wrong content type on POST, PUT and PATCH of Users and Groups: 400 invalidSyntax, nothing changed', async () => {
      const org = await ownOrganization(api());
      const base = scimBasePath(org);
      const user = expectScimUser(await scim(api(), 'POST', `${base}/Users`, newUser()), 201);
      const group = expectScimGroup(
        await scim(api(), 'POST', `${base}/Groups`, {
          schemas: [GROUP_SCHEMA],
          displayName: `Audit ${process.pid}-${++counter}`,
          members: [{ value: user.id }],
        }),
        201,
      );
      const other = expectScimUser(await scim(api(), 'POST', `${base}/Users`, newUser()), 201);
      const state = async () =>
        Promise.all([
          ok(api().get(`/organizations/${org}/teams`)),
          ok(api().get(`/organizations/${org}/team_memberships`)),
          ok(api().get(`/organizations/${org}/organization_memberships`)),
          scim(api(), 'GET', `${base}/Groups/${group.id}`).then((r) => r.body),
          scim(api(), 'GET', `${base}/Users/${user.id}`).then((r) => r.body),
        ]);
      const before = await state();
      const writes: Array<[string, string, unknown]> = [
        ['POST', `${base}/Groups`, { schemas: [GROUP_SCHEMA], displayName: `Refused ${process.pid}-${++counter}` }],
        [
          'PUT',
          `${base}/Groups/${group.id}`,
          { schemas: [GROUP_SCHEMA], displayName: 'Renamed', members: [{ value: other.id }] },
        ],
        ['PATCH', `${base}/Groups/${group.id}`, patchOp({ op: 'add', path: 'members', value: [{ value: other.id }] })],
        ['PUT', `${base}/Users/${user.id}`, newUser(user.userName)],
        ['PATCH', `${base}/Users/${user.id}`, patchOp()],
        ['POST', `${base}/Users`, newUser()],
      ];
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
        for (const [method, path, body] of writes) {
          const refused = await scim(api(), method, path, body, { contentType });
          expect(refused.status, `${method} ${path} ${contentType} ${refused.text}`).toBe(400);
          expectScimError(refused, 400, 'invalidSyntax');
        }
      }
      expect(await state()).toEqual(before);
    });

    it('DELETE /Users removes the person from every team and with it the access the teams gave; the account stays', async () => {
      const org = await ownOrganization(api());
      const person = await joinAs(api(), org, 'member');
      const space = (await ok(api().post('/spaces', { name: 'SCIM audit' }))).sys.id as string;
      const teams = [];
      for (let i = 0; i < 2; i++) {
        const team = await ok(
          api().post(`/organizations/${org}/teams`, {
            name: `SCIM audit ${process.pid}-${++counter}`,
            description: null,
          }),
        );
        await ok(
          api().post(`/organizations/${org}/teams/${team.sys.id}/team_memberships`, {
            organizationMembershipId: person.membershipId,
          }),
        );
        teams.push(team.sys.id as string);
      }
      await ok(
        api().post(
          `/spaces/${space}/team_space_memberships`,
          { admin: true, roles: [] },
          { headers: { [`${api().vendorPrefix}-Team`]: teams[0]! } },
        ),
      );
      expect((await api().get(`/spaces/${space}`, { token: person.token })).status).toBe(200);

      expect((await scim(api(), 'DELETE', `${scimBasePath(org)}/Users/${person.userId}`)).status).toBe(204);
      const left = await ok(
        api().get(`/organizations/${org}/team_memberships`, {
          query: { 'sys.organizationMembership.sys.id': person.membershipId },
        }),
      );
      expect(left.total).toBe(0);
      for (const team of teams) {
        expect((await ok(api().get(`/organizations/${org}/teams/${team}`))).sys.memberCount).toBe(0);
        expect(expectScimGroup(await scim(api(), 'GET', `${scimBasePath(org)}/Groups/${team}`)).members ?? []).toEqual(
          [],
        );
      }
      expect((await api().get(`/spaces/${space}`, { token: person.token })).status).toBe(404);
      expect((await ok(api().get(`/spaces/${space}/space_members`))).items.map((m: any) => m.sys.id)).not.toContain(
        person.userId,
      );
      expect((await api().get('/users/me', { token: person.token })).body.sys.id).toBe(person.userId);
    });

    it('DELETE /Groups removes its team space memberships and the access they gave; other teams keep theirs', async () => {
      const org = await ownOrganization(api());
      const person = await joinAs(api(), org, 'member');
      const [s1, s2] = [
        (await ok(api().post('/spaces', { name: 'Group audit 1' }))).sys.id as string,
        (await ok(api().post('/spaces', { name: 'Group audit 2' }))).sys.id as string,
      ];
      const group = expectScimGroup(
        await scim(api(), 'POST', `${scimBasePath(org)}/Groups`, {
          schemas: [GROUP_SCHEMA],
          displayName: `Deleted ${process.pid}-${++counter}`,
          members: [{ value: person.userId }],
        }),
        201,
      );
      const kept = await ok(
        api().post(`/organizations/${org}/teams`, { name: `Kept ${process.pid}-${++counter}`, description: null }),
      );
      const give = (space: string, team: string) =>
        ok(
          api().post(
            `/spaces/${space}/team_space_memberships`,
            { admin: true, roles: [] },
            { headers: { [`${api().vendorPrefix}-Team`]: team } },
          ),
        );
      const doomed = [await give(s1, group.id), await give(s2, group.id)];
      const survivor = await give(s1, kept.sys.id);
      expect((await api().get(`/spaces/${s2}`, { token: person.token })).status).toBe(200);

      expect((await scim(api(), 'DELETE', `${scimBasePath(org)}/Groups/${group.id}`)).status).toBe(204);
      for (const m of doomed) {
        expect((await api().get(`/spaces/${m.sys.space.sys.id}/team_space_memberships/${m.sys.id}`)).status).toBe(404);
        expect((await api().get(`/organizations/${org}/team_space_memberships/${m.sys.id}`)).status).toBe(404);
      }
      const inOrg = await ok(
        api().get(`/organizations/${org}/team_space_memberships`, { query: { 'sys.space.sys.id[in]': `${s1},${s2}` } }),
      );
      expect(inOrg.items.map((m: any) => m.sys.id)).toEqual([survivor.sys.id]);
      expect(
        (
          await api().get(`/organizations/${org}/team_memberships`, {
            query: { 'sys.organizationMembership.sys.id': person.membershipId },
          })
        ).body.total,
      ).toBe(0);
      for (const space of [s1, s2])
        expect((await api().get(`/spaces/${space}`, { token: person.token })).status).toBe(404);
      expect(
        (await ok(api().get(`/organizations/${org}/organization_memberships/${person.membershipId}`))).sys.status,
      ).toBe('active');
    });
  });
}
