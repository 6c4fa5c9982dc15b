import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type TestServer } from './support/harness.ts';
import { joinAs, newEmail, ownOrganization } from './support/member-fixtures.ts';
import {
  expectScimError,
  expectScimGroup,
  expectScimGroupList,
  expectScimUser,
  GROUP_SCHEMA,
  PATCH_SCHEMA,
  scim,
  scimBasePath,
  USER_SCHEMA,
} from './support/scim-fixtures.ts';

let groupCounter = 0;
const newName = (prefix = 'Group') => `${prefix} ${process.pid}-${++groupCounter}`;
const patchOp = (...Operations: unknown[]) => ({ schemas: [PATCH_SCHEMA], Operations });

/** A SCIM user of the organization (a pending member) named Kasia Kowalska. */
async function scimUser(api: TestServer, org: string) {
  const body = {
    schemas: [USER_SCHEMA],
    userName: newEmail('grp'),
    name: { givenName: 'Kasia', familyName: 'Kowalska' },
  };
  return expectScimUser(await scim(api, 'POST', `${scimBasePath(org)}/Users`, body), 201);
}

const memberIds = (group: any) => (group.members ?? []).map((m: any) => m.value).sort();
const teamMemberships = async (api: TestServer, org: string, teamId: string) =>
  (await api.get(`/organizations/${org}/teams/${teamId}/team_memberships`, { query: { limit: 100 } })).body;

for (const kind of DB_KINDS) {
  describe(`${kind}: SCIM /Groups`, () => {
    const api = useServer(kind);

    it('creates a group as a team with team memberships, reads, lists, filters and pages it', async () => {
      const org = await ownOrganization(api());
      const [a, b] = [await scimUser(api(), org), await scimUser(api(), org)];
      const displayName = newName();
      const created = await scim(api(), 'POST', `${scimBasePath(org)}/Groups`, {
        schemas: [GROUP_SCHEMA],
        displayName,
        members: [{ value: a.id, display: 'ignored' }, { value: b.id }, { value: a.id }],
      });
      const group = expectScimGroup(created, 201);
      expect(group.displayName).toBe(displayName);
      expect(memberIds(group)).toEqual([a.id, b.id].sort());
      expect(group.members.find((m: any) => m.value === a.id)).toEqual({
        value: a.id,
        display: 'Kasia Kowalska',
        type: 'User',
      });
      expect(created.headers.get('location')).toBe(group.meta.location);
      expect(group.meta.location).toBe(`${api().baseUrl}${scimBasePath(org)}/Groups/${group.id}`);

      const team = (await api().get(`/organizations/${org}/teams/${group.id}`)).body;
      expect(team).toMatchObject({ name: displayName, sys: { memberCount: 2 } });
      expect((await teamMemberships(api(), org, group.id)).items.map((m: any) => m.sys.user.sys.id).sort()).toEqual(
        [a.id, b.id].sort(),
      );

      expect(expectScimGroup(await scim(api(), 'GET', new URL(group.meta.location).pathname))).toEqual(group);
      const filtered = expectScimGroupList(
        await scim(
          api(),
          'GET',
          `${scimBasePath(org)}/Groups?filter=${encodeURIComponent(`displayName eq "${displayName}"`)}`,
        ),
      );
      expect(filtered).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1, Resources: [group] });
      const none = expectScimGroupList(
        await scim(
          api(),
          'GET',
          `${scimBasePath(org)}/Groups?filter=${encodeURIComponent('displayName eq "nothing like it"')}`,
        ),
      );
      expect(none).toMatchObject({ totalResults: 0, itemsPerPage: 0 });

      await scim(api(), 'POST', `${scimBasePath(org)}/Groups`, { schemas: [GROUP_SCHEMA], displayName: newName() });
      const all = expectScimGroupList(await scim(api(), 'GET', `${scimBasePath(org)}/Groups?startIndex=1&count=100`));
      expect(all.totalResults).toBeGreaterThanOrEqual(2);
      const second = expectScimGroupList(await scim(api(), 'GET', `${scimBasePath(org)}/Groups?startIndex=2&count=1`));
      expect(second).toMatchObject({
        totalResults: all.totalResults,
        startIndex: 2,
        itemsPerPage: 1,
        Resources: [all.Resources[1]],
      });
      const slim = expectScimGroupList(
        await scim(
          api(),
          'GET',
          `${scimBasePath(org)}/Groups?filter=${encodeURIComponent(`displayName eq "${displayName}"`)}&excludedAttributes=members`,
        ),
      );
      expect(slim.Resources[0].members).toBeUndefined();
      expect(slim.Resources[0].displayName).toBe(displayName);
      const one = expectScimGroup(
        await scim(api(), 'GET', `${scimBasePath(org)}/Groups/${group.id}?excludedAttributes=members`),
      );
      expect(one.members).toBeUndefined();
    });

    it('answers a team made through the User Management API as a group with its members', async () => {
      const org = await ownOrganization(api());
      const member = await joinAs(api(), org, 'member');
      const team = (await api().post(`/organizations/${org}/teams`, { name: newName('Team'), description: null })).body;
      expect(
        (
          await api().post(`/organizations/${org}/teams/${team.sys.id}/team_memberships`, {
            organizationMembershipId: member.membershipId,
          })
        ).status,
      ).toBe(201);
      const group = expectScimGroup(await scim(api(), 'GET', `${scimBasePath(org)}/Groups/${team.sys.id}`));
      expect(group).toMatchObject({
        id: team.sys.id,
        displayName: team.name,
        members: [{ value: member.userId, display: member.email }],
      });
    });

    it('PATCHes members with add, remove (value lists and members[value eq] paths) and replace, several at once', async () => {
      const org = await ownOrganization(api());
      const [a, b, c] = [await scimUser(api(), org), await scimUser(api(), org), await scimUser(api(), org)];
      const group = expectScimGroup(
        await scim(api(), 'POST', `${scimBasePath(org)}/Groups`, { schemas: [GROUP_SCHEMA], displayName: newName() }),
        201,
      );
      const path = `${scimBasePath(org)}/Groups/${group.id}`;
      const added = expectScimGroup(
        await scim(
          api(),
          'PATCH',
          path,
          patchOp({ op: 'add', path: 'members', value: [{ value: a.id }, { value: b.id }] }),
        ),
      );
      expect(memberIds(added)).toEqual([a.id, b.id].sort());
      const again = expectScimGroup(
        await scim(api(), 'PATCH', path, patchOp({ op: 'Add', path: 'members', value: [{ value: a.id }] })),
      );
      expect(memberIds(again)).toEqual([a.id, b.id].sort());
      const removed = expectScimGroup(
        await scim(api(), 'PATCH', path, patchOp({ op: 'remove', path: `members[value eq "${a.id}"]` })),
      );
      expect(memberIds(removed)).toEqual([b.id]);
      const absent = expectScimGroup(
        await scim(api(), 'PATCH', path, patchOp({ op: 'Remove', path: `members[value eq "${a.id}"]` })),
      );
      expect(memberIds(absent)).toEqual([b.id]);
      const several = expectScimGroup(
        await scim(
          api(),
          'PATCH',
          path,
          patchOp(
            { op: 'add', path: 'members', value: [{ value: c.id, display: 'C' }, { value: a.id }] },
            { op: 'remove', path: 'members', value: [{ value: b.id }] },
            { op: 'Replace', path: 'displayName', value: `${group.displayName} renamed` },
          ),
        ),
      );
      expect(several.displayName).toBe(`${group.displayName} renamed`);
      expect(memberIds(several)).toEqual([a.id, c.id].sort());
      const replaced = expectScimGroup(
        await scim(api(), 'PATCH', path, patchOp({ op: 'replace', path: 'members', value: [{ value: b.id }] })),
      );
      expect(memberIds(replaced)).toEqual([b.id]);
      expect((await teamMemberships(api(), org, group.id)).items.map((m: any) => m.sys.user.sys.id)).toEqual([b.id]);
      // Okta renames with a pathless replace carrying the id.
      const okta = expectScimGroup(
        await scim(
          api(),
          'PATCH',
          path,
          patchOp({ op: 'replace', value: { id: group.id, displayName: 'Okta name ' + group.displayName } }),
        ),
      );
      expect(okta.displayName).toBe('Okta name ' + group.displayName);
      expect((await api().get(`/organizations/${org}/teams/${group.id}`)).body.name).toBe(okta.displayName);
      const emptied = expectScimGroup(await scim(api(), 'PATCH', path, patchOp({ op: 'remove', path: 'members' })));
      expect(memberIds(emptied)).toEqual([]);
    });

    it('PUT replaces the name and the members', async () => {
      const org = await ownOrganization(api());
      const [a, b] = [await scimUser(api(), org), await scimUser(api(), org)];
      const group = expectScimGroup(
        await scim(api(), 'POST', `${scimBasePath(org)}/Groups`, {
          schemas: [GROUP_SCHEMA],
          displayName: newName(),
          members: [{ value: a.id }],
        }),
        201,
      );
      const path = `${scimBasePath(org)}/Groups/${group.id}`;
      const put = expectScimGroup(
        await scim(api(), 'PUT', path, {
          schemas: [GROUP_SCHEMA],
          id: group.id,
          displayName: `${group.displayName} 2`,
          members: [{ value: b.id }],
        }),
      );
      expect(put).toMatchObject({ displayName: `${group.displayName} 2` });
      expect(memberIds(put)).toEqual([b.id]);
      const noMembers = expectScimGroup(
        await scim(api(), 'PUT', path, { schemas: [GROUP_SCHEMA], displayName: `${group.displayName} 2` }),
      );
      expect(memberIds(noMembers)).toEqual([]);
      expect((await api().get(`/organizations/${org}/teams/${group.id}`)).body).toMatchObject({
        name: `${group.displayName} 2`,
        sys: { memberCount: 0 },
      });
    });

    it('refuses a taken displayName with 409 uniqueness and an unknown member with 400 invalidValue; nothing changes', async () => {
      const org = await ownOrganization(api());
      const a = await scimUser(api(), org);
      const taken = expectScimGroup(
        await scim(api(), 'POST', `${scimBasePath(org)}/Groups`, { schemas: [GROUP_SCHEMA], displayName: newName() }),
        201,
      );
      const group = expectScimGroup(
        await scim(api(), 'POST', `${scimBasePath(org)}/Groups`, {
          schemas: [GROUP_SCHEMA],
          displayName: newName(),
          members: [{ value: a.id }],
        }),
        201,
      );
      const teamsBefore = (await api().get(`/organizations/${org}/teams`, { query: { limit: 100 } })).body.total;
      const path = `${scimBasePath(org)}/Groups/${group.id}`;

      expectScimError(
        await scim(api(), 'POST', `${scimBasePath(org)}/Groups`, {
          schemas: [GROUP_SCHEMA],
          displayName: taken.displayName,
        }),
        409,
        'uniqueness',
      );
      expectScimError(
        await scim(api(), 'POST', `${scimBasePath(org)}/Groups`, {
          schemas: [GROUP_SCHEMA],
          displayName: newName(),
          members: [{ value: 'no-such-user' }],
        }),
        400,
        'invalidValue',
      );
      const outsider = await scimUser(api(), org);
      expect((await scim(api(), 'DELETE', `${scimBasePath(org)}/Users/${outsider.id}`)).status).toBe(204);
      expectScimError(
        await scim(api(), 'POST', `${scimBasePath(org)}/Groups`, {
          schemas: [GROUP_SCHEMA],
          displayName: newName(),
          members: [{ value: outsider.id }],
        }),
        400,
        'invalidValue',
      );
      expectScimError(
        await scim(api(), 'POST', `${scimBasePath(org)}/Groups`, { schemas: [GROUP_SCHEMA], members: [] }),
        400,
        'invalidValue',
      );
      expectScimError(
        await scim(api(), 'POST', `${scimBasePath(org)}/Groups`, { schemas: [GROUP_SCHEMA], displayName: '   ' }),
        400,
        'invalidValue',
      );
      expect((await api().get(`/organizations/${org}/teams`, { query: { limit: 100 } })).body.total).toBe(teamsBefore);

      // All or nothing: the rename and the removal before the unknown member are not kept.
      expectScimError(
        await scim(
          api(),
          'PATCH',
          path,
          patchOp(
            { op: 'replace', path: 'displayName', value: `${group.displayName} x` },
            { op: 'remove', path: `members[value eq "${a.id}"]` },
            { op: 'add', path: 'members', value: [{ value: 'no-such-user' }] },
          ),
        ),
        400,
        'invalidValue',
      );
      expectScimError(
        await scim(api(), 'PATCH', path, patchOp({ op: 'replace', path: 'displayName', value: taken.displayName })),
        409,
        'uniqueness',
      );
      expectScimError(
        await scim(api(), 'PUT', path, { schemas: [GROUP_SCHEMA], displayName: taken.displayName, members: [] }),
        409,
        'uniqueness',
      );
      expectScimError(
        await scim(api(), 'PUT', path, {
          schemas: [GROUP_SCHEMA],
          displayName: group.displayName,
          members: [{ value: 'nobody' }],
        }),
        400,
        'invalidValue',
      );
      expect(expectScimGroup(await scim(api(), 'GET', path))).toEqual(group);
    });

    it('answers malformed PatchOps, unknown paths, pathless removes and bad values with their RFC 7644 errors', async () => {
      const org = await ownOrganization(api());
      const group = expectScimGroup(
        await scim(api(), 'POST', `${scimBasePath(org)}/Groups`, { schemas: [GROUP_SCHEMA], displayName: newName() }),
        201,
      );
      const path = `${scimBasePath(org)}/Groups/${group.id}`;
      expectScimError(
        await scim(api(), 'PATCH', path, {
          schemas: ['urn:wrong'],
          Operations: [{ op: 'add', path: 'members', value: [] }],
        }),
        400,
        'invalidSyntax',
      );
      expectScimError(await scim(api(), 'PATCH', path, patchOp()), 400, 'invalidSyntax');
      expectScimError(
        await scim(api(), 'PATCH', path, patchOp({ op: 'move', path: 'members', value: [] })),
        400,
        'invalidSyntax',
      );
      expectScimError(
        await scim(api(), 'PATCH', path, patchOp({ op: 'add', path: 'owners', value: 'x' })),
        400,
        'invalidPath',
      );
      expectScimError(await scim(api(), 'PATCH', path, patchOp({ op: 'remove' })), 400, 'noTarget');
      expectScimError(
        await scim(api(), 'PATCH', path, patchOp({ op: 'add', path: 'members', value: 'someone' })),
        400,
        'invalidValue',
      );
      expectScimError(
        await scim(api(), 'PATCH', path, patchOp({ op: 'add', path: 'members', value: [{ display: 'no value' }] })),
        400,
        'invalidValue',
      );
      expectScimError(
        await scim(api(), 'PATCH', path, patchOp({ op: 'replace', path: 'displayName', value: 5 })),
        400,
        'invalidValue',
      );
      expect(expectScimGroup(await scim(api(), 'GET', path))).toEqual(group);
    });

    it('rejects unsupported filters with 400 invalidFilter and unknown groups with 404', async () => {
      const org = await ownOrganization(api());
      for (const filter of [
        'displayName co "a"',
        'members[value eq "x"]',
        'displayName eq "a" or displayName eq "b"',
        'userName eq "x"',
        'displayName eq',
        '((',
      ]) {
        expectScimError(
          await scim(api(), 'GET', `${scimBasePath(org)}/Groups?filter=${encodeURIComponent(filter)}`),
          400,
          'invalidFilter',
        );
      }
      for (const method of ['GET', 'DELETE'])
        expectScimError(await scim(api(), method, `${scimBasePath(org)}/Groups/no-such-group`), 404);
      expectScimError(
        await scim(
          api(),
          'PATCH',
          `${scimBasePath(org)}/Groups/no-such-group`,
          patchOp({ op: 'remove', path: 'members' }),
        ),
        404,
      );
      expectScimError(
        await scim(api(), 'PUT', `${scimBasePath(org)}/Groups/no-such-group`, {
          schemas: [GROUP_SCHEMA],
          displayName: newName(),
        }),
        404,
      );
    });

    it('deletes the team and its team memberships; the people stay in the organization', async () => {
      const org = await ownOrganization(api());
      const a = await scimUser(api(), org);
      const group = expectScimGroup(
        await scim(api(), 'POST', `${scimBasePath(org)}/Groups`, {
          schemas: [GROUP_SCHEMA],
          displayName: newName(),
          members: [{ value: a.id }],
        }),
        201,
      );
      expect((await scim(api(), 'DELETE', `${scimBasePath(org)}/Groups/${group.id}`)).status).toBe(204);
      expectScimError(await scim(api(), 'GET', `${scimBasePath(org)}/Groups/${group.id}`), 404);
      expect((await api().get(`/organizations/${org}/teams/${group.id}`)).status).toBe(404);
      const left = (await api().get(`/organizations/${org}/team_memberships`, { query: { limit: 100 } })).body.items;
      expect(left.some((m: any) => m.sys.team.sys.id === group.id)).toBe(false);
      expectScimUser(await scim(api(), 'GET', `${scimBasePath(org)}/Users/${a.id}`));
    });

    it('is for organization owners and admins only', async () => {
      const org = await ownOrganization(api());
      const admin = await joinAs(api(), org, 'admin');
      const developer = await joinAs(api(), org, 'developer');
      const body = { schemas: [GROUP_SCHEMA], displayName: newName() };
      const group = expectScimGroup(
        await scim(api(), 'POST', `${scimBasePath(org)}/Groups`, body, { token: admin.token }),
        201,
      );
      expectScimError(
        await scim(api(), 'GET', `${scimBasePath(org)}/Groups`, undefined, { token: developer.token }),
        403,
      );
      expectScimError(
        await scim(
          api(),
          'POST',
          `${scimBasePath(org)}/Groups`,
          { ...body, displayName: newName() },
          { token: developer.token },
        ),
        403,
      );
      expectScimError(
        await scim(api(), 'DELETE', `${scimBasePath(org)}/Groups/${group.id}`, undefined, { token: developer.token }),
        403,
      );
      expect((await api().get(`/organizations/${org}/teams/${group.id}`)).status).toBe(200);
    });
  });
}
