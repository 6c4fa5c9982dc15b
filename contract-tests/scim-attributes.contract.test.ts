import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type ApiResponse, type TestServer } from './support/harness.ts';
import { newEmail, ownOrganization } from './support/member-fixtures.ts';
import {
  expectScimError,
  expectScimGroup,
  expectScimUser,
  GROUP_SCHEMA,
  PATCH_SCHEMA,
  SCIM_JSON,
  scim,
  scimBasePath,
  USER_SCHEMA,
} from './support/scim-fixtures.ts';

let counter = 0;
const newName = () => `Attributes ${process.pid}-${++counter}`;
const query = (parameters: Record<string, string>) => `?${new URLSearchParams(parameters)}`;

/** A partial resource (RFC 7644 §3.9): answered as SCIM JSON with exactly the attributes expected. */
function expectPartial(res: ApiResponse, expected: Record<string, unknown>, status = 200) {
  expect(res.status, res.text).toBe(status);
  expect((res.headers.get('content-type') ?? '').split(';')[0]).toBe(SCIM_JSON);
  expect(res.body).toEqual(expected);
  return res.body;
}

async function createUser(
  api: TestServer,
  org: string,
  name: object | null = { givenName: 'Kasia', familyName: 'Kowalska' },
) {
  const body = { schemas: [USER_SCHEMA], userName: newEmail('attrs'), ...(name ? { name } : {}) };
  return expectScimUser(await scim(api, 'POST', `${scimBasePath(org)}/Users`, body), 201);
}

const memberships = async (api: TestServer, org: string) =>
  (await api.get(`/organizations/${org}/organization_memberships`, { query: { limit: 100 } })).body;
const teamCount = async (api: TestServer, org: string) =>
  (await api.get(`/organizations/${org}/teams`, { query: { limit: 100 } })).body.total;

for (const kind of DB_KINDS) {
  describe(`${kind}: SCIM attributes and excludedAttributes (RFC 7644 §3.9)`, () => {
    const api = useServer(kind);

    it('/Users/{id}: attributes, sub-attributes, URN-qualified and case-insensitive names; id and schemas always', async () => {
      const org = await ownOrganization(api());
      const user = await createUser(api(), org);
      const path = `${scimBasePath(org)}/Users/${user.id}`;
      const min = { schemas: [USER_SCHEMA], id: user.id };
      const get = async (parameters: Record<string, string>) => scim(api(), 'GET', `${path}${query(parameters)}`);

      expectPartial(await get({ attributes: 'userName' }), { ...min, userName: user.userName });
      expectPartial(await get({ attributes: 'name.givenName' }), { ...min, name: { givenName: 'Kasia' } });
      expectPartial(await get({ attributes: 'emails.value,active' }), {
        ...min,
        emails: [{ value: user.userName }],
        active: true,
      });
      expectPartial(await get({ attributes: 'USERNAME,Name.FamilyName' }), {
        ...min,
        userName: user.userName,
        name: { familyName: 'Kowalska' },
      });
      expectPartial(await get({ attributes: `${USER_SCHEMA}:userName,${USER_SCHEMA.toLowerCase()}:name.familyName` }), {
        ...min,
        userName: user.userName,
        name: { familyName: 'Kowalska' },
      });
      expectPartial(await get({ attributes: 'meta.created,meta.location' }), {
        ...min,
        meta: { created: user.meta.created, location: user.meta.location },
      });
      // The minimum set: `id` alone, a "returned: never" attribute, names of no User attribute or of another schema.
      for (const attributes of [
        'id',
        'password',
        'nickName',
        'groups',
        `${GROUP_SCHEMA}:displayName`,
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber',
      ]) {
        expectPartial(await get({ attributes }), min);
      }

      const { emails: _emails, meta: _meta, ...withoutEmailsAndMeta } = user;
      expectPartial(await get({ excludedAttributes: 'emails,META,id,schemas' }), withoutEmailsAndMeta);
      expectPartial(await get({ excludedAttributes: 'name.givenName,emails.value' }), {
        ...user,
        name: { familyName: 'Kowalska' },
        emails: [{ type: 'work', primary: true }],
      });
      expectPartial(
        await get({ excludedAttributes: `${USER_SCHEMA}:userName,password` }),
        (({ userName: _u, ...rest }) => rest)(user),
      );
      expect(expectScimUser(await scim(api(), 'GET', path))).toEqual(user);
    });

    it('/Users list, create, PUT and PATCH answer the asked attributes of each user', async () => {
      const org = await ownOrganization(api());
      const user = await createUser(api(), org);
      const base = scimBasePath(org);
      const filter = `userName eq "${user.userName}"`;
      const list = await scim(api(), 'GET', `${base}/Users${query({ filter, attributes: 'userName' })}`);
      expect(list.status, list.text).toBe(200);
      expect(list.body).toEqual({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
        totalResults: 1,
        startIndex: 1,
        itemsPerPage: 1,
        Resources: [{ schemas: [USER_SCHEMA], id: user.id, userName: user.userName }],
      });
      const everyone = await scim(
        api(),
        'GET',
        `${base}/Users${query({ excludedAttributes: 'emails,name,meta', count: '100' })}`,
      );
      expect(everyone.body.Resources.length).toBe(everyone.body.totalResults);
      for (const resource of everyone.body.Resources)
        expect(Object.keys(resource).sort()).toEqual(['active', 'id', 'schemas', 'userName']);

      const email = newEmail('attrs-created');
      const created = await scim(api(), 'POST', `${base}/Users${query({ attributes: 'userName' })}`, {
        schemas: [USER_SCHEMA],
        userName: email,
        name: { givenName: 'Nowa', familyName: 'Osoba' },
      });
      const body = expectPartial(created, { schemas: [USER_SCHEMA], id: expect.any(String), userName: email }, 201);
      expect(created.headers.get('location')).toBe(`${api().baseUrl}${base}/Users/${body.id}`);

      const put = await scim(api(), 'PUT', `${base}/Users/${user.id}${query({ attributes: 'name' })}`, {
        schemas: [USER_SCHEMA],
        userName: user.userName,
        name: { givenName: 'Other', familyName: 'Name' },
      });
      expectPartial(put, { schemas: [USER_SCHEMA], id: user.id, name: user.name });
      const patch = await scim(
        api(),
        'PATCH',
        `${base}/Users/${user.id}${query({ excludedAttributes: 'emails,meta,name' })}`,
        { schemas: [PATCH_SCHEMA], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] },
      );
      expectPartial(patch, { schemas: [USER_SCHEMA], id: user.id, userName: user.userName, active: true });
    });

    it('a person without names has no name attribute, asked for or not', async () => {
      const org = await ownOrganization(api());
      const user = await createUser(api(), org, null);
      expect(user.name).toBeUndefined();
      const path = `${scimBasePath(org)}/Users/${user.id}`;
      expectPartial(await scim(api(), 'GET', `${path}${query({ attributes: 'name.givenName' })}`), {
        schemas: [USER_SCHEMA],
        id: user.id,
      });
    });

    it('/Groups: get, list, create, PUT and PATCH answer the asked attributes; members are left out when not asked', async () => {
      const org = await ownOrganization(api());
      const a = await createUser(api(), org);
      const base = scimBasePath(org);
      const displayName = newName();
      const created = await scim(api(), 'POST', `${base}/Groups${query({ excludedAttributes: 'members' })}`, {
        schemas: [GROUP_SCHEMA],
        displayName,
        members: [{ value: a.id }],
      });
      const slim = expectPartial(
        created,
        {
          schemas: [GROUP_SCHEMA],
          id: expect.any(String),
          displayName,
          meta: expect.objectContaining({ resourceType: 'Group' }),
        },
        201,
      );
      const path = `${base}/Groups/${slim.id}`;
      const group = expectScimGroup(await scim(api(), 'GET', path));
      expect(group.members).toEqual([{ value: a.id, display: 'Kasia Kowalska', type: 'User' }]);
      const min = { schemas: [GROUP_SCHEMA], id: group.id };
      const get = async (parameters: Record<string, string>) => scim(api(), 'GET', `${path}${query(parameters)}`);

      expectPartial(await get({ attributes: 'displayName' }), { ...min, displayName });
      expectPartial(await get({ attributes: 'Members.Value' }), { ...min, members: [{ value: a.id }] });
      expectPartial(await get({ attributes: `${GROUP_SCHEMA}:displayName,${USER_SCHEMA}:userName` }), {
        ...min,
        displayName,
      });
      expectPartial(await get({ excludedAttributes: 'members.display,meta' }), {
        ...min,
        displayName,
        members: [{ value: a.id, type: 'User' }],
      });
      expectPartial(await get({ excludedAttributes: 'MEMBERS' }), (({ members: _m, ...rest }) => rest)(group));

      const listed = await scim(
        api(),
        'GET',
        `${base}/Groups${query({ filter: `displayName eq "${displayName}"`, attributes: 'members' })}`,
      );
      expect(listed.body.Resources).toEqual([{ ...min, members: group.members }]);

      const renamed = `${displayName} renamed`;
      const put = await scim(api(), 'PUT', `${path}${query({ attributes: 'displayName' })}`, {
        schemas: [GROUP_SCHEMA],
        displayName: renamed,
        members: [{ value: a.id }],
      });
      expectPartial(put, { ...min, displayName: renamed });
      const patch = await scim(api(), 'PATCH', `${path}${query({ attributes: 'members' })}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'remove', path: `members[value eq "${a.id}"]` }],
      });
      // An empty multi-valued attribute is unassigned (RFC 7643 §2.5): asked for alone, it is left out.
      expectPartial(patch, min);
      expect(expectScimGroup(await scim(api(), 'GET', path))).toMatchObject({ displayName: renamed, members: [] });
    });

    it('both parameters are 400 invalidSyntax, a list that is not attribute names 400 invalidFilter; nothing changes', async () => {
      const org = await ownOrganization(api());
      const user = await createUser(api(), org);
      const base = scimBasePath(org);
      const both = { attributes: 'userName', excludedAttributes: 'emails' };
      expectScimError(await scim(api(), 'GET', `${base}/Users/${user.id}${query(both)}`), 400, 'invalidSyntax');
      expectScimError(await scim(api(), 'GET', `${base}/Users${query(both)}`), 400, 'invalidSyntax');
      expectScimError(
        await scim(
          api(),
          'GET',
          `${base}/Groups${query({ attributes: 'displayName', excludedAttributes: 'members' })}`,
        ),
        400,
        'invalidSyntax',
      );
      for (const attributes of [
        '',
        'userName,',
        ' , ',
        'emails[type eq "work"]',
        'userName eq "x"',
        'name.givenName.x',
        '1userName',
        'urn:x:',
      ]) {
        expectScimError(
          await scim(api(), 'GET', `${base}/Users/${user.id}${query({ attributes })}`),
          400,
          'invalidFilter',
        );
        expectScimError(
          await scim(api(), 'GET', `${base}/Groups${query({ excludedAttributes: attributes })}`),
          400,
          'invalidFilter',
        );
      }

      const email = newEmail('refused');
      const before = (await memberships(api(), org)).total;
      const userBody = { schemas: [USER_SCHEMA], userName: email };
      expectScimError(await scim(api(), 'POST', `${base}/Users${query(both)}`, userBody), 400, 'invalidSyntax');
      expectScimError(
        await scim(api(), 'POST', `${base}/Users${query({ attributes: 'userName,' })}`, userBody),
        400,
        'invalidFilter',
      );
      expect((await memberships(api(), org)).total).toBe(before);

      const teams = await teamCount(api(), org);
      const groupBody = { schemas: [GROUP_SCHEMA], displayName: newName(), members: [{ value: user.id }] };
      expectScimError(
        await scim(
          api(),
          'POST',
          `${base}/Groups${query({ attributes: 'displayName', excludedAttributes: 'members' })}`,
          groupBody,
        ),
        400,
        'invalidSyntax',
      );
      expect(await teamCount(api(), org)).toBe(teams);
      const group = expectScimGroup(await scim(api(), 'POST', `${base}/Groups`, { ...groupBody, members: [] }), 201);
      const patch = {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'add', path: 'members', value: [{ value: user.id }] }],
      };
      expectScimError(
        await scim(api(), 'PATCH', `${base}/Groups/${group.id}${query({ attributes: 'members[value pr]' })}`, patch),
        400,
        'invalidFilter',
      );
      expectScimError(
        await scim(api(), 'PUT', `${base}/Groups/${group.id}${query(both)}`, { ...groupBody, displayName: newName() }),
        400,
        'invalidSyntax',
      );
      expect(expectScimGroup(await scim(api(), 'GET', `${base}/Groups/${group.id}`))).toEqual(group);
    });
  });
}
