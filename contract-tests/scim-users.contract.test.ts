import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type TestServer } from './support/harness.ts';
import { accept, joinAs, newEmail, ownOrganization } from './support/member-fixtures.ts';
import {
  expectScimError,
  expectScimUser,
  expectScimUserList,
  GROUP_SCHEMA,
  PATCH_SCHEMA,
  scim,
  scimBasePath,
  USER_SCHEMA,
} from './support/scim-fixtures.ts';

const newUser = (email: string) => ({
  schemas: [USER_SCHEMA],
  userName: email,
  name: { givenName: 'Kasia', familyName: 'Kowalska' },
});
const memberships = async (api: TestServer, org: string) =>
  (await api.get(`/organizations/${org}/organization_memberships`, { query: { limit: 100 } })).body;

for (const kind of DB_KINDS) {
  describe(`${kind}: SCIM /Users`, () => {
    const api = useServer(kind);

    it('creates a user as a pending member with role member, reads, lists, filters and pages it', async () => {
      const org = await ownOrganization(api());
      const email = newEmail('scim');
      const created = await scim(api(), 'POST', `${scimBasePath(org)}/Users`, newUser(email));
      const user = expectScimUser(created, 201);
      expect(user).toMatchObject({
        userName: email,
        name: { givenName: 'Kasia', familyName: 'Kowalska' },
        active: true,
        emails: [{ value: email, primary: true, type: 'work' }],
      });
      expect(created.headers.get('location')).toBe(user.meta.location);
      expect(user.meta.location).toBe(`${api().baseUrl}${scimBasePath(org)}/Users/${user.id}`);
      const membership = (await memberships(api(), org)).items.find((m: any) => m.sys.user.sys.id === user.id);
      expect(membership).toMatchObject({ role: 'member', sys: { status: 'pending' } });

      expect(expectScimUser(await scim(api(), 'GET', new URL(user.meta.location).pathname))).toEqual(user);
      const filtered = expectScimUserList(
        await scim(api(), 'GET', `${scimBasePath(org)}/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`),
      );
      expect(filtered).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1, Resources: [user] });
      const none = expectScimUserList(
        await scim(
          api(),
          'GET',
          `${scimBasePath(org)}/Users?filter=${encodeURIComponent('userName eq "nobody@example.test"')}&startIndex=1&count=100`,
        ),
      );
      expect(none).toMatchObject({ totalResults: 0, itemsPerPage: 0 });
      const all = expectScimUserList(await scim(api(), 'GET', `${scimBasePath(org)}/Users?startIndex=1&count=100`));
      expect(all.totalResults).toBeGreaterThanOrEqual(2);
      const second = expectScimUserList(await scim(api(), 'GET', `${scimBasePath(org)}/Users?startIndex=2&count=1`));
      expect(second).toMatchObject({
        totalResults: all.totalResults,
        startIndex: 2,
        itemsPerPage: 1,
        Resources: [all.Resources[1]],
      });
      const countOnly = expectScimUserList(await scim(api(), 'GET', `${scimBasePath(org)}/Users?count=0`));
      expect(countOnly).toMatchObject({ totalResults: all.totalResults, itemsPerPage: 0 });
    });

    it('accepts application/json bodies too; another media type is 400 invalidSyntax and creates nothing', async () => {
      const org = await ownOrganization(api());
      const email = newEmail('json');
      expectScimUser(
        await scim(api(), 'POST', `${scimBasePath(org)}/Users`, newUser(email), { contentType: 'application/json' }),
        201,
      );
      const other = newEmail('text');
      expectScimError(
        await scim(api(), 'POST', `${scimBasePath(org)}/Users`, newUser(other), { contentType: 'text/plain' }),
        400,
        'invalidSyntax',
      );
      expect((await memberships(api(), org)).items.some((m: any) => m.sys.user.email === other)).toBe(false);
    });

    it('a duplicate userName is 409 uniqueness; a missing one 400 invalidValue; nothing changes', async () => {
      const org = await ownOrganization(api());
      const email = newEmail('dup');
      expectScimUser(await scim(api(), 'POST', `${scimBasePath(org)}/Users`, newUser(email)), 201);
      const before = await memberships(api(), org);
      expectScimError(
        await scim(api(), 'POST', `${scimBasePath(org)}/Users`, newUser(email.toUpperCase())),
        409,
        'uniqueness',
      );
      expectScimError(
        await scim(api(), 'POST', `${scimBasePath(org)}/Users`, { schemas: [USER_SCHEMA], name: {} }),
        400,
        'invalidValue',
      );
      expect((await memberships(api(), org)).total).toBe(before.total);
    });

    it('rejects unsupported filters with 400 invalidFilter', async () => {
      const org = await ownOrganization(api());
      for (const filter of [
        'userName co "a"',
        'emails[value eq "a@b.c"]',
        'userName eq "a" and active eq true',
        'displayName eq "x"',
        'userName eq',
        '((',
      ]) {
        expectScimError(
          await scim(api(), 'GET', `${scimBasePath(org)}/Users?filter=${encodeURIComponent(filter)}`),
          400,
          'invalidFilter',
        );
      }
    });

    it('PUT and PATCH answer the user unchanged; malformed PatchOps and unknown paths are 400', async () => {
      const org = await ownOrganization(api());
      const email = newEmail('patch');
      const user = expectScimUser(await scim(api(), 'POST', `${scimBasePath(org)}/Users`, newUser(email)), 201);
      const path = `${scimBasePath(org)}/Users/${user.id}`;
      expect(
        expectScimUser(
          await scim(api(), 'PUT', path, {
            ...newUser(email),
            name: { givenName: 'Other', familyName: 'Name' },
            active: false,
          }),
        ),
      ).toEqual(user);
      expect(expectScimUser(await scim(api(), 'PATCH', path, { schemas: [PATCH_SCHEMA], Operations: [] }))).toEqual(
        user,
      );
      expect(
        expectScimUser(
          await scim(api(), 'PATCH', path, {
            schemas: [PATCH_SCHEMA],
            Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
          }),
        ),
      ).toEqual(user);
      expectScimError(
        await scim(api(), 'PATCH', path, { schemas: ['urn:wrong'], Operations: [] }),
        400,
        'invalidSyntax',
      );
      expectScimError(
        await scim(api(), 'PATCH', path, { schemas: [PATCH_SCHEMA], Operations: [{ op: 'rename', path: 'userName' }] }),
        400,
        'invalidSyntax',
      );
      expectScimError(await scim(api(), 'PATCH', path, { schemas: [PATCH_SCHEMA] }), 400, 'invalidSyntax');
      expectScimError(
        await scim(api(), 'PATCH', path, {
          schemas: [PATCH_SCHEMA],
          Operations: [{ op: 'replace', path: 'nickname2', value: 'x' }],
        }),
        400,
        'invalidPath',
      );
      expect(expectScimUser(await scim(api(), 'GET', path))).toEqual(user);
    });

    it('DELETE removes the person from the organization and its spaces; the account stays', async () => {
      const org = await ownOrganization(api());
      const person = await joinAs(api(), org, 'member');
      const space = await api().post('/spaces', { name: 'SCIM space' });
      const sm = await api().post(`/spaces/${space.body.sys.id}/space_memberships`, {
        email: person.email,
        admin: true,
        roles: [],
      });
      expect(sm.status, sm.text).toBe(201);
      const path = `${scimBasePath(org)}/Users/${person.userId}`;
      const deleted = await scim(api(), 'DELETE', path);
      expect(deleted.status).toBe(204);
      expectScimError(await scim(api(), 'GET', path), 404);
      expectScimError(await scim(api(), 'DELETE', path), 404);
      expect((await memberships(api(), org)).items.some((m: any) => m.sys.user.sys.id === person.userId)).toBe(false);
      expect((await api().get(`/spaces/${space.body.sys.id}/space_memberships/${sm.body.sys.id}`)).status).toBe(404);
      const me = await api().get('/users/me', { token: person.token });
      expect(me.status).toBe(200);
      expect(me.body.sys.id).toBe(person.userId);
    });

    it('the README hand-over: delete the pending membership, invite again, the person joins as the same SCIM user', async () => {
      const org = await ownOrganization(api());
      const email = newEmail('handover');
      const user = expectScimUser(await scim(api(), 'POST', `${scimBasePath(org)}/Users`, newUser(email)), 201);
      const group = (
        await scim(api(), 'POST', `${scimBasePath(org)}/Groups`, {
          schemas: [GROUP_SCHEMA],
          displayName: `Handover ${email}`,
          members: [{ value: user.id }],
        })
      ).body;
      const pending = (await memberships(api(), org)).items.find((m: any) => m.sys.user.sys.id === user.id);
      expect((await api().delete(`/organizations/${org}/organization_memberships/${pending.sys.id}`)).status).toBe(204);
      // As the README says: the deletion ends the pending member's group memberships too.
      expect((await scim(api(), 'GET', `${scimBasePath(org)}/Groups/${group.id}`)).body.members).toEqual([]);
      const invitation = await api().post(`/organizations/${org}/invitations`, { email });
      expect(invitation.status).toBe(201);
      const joined = await accept(api(), invitation.body.sys.invitationUrl);
      expect(joined.status).toBe(201);
      expect((await api().get('/users/me', { token: joined.body.token })).body.sys.id).toBe(user.id);
      expect(expectScimUser(await scim(api(), 'GET', `${scimBasePath(org)}/Users/${user.id}`))).toMatchObject({
        id: user.id,
        userName: email,
        active: true,
      });
    });

    it('only owners and admins: a member gets 403, a stranger 404, a bad token 401, all as SCIM errors, nothing created', async () => {
      const org = await ownOrganization(api());
      const admin = await joinAs(api(), org, 'admin');
      const member = await joinAs(api(), org, 'member');
      expectScimUser(
        await scim(api(), 'POST', `${scimBasePath(org)}/Users`, newUser(newEmail('by-admin')), { token: admin.token }),
        201,
      );
      const email = newEmail('refused');
      expectScimError(
        await scim(api(), 'POST', `${scimBasePath(org)}/Users`, newUser(email), { token: member.token }),
        403,
      );
      expectScimError(await scim(api(), 'GET', `${scimBasePath(org)}/Users`, undefined, { token: member.token }), 403);
      expectScimError(await scim(api(), 'GET', `${scimBasePath('elsewhere')}/Users`), 404);
      expectScimError(await scim(api(), 'GET', `${scimBasePath(org)}/Users`, undefined, { token: 'nope' }), 401);
      expect((await memberships(api(), org)).items.some((m: any) => m.sys.user.email === email)).toBe(false);
    });
  });
}
