import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import type { TestServer } from './support/harness.ts';
import { invite, joinAs, newEmail, ownOrganization } from './support/member-fixtures.ts';
import { useServer } from './support/harness.ts';

const roleLink = (id: string) => ({ sys: { type: 'Link', linkType: 'Role', id } });
const READER = {
  permissions: { ContentModel: ['read'] },
  policies: [{ effect: 'allow', actions: ['read'], constraint: { equals: [{ doc: 'sys.type' }, 'Entry'] } }],
};

async function newSpace(api: TestServer, name = 'Memberships'): Promise<string> {
  const res = await api.post('/spaces', { name });
  expect(res.status).toBe(201);
  return res.body.sys.id as string;
}

async function newRole(api: TestServer, spaceId: string, name: string): Promise<string> {
  const res = await api.post(`/spaces/${spaceId}/roles`, { name, ...READER });
  expect(res.status, res.text).toBe(201);
  return res.body.sys.id as string;
}

for (const kind of DB_KINDS) {
  describe(`${kind}: space memberships`, () => {
    const api = useServer(kind);
    const path = (space: string, id = '') => `/spaces/${space}/space_memberships${id ? `/${id}` : ''}`;
    const orgPath = (org: string, id = '') => `/organizations/${org}/space_memberships${id ? `/${id}` : ''}`;
    const version = (v: number | string) => ({ headers: { [`${api().vendorPrefix}-Version`]: String(v) } });

    it('creates, reads, lists, updates and deletes; access to the space follows at once', async () => {
      const org = await ownOrganization(api());
      const space = await newSpace(api());
      const role = await newRole(api(), space, 'Reader');
      const person = await joinAs(api(), org, 'member');
      expect((await api().get(`/spaces/${space}`, { token: person.token })).status).toBe(404);

      const created = await api().post(path(space), {
        admin: false,
        roles: [roleLink(role)],
        email: person.email.toUpperCase(),
      });
      expect(created.status, created.text).toBe(201);
      expect(created.headers.get('location')).toContain(path(space, created.body.sys.id));
      expect(created.body).toMatchObject({
        admin: false,
        roles: [roleLink(role)],
        user: { sys: { type: 'Link', linkType: 'User', id: person.userId } },
        sys: {
          type: 'SpaceMembership',
          version: 0,
          space: { sys: { linkType: 'Space', id: space } },
          user: { sys: { id: person.userId } },
          createdBy: { sys: { linkType: 'User' } },
        },
      });
      const id = created.body.sys.id as string;
      expect((await api().get(`/spaces/${space}`, { token: person.token })).status).toBe(200);

      expect((await api().get(path(space, id), { token: person.token })).body).toEqual(created.body);
      const list = await api().get(path(space), { token: person.token, query: { limit: 1, skip: 1 } });
      expect(list.body).toMatchObject({ sys: { type: 'Array' }, total: 2, skip: 1, limit: 1 });
      expect(list.body.items.map((m: any) => m.sys.id)).toEqual([id]);

      const updated = await api().put(path(space, id), { ...created.body, admin: true, roles: [] }, version(0));
      expect(updated.status, updated.text).toBe(200);
      expect(updated.body).toMatchObject({
        admin: true,
        roles: [],
        sys: { version: 1, user: { sys: { id: person.userId } } },
      });
      expect(
        (await api().post(`/spaces/${space}/roles`, { name: 'Made by new admin' }, { token: person.token })).status,
      ).toBe(201);

      expect((await api().delete(path(space, id))).status).toBe(204);
      expect((await api().get(`/spaces/${space}`, { token: person.token })).status).toBe(404);
      expect((await api().get(path(space, id))).status).toBe(404);
      expect((await api().delete(path(space, id))).status).toBe(404);
    });

    it('gives pending (invited, not joined) organization members a membership', async () => {
      const org = await ownOrganization(api());
      const space = await newSpace(api());
      const email = newEmail('pending');
      await invite(api(), org, email, 'developer');
      const created = await api().post(path(space), { admin: true, roles: [], email });
      expect(created.status, created.text).toBe(201);
      expect(created.body.admin).toBe(true);
    });

    it('refuses bad input with the status and id of the reference, naming the path, and changes nothing', async () => {
      const org = await ownOrganization(api());
      const space = await newSpace(api());
      const otherSpace = await newSpace(api(), 'Other');
      const role = await newRole(api(), space, 'Reader');
      const foreignRole = await newRole(api(), otherSpace, 'Foreign');
      const person = await joinAs(api(), org, 'member');
      const total = async () => (await api().get(path(space))).body.total as number;
      const before = await total();
      const refused = async (body: unknown, pathOf: Array<string | number>, name: string) => {
        const res = await api().post(path(space), body);
        expect(res.status, res.text).toBe(422);
        expect(res.body.sys.id).toBe('ValidationFailed');
        expect(res.body.details.errors).toContainEqual(expect.objectContaining({ name, path: pathOf }));
        expect(res.body.message).toBeTruthy();
      };

      await refused(
        { admin: false, roles: [roleLink('no-such-role')], email: person.email },
        ['roles', 0],
        'notResolvable',
      );
      await refused(
        { admin: false, roles: [roleLink(role), roleLink(foreignRole)], email: person.email },
        ['roles', 1],
        'notResolvable',
      );
      await refused({ admin: false, roles: [], email: person.email }, ['roles'], 'size');
      await refused({ admin: true, roles: [], email: newEmail('stranger') }, ['email'], 'notResolvable');
      expect(await total()).toBe(before);

      const first = await api().post(path(space), { admin: false, roles: [roleLink(role)], email: person.email });
      expect(first.status).toBe(201);
      await refused({ admin: true, roles: [], email: person.email }, ['email'], 'taken');
      expect(await total()).toBe(before + 1);

      const id = first.body.sys.id as string;
      const put = (body: unknown, headers = version(0)) => api().put(path(space, id), body, headers);
      expect((await put({ admin: false, roles: [roleLink(foreignRole)] })).body.details.errors[0]).toMatchObject({
        path: ['roles', 0],
      });
      expect((await put({ admin: false, roles: [] })).status).toBe(422);
      const missing = await put({ admin: true, roles: [] }, { headers: {} });
      expect([missing.status, missing.body.sys.id]).toEqual([409, 'VersionMismatch']);
      const stale = await put({ admin: true, roles: [] }, version(3));
      expect([stale.status, stale.body.sys.id]).toEqual([409, 'VersionMismatch']);
      expect((await api().get(path(space, id))).body).toEqual(first.body);
      expect((await api().put(path(space, 'nope'), { admin: true, roles: [] }, version(0))).status).toBe(404);
    });

    it('lets owners, admins and space admins write, members read and leave, and hides the space from others', async () => {
      const org = await ownOrganization(api());
      const space = await newSpace(api());
      const role = await newRole(api(), space, 'Reader');
      const [spaceAdmin, reader, other, outsider, admin] = await Promise.all([
        joinAs(api(), org, 'member'),
        joinAs(api(), org, 'member'),
        joinAs(api(), org, 'member'),
        joinAs(api(), org, 'developer'),
        joinAs(api(), org, 'admin'),
      ]);
      const adminMembership = await api().post(
        path(space),
        { admin: true, roles: [], email: spaceAdmin.email },
        { token: admin.token },
      );
      expect(adminMembership.status).toBe(201);
      const readerMembership = await api().post(
        path(space),
        { admin: false, roles: [roleLink(role)], email: reader.email },
        { token: spaceAdmin.token },
      );
      expect(readerMembership.status, readerMembership.text).toBe(201);
      const otherMembership = await api().post(
        path(space),
        { admin: false, roles: [roleLink(role)], email: other.email },
        { token: spaceAdmin.token },
      );
      expect(otherMembership.status).toBe(201);

      expect((await api().get(path(space), { token: reader.token })).status).toBe(200);
      expect((await api().get(path(space, otherMembership.body.sys.id), { token: reader.token })).status).toBe(200);
      const create = await api().post(
        path(space),
        { admin: true, roles: [], email: outsider.email },
        { token: reader.token },
      );
      expect([create.status, create.body.sys.id]).toEqual([403, 'AccessDenied']);
      const promote = await api().put(
        path(space, readerMembership.body.sys.id),
        { admin: true, roles: [] },
        { token: reader.token, ...version(0) },
      );
      expect(promote.status).toBe(403);
      const removeOther = await api().delete(path(space, otherMembership.body.sys.id), { token: reader.token });
      expect([removeOther.status, removeOther.body.sys.id]).toEqual([403, 'AccessDenied']);
      expect(removeOther.body.details.reasons.length).toBeGreaterThan(0);
      expect((await api().get(path(space), { token: outsider.token })).status).toBe(404);
      expect((await api().get(path(space))).body.total).toBe(4);

      expect((await api().delete(path(space, readerMembership.body.sys.id), { token: reader.token })).status).toBe(204);
      expect((await api().get(`/spaces/${space}`, { token: reader.token })).status).toBe(404);
      expect((await api().delete(path(space, otherMembership.body.sys.id), { token: spaceAdmin.token })).status).toBe(
        204,
      );
    });

    it('keeps role links the roles service understands: a role delete unlinks them, or is refused for a sole role', async () => {
      const org = await ownOrganization(api());
      const space = await newSpace(api());
      const [a, b] = [await newRole(api(), space, 'A'), await newRole(api(), space, 'B')];
      const person = await joinAs(api(), org, 'member');
      const created = (
        await api().post(path(space), { admin: false, roles: [roleLink(a), roleLink(b)], email: person.email })
      ).body;
      expect((await api().delete(`/spaces/${space}/roles/${a}`)).status).toBe(204);
      const after = (await api().get(path(space, created.sys.id))).body;
      expect(after).toMatchObject({ roles: [roleLink(b)], sys: { version: 1 } });
      const refused = await api().delete(`/spaces/${space}/roles/${b}`);
      expect([refused.status, refused.body.sys.id]).toEqual([422, 'ActionPreconditionsFailed']);
      expect(refused.body.details.errors[0].memberships).toEqual([created.sys.id]);
    });

    it('lists and gets the space memberships of an organization for owners and admins, with filters', async () => {
      const org = await ownOrganization(api());
      const [space, otherSpace] = [await newSpace(api()), await newSpace(api(), 'Other')];
      const role = await newRole(api(), space, 'Reader');
      const person = await joinAs(api(), org, 'member');
      const admin = await joinAs(api(), org, 'admin');
      const withRole = (await api().post(path(space), { admin: false, roles: [roleLink(role)], email: person.email }))
        .body;
      const asAdmin = (await api().post(path(otherSpace), { admin: true, roles: [], email: person.email })).body;

      const all = await api().get(orgPath(org), { token: admin.token });
      expect(all.status, all.text).toBe(200);
      expect(all.body.items.map((m: any) => m.sys.id)).toEqual(
        expect.arrayContaining([withRole.sys.id, asAdmin.sys.id]),
      );
      const ids = async (query: Record<string, string>) =>
        (await api().get(orgPath(org), { query })).body.items.map((m: any) => m.sys.id);
      expect(await ids({ 'sys.user.sys.id': person.userId })).toEqual([withRole.sys.id, asAdmin.sys.id]);
      expect(await ids({ 'sys.user.sys.id': person.userId, order: '-sys.createdAt' })).toEqual([
        asAdmin.sys.id,
        withRole.sys.id,
      ]);
      expect(await ids({ 'sys.space.sys.id': otherSpace, 'sys.user.sys.id': person.userId })).toEqual([asAdmin.sys.id]);
      expect(await ids({ 'sys.user.sys.id': person.userId, admin: 'false' })).toEqual([withRole.sys.id]);
      expect(await ids({ 'roles.sys.id': role })).toEqual([withRole.sys.id]);
      expect(await ids({ 'roles.sys.id[in]': `nope,${role}` })).toEqual([withRole.sys.id]);
      expect(await ids({ 'sys.user.sys.id': person.userId, 'roles.name[nin]': 'Reader' })).toEqual([asAdmin.sys.id]);
      const page = await api().get(orgPath(org), { query: { 'sys.user.sys.id': person.userId, skip: 1, limit: 1 } });
      expect(page.body).toMatchObject({ total: 2, skip: 1, limit: 1, items: [{ sys: { id: asAdmin.sys.id } }] });
      expect((await api().get(orgPath(org), { query: { limit: 101 } })).status).toBe(400);
      expect((await api().get(orgPath(org), { query: { colour: 'red' } })).body.sys.id).toBe('InvalidQuery');
      expect((await api().get(orgPath(org), { query: { admin: 'maybe' } })).body.sys.id).toBe('InvalidQuery');

      expect((await api().get(orgPath(org, withRole.sys.id))).body).toEqual(withRole);
      expect((await api().get(orgPath(org, 'nope'))).status).toBe(404);
      const byMember = await api().get(orgPath(org), { token: person.token });
      expect([byMember.status, byMember.body.sys.id]).toEqual([403, 'AccessDenied']);
      expect((await api().get(orgPath(org, withRole.sys.id), { token: person.token })).status).toBe(403);
    });

    it('removing someone from the organization removes their space memberships there', async () => {
      const org = await ownOrganization(api());
      const space = await newSpace(api());
      const person = await joinAs(api(), org, 'member');
      const created = (await api().post(path(space), { admin: true, roles: [], email: person.email })).body;
      expect((await api().get(`/spaces/${space}`, { token: person.token })).status).toBe(200);
      expect((await api().delete(`/organizations/${org}/organization_memberships/${person.membershipId}`)).status).toBe(
        204,
      );
      expect((await api().get(path(space, created.sys.id))).status).toBe(404);
      expect((await api().get(orgPath(org), { query: { 'sys.user.sys.id': person.userId } })).body.total).toBe(0);
    });
  });
}
