import SCIMMY from 'scimmy';
import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { joinAs, ownOrganization } from './support/member-fixtures.ts';
import { expectScimError, GROUP_SCHEMA, SCIM_JSON, scim, scimBasePath, USER_SCHEMA } from './support/scim-fixtures.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: SCIM discovery`, () => {
    const api = useServer(kind);

    it('describes the service provider: patch and filter, no bulk, sort, etag or password change, bearer tokens', async () => {
      const org = await ownOrganization(api());
      const res = await scim(api(), 'GET', `${scimBasePath(org)}/ServiceProviderConfig`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/scim\+json/);
      expect(res.body).toMatchObject({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
        patch: { supported: true },
        bulk: { supported: false },
        filter: { supported: true, maxResults: 100 },
        changePassword: { supported: false },
        sort: { supported: false },
        etag: { supported: false },
        authenticationSchemes: [{ type: 'oauthbearertoken' }],
        meta: {
          resourceType: 'ServiceProviderConfig',
          location: `${api().baseUrl}${scimBasePath(org)}/ServiceProviderConfig`,
        },
      });
    });

    it('lists the User and Group resource types and reads them by id; an unknown id is a SCIM 404', async () => {
      const org = await ownOrganization(api());
      const list = await scim(api(), 'GET', `${scimBasePath(org)}/ResourceTypes`);
      expect(list.status).toBe(200);
      expect(new SCIMMY.Messages.ListResponse(list.body).totalResults).toBe(2);
      expect(list.body.Resources[0]).toMatchObject({ id: 'User', endpoint: '/Users', schema: USER_SCHEMA });
      expect(list.body.Resources[1]).toMatchObject({ id: 'Group', endpoint: '/Groups', schema: GROUP_SCHEMA });
      const one = await scim(api(), 'GET', `${scimBasePath(org)}/ResourceTypes/User`);
      expect(one.body).toEqual(list.body.Resources[0]);
      expect((await scim(api(), 'GET', `${scimBasePath(org)}/ResourceTypes/Group`)).body).toEqual(
        list.body.Resources[1],
      );
      expectScimError(await scim(api(), 'GET', `${scimBasePath(org)}/ResourceTypes/Bulk`), 404);
    });

    it('publishes the Group schema: displayName unique, members of users', async () => {
      const org = await ownOrganization(api());
      const list = await scim(api(), 'GET', `${scimBasePath(org)}/Schemas`);
      const schema = list.body.Resources.find((s: any) => s.id === GROUP_SCHEMA);
      const attributes = Object.fromEntries(schema.attributes.map((a: any) => [a.name, a]));
      expect(Object.keys(attributes).sort()).toEqual(['displayName', 'members']);
      expect(attributes.displayName).toMatchObject({ required: true, uniqueness: 'server' });
      expect(attributes.members.subAttributes.map((s: any) => s.name).sort()).toEqual(['display', 'type', 'value']);
      const one = await scim(api(), 'GET', `${scimBasePath(org)}/Schemas/${encodeURIComponent(GROUP_SCHEMA)}`);
      expect(one.body).toEqual(schema);
    });

    it('publishes the User schema with only the supported attributes and their mutability', async () => {
      const org = await ownOrganization(api());
      const list = await scim(api(), 'GET', `${scimBasePath(org)}/Schemas`);
      expect(list.status).toBe(200);
      const schema = list.body.Resources[0];
      expect(schema.id).toBe(USER_SCHEMA);
      const attributes = Object.fromEntries(schema.attributes.map((a: any) => [a.name, a]));
      expect(Object.keys(attributes).sort()).toEqual(['active', 'emails', 'name', 'userName']);
      expect(attributes.userName.mutability).toBe('immutable');
      expect(attributes.name.subAttributes.map((s: any) => s.name).sort()).toEqual(['familyName', 'givenName']);
      expect(attributes.name.subAttributes.every((s: any) => s.mutability === 'immutable')).toBe(true);
      expect(attributes.active.mutability).toBe('readOnly');
      expect(attributes.emails.mutability).toBe('readOnly');
      const one = await scim(api(), 'GET', `${scimBasePath(org)}/Schemas/${encodeURIComponent(USER_SCHEMA)}`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual(schema);
      expectScimError(await scim(api(), 'GET', `${scimBasePath(org)}/Schemas/urn:nothing`), 404);
    });

    it('is for organization owners and admins only: members get a SCIM 403, strangers and bad tokens 404 and 401', async () => {
      const org = await ownOrganization(api());
      const admin = await joinAs(api(), org, 'admin');
      const developer = await joinAs(api(), org, 'developer');
      expect(
        (await scim(api(), 'GET', `${scimBasePath(org)}/ServiceProviderConfig`, undefined, { token: admin.token }))
          .status,
      ).toBe(200);
      expectScimError(
        await scim(api(), 'GET', `${scimBasePath(org)}/ServiceProviderConfig`, undefined, { token: developer.token }),
        403,
      );
      expectScimError(await scim(api(), 'GET', `${scimBasePath('no-such-org')}/Schemas`), 404);
      expectScimError(
        await scim(api(), 'GET', `${scimBasePath(org)}/ResourceTypes`, undefined, { token: 'wrong-token' }),
        401,
      );
      const unknownRoute = await scim(api(), 'GET', `${scimBasePath(org)}/Bulk`);
      expectScimError(unknownRoute, 404);
      expect(unknownRoute.headers.get('content-type')).toMatch(SCIM_JSON);
    });
  });
}
