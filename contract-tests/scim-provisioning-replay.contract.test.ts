import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { newEmail, ownOrganization } from './support/member-fixtures.ts';
import {
  expectScimError,
  expectScimGroup,
  expectScimGroupList,
  expectScimUser,
  expectScimUserList,
  GROUP_SCHEMA,
  PATCH_SCHEMA,
  scim,
  scimBasePath,
  USER_SCHEMA,
} from './support/scim-fixtures.ts';

/** The provisioning requests of Okta and Microsoft Entra ID as the reference (§7.4) records them, users and groups. */
for (const kind of DB_KINDS) {
  describe(`${kind}: SCIM provisioning replays`, () => {
    const api = useServer(kind);

    it('Okta: connectivity test, lookup, create, get, deactivating PUT, then deprovision', async () => {
      const base = scimBasePath(await ownOrganization(api()));
      const email = newEmail('okta');
      expectScimUserList(await scim(api(), 'GET', `${base}/Users?startIndex=1&count=2`));
      const lookup = expectScimUserList(
        await scim(
          api(),
          'GET',
          `${base}/Users?filter=userName%20eq%20%22${encodeURIComponent(email)}%22&startIndex=1&count=100`,
        ),
      );
      expect(lookup.totalResults).toBe(0);
      const body = {
        schemas: [USER_SCHEMA],
        userName: email,
        name: { givenName: 'Olga', familyName: 'Okta' },
        emails: [{ primary: true, value: email, type: 'work' }],
        displayName: 'Olga Okta',
        locale: 'en-US',
        externalId: '00u1',
        groups: [],
        password: 'ignored',
        active: true,
      };
      const user = expectScimUser(await scim(api(), 'POST', `${base}/Users`, body), 201);
      expect(user).toMatchObject({ userName: email, active: true, name: { givenName: 'Olga', familyName: 'Okta' } });
      expect(expectScimUser(await scim(api(), 'GET', `${base}/Users/${user.id}`))).toEqual(user);
      expect(
        expectScimUserList(
          await scim(
            api(),
            'GET',
            `${base}/Users?filter=userName%20eq%20%22${encodeURIComponent(email)}%22&startIndex=1&count=100`,
          ),
        ).Resources,
      ).toEqual([user]);
      expectScimError(await scim(api(), 'POST', `${base}/Users`, body), 409, 'uniqueness');
      expect(
        expectScimUser(await scim(api(), 'PUT', `${base}/Users/${user.id}`, { ...body, id: user.id, active: false })),
      ).toEqual(user);
      expect((await scim(api(), 'DELETE', `${base}/Users/${user.id}`)).status).toBe(204);
      expect(
        expectScimUserList(
          await scim(api(), 'GET', `${base}/Users?filter=userName%20eq%20%22${encodeURIComponent(email)}%22`),
        ).totalResults,
      ).toBe(0);
    });

    it('Entra: lookup, create, PATCH with capitalised ops and "False", then delete', async () => {
      const base = scimBasePath(await ownOrganization(api()));
      const email = newEmail('entra');
      // Entra sends the filter unencoded but for its spaces.
      const lookup = expectScimUserList(await scim(api(), 'GET', `${base}/Users?filter=userName+eq+"${email}"`));
      expect(lookup.totalResults).toBe(0);
      const body = {
        schemas: [USER_SCHEMA, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
        externalId: 'e1',
        userName: email,
        active: true,
        displayName: 'Ewa Entra',
        emails: [{ primary: true, type: 'work', value: email }],
        name: { formatted: 'Ewa Entra', familyName: 'Entra', givenName: 'Ewa' },
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'R&D' },
      };
      const user = expectScimUser(await scim(api(), 'POST', `${base}/Users`, body), 201);
      const patched = await scim(api(), 'PATCH', `${base}/Users/${user.id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [
          { op: 'Replace', path: 'active', value: 'False' },
          { op: 'Add', path: 'displayName', value: 'Ewa E.' },
          { op: 'Replace', path: 'name.givenName', value: 'Eva' },
        ],
      });
      expect(expectScimUser(patched)).toEqual(user);
      expect((await scim(api(), 'DELETE', `${base}/Users/${user.id}`)).status).toBe(204);
      expectScimError(await scim(api(), 'GET', `${base}/Users/${user.id}`), 404);
    });
    it('Okta: group push: create an empty group, add a member, remove it by a members[value eq] path, delete', async () => {
      const org = await ownOrganization(api());
      const base = scimBasePath(org);
      const email = newEmail('okta-group');
      const user = expectScimUser(
        await scim(api(), 'POST', `${base}/Users`, {
          schemas: [USER_SCHEMA],
          userName: email,
          name: { givenName: 'Olga', familyName: 'Okta' },
          emails: [{ primary: true, value: email, type: 'work' }],
          active: true,
        }),
        201,
      );
      const displayName = `Okta group ${email}`;
      const group = expectScimGroup(
        await scim(api(), 'POST', `${base}/Groups`, { schemas: [GROUP_SCHEMA], displayName, members: [] }),
        201,
      );
      expect(group).toMatchObject({ displayName, members: [] });
      const added = expectScimGroup(
        await scim(api(), 'PATCH', `${base}/Groups/${group.id}`, {
          schemas: [PATCH_SCHEMA],
          Operations: [{ op: 'add', path: 'members', value: [{ value: user.id, display: email }] }],
        }),
      );
      expect(added.members).toEqual([{ value: user.id, display: 'Olga Okta', type: 'User' }]);
      const team = await api().get(`/organizations/${org}/teams/${group.id}`);
      expect(team.body).toMatchObject({ name: displayName, sys: { memberCount: 1 } });
      const removed = expectScimGroup(
        await scim(api(), 'PATCH', `${base}/Groups/${group.id}`, {
          schemas: [PATCH_SCHEMA],
          Operations: [{ op: 'remove', path: `members[value eq "${user.id}"]` }],
        }),
      );
      expect(removed.members).toEqual([]);
      expectScimError(
        await scim(api(), 'POST', `${base}/Groups`, { schemas: [GROUP_SCHEMA], displayName, members: [] }),
        409,
        'uniqueness',
      );
      expect((await scim(api(), 'DELETE', `${base}/Groups/${group.id}`)).status).toBe(204);
      expect((await api().get(`/organizations/${org}/teams/${group.id}`)).status).toBe(404);
      expectScimUser(await scim(api(), 'GET', `${base}/Users/${user.id}`));
    });

    it('Entra: group lookup by displayName without members, create, capitalised Add and Replace, delete', async () => {
      const org = await ownOrganization(api());
      const base = scimBasePath(org);
      const email = newEmail('entra-group');
      const user = expectScimUser(
        await scim(api(), 'POST', `${base}/Users`, {
          schemas: [USER_SCHEMA],
          userName: email,
          active: true,
          name: { givenName: 'Ewa', familyName: 'Entra' },
        }),
        201,
      );
      const displayName = `Team ${email}`;
      // Entra sends the filter unencoded but for its spaces.
      const lookup = `${base}/Groups?filter=displayName+eq+"${displayName}"&excludedAttributes=members`;
      expect(expectScimGroupList(await scim(api(), 'GET', lookup)).totalResults).toBe(0);
      const group = expectScimGroup(
        await scim(api(), 'POST', `${base}/Groups`, { schemas: [GROUP_SCHEMA], externalId: 'g1', displayName }),
        201,
      );
      const found = expectScimGroupList(await scim(api(), 'GET', lookup));
      expect(found).toMatchObject({ totalResults: 1, Resources: [{ id: group.id, displayName }] });
      expect(found.Resources[0].members).toBeUndefined();
      const patched = expectScimGroup(
        await scim(api(), 'PATCH', `${base}/Groups/${group.id}`, {
          schemas: [PATCH_SCHEMA],
          Operations: [
            { op: 'Add', path: 'members', value: [{ value: user.id }] },
            { op: 'Replace', path: 'displayName', value: `${displayName} (renamed)` },
          ],
        }),
      );
      expect(patched).toMatchObject({ displayName: `${displayName} (renamed)`, members: [{ value: user.id }] });
      const emptied = expectScimGroup(
        await scim(api(), 'PATCH', `${base}/Groups/${group.id}`, {
          schemas: [PATCH_SCHEMA],
          Operations: [{ op: 'Remove', path: 'members', value: [{ value: user.id }] }],
        }),
      );
      expect(emptied.members).toEqual([]);
      expect((await scim(api(), 'DELETE', `${base}/Groups/${group.id}`)).status).toBe(204);
      expectScimError(await scim(api(), 'GET', `${base}/Groups/${group.id}`), 404);
    });
  });
}
