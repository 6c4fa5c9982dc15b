import { describe, expect, it } from 'vitest';
import { generateId } from '../src/lib/ids.ts';
import { hashToken } from '../src/lib/secrets.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { NONE } from './support/member-fixtures.ts';

const eq = (doc: string, value: string) => ({ equals: [{ doc }, value] });
const roleLink = (id: string) => ({ sys: { type: 'Link', linkType: 'Role', id } });

/** The reference's role body (real-api-behaviour.md §1.11). */
const AUTHOR = {
  name: 'Author',
  description: 'Writes articles',
  policies: [
    {
      effect: 'allow',
      actions: ['read'],
      constraint: { and: [eq('sys.type', 'Entry'), eq('sys.createdBy.sys.id', 'User.current()')] },
    },
    {
      effect: 'allow',
      actions: ['update'],
      constraint: {
        and: [eq('sys.type', 'Entry'), eq('sys.contentType.sys.id', 'article'), { paths: [{ doc: 'fields.title.%' }] }],
      },
    },
    {
      effect: 'deny',
      actions: ['delete'],
      constraint: { and: [eq('sys.type', 'Entry'), eq('sys.contentType.sys.id', 'article')] },
    },
  ],
  permissions: {
    ContentModel: ['read'],
    Settings: [],
    ContentDelivery: 'all',
    Environments: 'all',
    EnvironmentAliases: 'all',
    Tags: ['manage'],
  },
};

for (const kind of DB_KINDS) {
  describe(`${kind}: roles of a space`, () => {
    const api = useServer(kind);
    const repos = () => api().tessera.storage.repos;
    const version = (v: number | string) => ({ headers: { [`${api().vendorPrefix}-Version`]: String(v) } });

    async function space() {
      const id = (await api().post('/spaces', { name: 'Roles' })).body.sys.id as string;
      return { id, roles: `/spaces/${id}/roles` };
    }
    const stored = async (path: string) => (await api().get(path)).body;

    /** A user with a token; a space membership when `admin` is given. */
    async function userToken(
      spaceId: string,
      admin?: boolean,
      scopes = ['content_management_manage'],
    ): Promise<{ userId: string; token: string }> {
      const userId = generateId();
      await repos().identity.insertUser({
        id: userId,
        email: `${userId}@example.test`,
        firstName: null,
        lastName: null,
      });
      const token = `member-${userId}`;
      await repos().identity.insertToken({
        id: generateId(),
        userId,
        name: 'm',
        scopes,
        tokenHash: hashToken(token),
        expiresAt: null,
      });
      if (admin !== undefined)
        await repos().spaces.insertMembership({ id: generateId(), spaceId, userId, admin, createdBy: userId });
      return { userId, token };
    }

    /** Gives a user's membership these roles (space memberships with roles are written by the API next session). */
    const giveRoles = (spaceId: string, userId: string, roles: unknown[]) =>
      api()
        .tessera.database.db.updateTable('space_memberships')
        .set({ roles: JSON.stringify(roles) })
        .where('space_id', '=', spaceId)
        .where('user_id', '=', userId)
        .execute();

    it('creates a role with a generated id at version 0, as the reference shows it, and reads it back', async () => {
      const s = await space();
      const res = await api().post(s.roles, AUTHOR);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        ...AUTHOR,
        sys: { type: 'Role', version: 0, space: { sys: { type: 'Link', linkType: 'Space', id: s.id } } },
      });
      expect(res.body.sys.id).toMatch(/^[0-9A-Za-z]{22}$/);
      expect(res.body.sys.createdAt).toMatch(/T\d\d:\d\d:\d\dZ$/);
      expect(res.body.sys.createdBy).toEqual({ sys: { type: 'Link', linkType: 'User', id: expect.any(String) } });
      expect(res.headers.get('location')).toMatch(new RegExp(`/spaces/${s.id}/roles/${res.body.sys.id}$`));
      expect(await stored(`${s.roles}/${res.body.sys.id}`)).toEqual(res.body);

      const bare = await api().post(s.roles, { name: 'Nothing', permissions: { Tags: null } });
      expect(bare.body).toMatchObject({ name: 'Nothing', description: null, permissions: NONE, policies: [] });
      expect((await api().get(`${s.roles}/unknown`)).status).toBe(404);
    });

    it('lists roles with skip, limit, total and order; limits above 1000 are refused', async () => {
      const s = await space();
      for (const name of ['beta', 'gamma', 'alpha']) await api().post(s.roles, { name });
      const page = await api().get(s.roles, { query: { order: 'name', skip: 1, limit: 1 } });
      expect(page.body).toMatchObject({ sys: { type: 'Array' }, total: 3, skip: 1, limit: 1 });
      expect(page.body.items.map((r: any) => r.name)).toEqual(['beta']);
      expect((await api().get(s.roles)).body.items.map((r: any) => r.name)).toEqual(['beta', 'gamma', 'alpha']);
      expect((await api().get(s.roles, { query: { 'name[match]': 'gam' } })).body).toMatchObject({
        total: 1,
        items: [{ name: 'gamma' }],
      });
      expect((await api().get(s.roles, { query: { skip: 10 } })).body).toMatchObject({ skip: 10, total: 3, items: [] });
      expect((await api().get(s.roles, { query: { limit: 1001 } })).status).toBe(400);
      expect((await api().get(s.roles, { query: { colour: 'red' } })).body.sys.id).toBe('InvalidQuery');
    });

    it('updates with the current version only; an unknown id is 404, never a create', async () => {
      const s = await space();
      const role = (await api().post(s.roles, AUTHOR)).body;
      const path = `${s.roles}/${role.sys.id}`;
      for (const options of [{}, version(1), version(7)]) {
        const res = await api().put(path, { ...AUTHOR, name: 'Stale' }, options);
        expect(res.status).toBe(409);
        expect(res.body.sys.id).toBe('VersionMismatch');
      }
      expect(await stored(path)).toEqual(role);

      // A role read from the API goes back as it is (sys ignored), as the SDK's role.update() sends it.
      const updated = await api().put(
        path,
        { ...role, name: 'Senior author', permissions: { Tags: 'all' } },
        version(0),
      );
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        name: 'Senior author',
        policies: AUTHOR.policies,
        permissions: { ...NONE, Tags: 'all' },
        sys: { id: role.sys.id, version: 1, createdAt: role.sys.createdAt },
      });
      expect(await stored(path)).toEqual(updated.body);

      const unknown = await api().put(`${s.roles}/newrole`, AUTHOR, version(0));
      expect(unknown.status).toBe(404);
      expect((await stored(s.roles)).total).toBe(1);
    });

    it('keeps names unique in the space: 422 taken on create and update, other spaces unaffected', async () => {
      const s = await space();
      const first = (await api().post(s.roles, { name: 'Editor' })).body;
      const second = (await api().post(s.roles, { name: 'Writer' })).body;
      const taken = await api().post(s.roles, { name: 'Editor' });
      expect(taken.status).toBe(422);
      expect(taken.body).toMatchObject({
        sys: { id: 'ValidationFailed' },
        details: { errors: [{ name: 'taken', path: ['name'], value: 'Editor' }] },
      });
      const renamed = await api().put(`${s.roles}/${second.sys.id}`, { name: 'Editor' }, version(0));
      expect(renamed.status).toBe(422);
      expect(renamed.body.details.errors[0]).toMatchObject({ name: 'taken', path: ['name'] });
      expect(await stored(`${s.roles}/${second.sys.id}`)).toEqual(second);
      expect(
        (await api().put(`${s.roles}/${first.sys.id}`, { name: 'Editor', description: 'same name' }, version(0)))
          .status,
      ).toBe(200);
      const other = await space();
      expect((await api().post(other.roles, { name: 'Editor' })).status).toBe(201);
    });

    it('refuses invalid permissions, policies and constraints with 422 naming the path, and writes nothing', async () => {
      const s = await space();
      const role = (await api().post(s.roles, AUTHOR)).body;
      const unknownDoc = {
        ...AUTHOR,
        name: 'Bad',
        policies: [
          ...AUTHOR.policies,
          { effect: 'allow', actions: ['read'], constraint: { and: [eq('sys.colour', 'red')] } },
        ],
      };
      const cases: Array<[unknown, Array<string | number>]> = [
        [
          { ...unknownDoc, policies: [AUTHOR.policies[0], AUTHOR.policies[1], unknownDoc.policies[3]] },
          ['policies', 2, 'constraint', 'and', 0, 'equals', 0],
        ],
        [
          { name: 'Bad', policies: [{ effect: 'allow', actions: 'all', constraint: { equals: [{ doc: 'sys.id' }] } }] },
          ['policies', 0, 'constraint', 'equals'],
        ],
        [
          {
            name: 'Bad',
            policies: [{ effect: 'allow', actions: 'all', constraint: eq('sys.contentType.sys.id', 'User.current()') }],
          },
          ['policies', 0, 'constraint', 'equals', 1],
        ],
        [
          { name: 'Bad', policies: [{ effect: 'allow', actions: 'all', constraint: { and: [] } }] },
          ['policies', 0, 'constraint', 'and'],
        ],
        [
          {
            name: 'Bad',
            policies: [{ effect: 'allow', actions: ['update'], constraint: { paths: [{ doc: 'sys.id' }] } }],
          },
          ['policies', 0, 'constraint', 'paths', 0],
        ],
        [{ name: 'Bad', permissions: { Settings: ['read'] } }, ['permissions', 'Settings']],
        [{ name: 'Bad', permissions: { Environments: ['read'] } }, ['permissions', 'Environments']],
      ];
      for (const [body, path] of cases) {
        const created = await api().post(s.roles, body);
        expect(created.status, JSON.stringify(body)).toBe(422);
        expect(created.body.sys.id).toBe('ValidationFailed');
        expect(created.body.details.errors.map((e: any) => e.path)).toEqual([path]);
        const updated = await api().put(`${s.roles}/${role.sys.id}`, body, version(0));
        expect(updated.status).toBe(422);
        expect(updated.body.details.errors.map((e: any) => e.path)).toEqual([path]);
      }
      expect((await stored(s.roles)).total).toBe(1);
      expect(await stored(`${s.roles}/${role.sys.id}`)).toEqual(role);
      expect((await api().post(s.roles, { description: 'no name' })).status).toBe(422);
    });

    it('lets space admins write; members and read-only tokens only read; others do not see the space', async () => {
      const s = await space();
      const role = (await api().post(s.roles, { name: 'Viewer' })).body;
      const path = `${s.roles}/${role.sys.id}`;
      const admin = await userToken(s.id, true);
      const member = await userToken(s.id, false);
      const stranger = await userToken(s.id);
      const readOnly = await userToken(s.id, true, ['content_management_read']);

      expect((await api().post(s.roles, { name: 'By admin' }, { token: admin.token })).status).toBe(201);
      for (const who of [member, readOnly]) {
        expect((await api().get(path, { token: who.token })).status).toBe(200);
        expect((await api().get(s.roles, { token: who.token })).body.total).toBe(2);
        for (const res of [
          await api().post(s.roles, { name: 'Sneaky' }, { token: who.token }),
          await api().put(path, { name: 'Sneaky' }, { ...version(0), token: who.token }),
          await api().delete(path, { token: who.token }),
        ]) {
          expect(res.status).toBe(403);
          expect(res.body.sys.id).toBe('AccessDenied');
        }
      }
      for (const res of [
        await api().get(s.roles, { token: stranger.token }),
        await api().post(s.roles, { name: 'X' }, { token: stranger.token }),
      ]) {
        expect(res.status).toBe(404);
      }
      expect(await stored(path)).toEqual(role);
      expect((await stored(s.roles)).total).toBe(2);
    });

    it('lists the roles of all the spaces of an organization to its owners and admins, paginated', async () => {
      const organizationId = generateId();
      await repos().identity.insertOrganization({ id: organizationId, name: 'Roles org' });
      const inOrganization = async (role: 'owner' | 'admin' | 'developer' | 'member') => {
        const user = await userToken('-');
        await repos().identity.insertOrganizationMembership({
          id: generateId(),
          organizationId,
          userId: user.userId,
          role,
        });
        return user;
      };
      const owner = await inOrganization('owner');
      const admin = await inOrganization('admin');
      const developer = await inOrganization('developer');
      const spaces = [];
      for (const name of ['One', 'Two'])
        spaces.push((await api().post('/spaces', { name }, { token: owner.token })).body.sys.id as string);
      const names = ['a1', 'b1', 'a2'];
      for (const [i, name] of names.entries())
        await api().post(`/spaces/${spaces[i % 2]}/roles`, { name }, { token: owner.token });
      await api().post((await space()).roles, { name: 'elsewhere' }); // another organization's space

      const path = `/organizations/${organizationId}/roles`;
      const all = await api().get(path, { token: admin.token });
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ sys: { type: 'Array' }, total: 3, skip: 0, limit: 100 });
      expect(all.body.items.map((r: any) => [r.name, r.sys.space.sys.id])).toEqual([
        ['a1', spaces[0]],
        ['b1', spaces[1]],
        ['a2', spaces[0]],
      ]);
      const page = await api().get(path, { token: owner.token, query: { skip: 1, limit: 1 } });
      expect(page.body).toMatchObject({ total: 3, skip: 1, limit: 1, items: [{ name: 'b1' }] });

      const denied = await api().get(path, { token: developer.token });
      expect(denied.status).toBe(403);
      expect(denied.body.sys.id).toBe('AccessDenied');
      expect((await api().get(path)).status).toBe(404); // the bootstrap owner is not a member of this organization
      expect((await api().get(path, { token: owner.token, query: { limit: 101 } })).status).toBe(400);
    });

    it('deletes a role (204); refused with 422 while a membership would be left with no role and no admin flag', async () => {
      const s = await space();
      const [only, shared, other] = await Promise.all(
        ['Only', 'Shared', 'Other'].map(async (name) => (await api().post(s.roles, { name })).body),
      );
      const lonely = await userToken(s.id, false);
      const several = await userToken(s.id, false);
      const admin = await userToken(s.id, true);
      await giveRoles(s.id, lonely.userId, [roleLink(only.sys.id)]);
      await giveRoles(s.id, several.userId, [roleLink(shared.sys.id), roleLink(other.sys.id)]);
      await giveRoles(s.id, admin.userId, [roleLink(only.sys.id)]);

      const refused = await api().delete(`${s.roles}/${only.sys.id}`);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        sys: { id: 'ActionPreconditionsFailed' },
        details: { errors: [{ name: 'inUse', memberships: [expect.any(String)] }] },
      });
      expect(await stored(`${s.roles}/${only.sys.id}`)).toEqual(only);
      const memberships = async () =>
        api()
          .tessera.database.db.selectFrom('space_memberships')
          .select(['user_id', 'roles', 'version'])
          .where('space_id', '=', s.id)
          .execute();
      const before = await memberships();

      expect((await api().delete(`${s.roles}/${shared.sys.id}`, version(3))).status).toBe(409);
      expect((await api().delete(`${s.roles}/${shared.sys.id}`)).status).toBe(204);
      expect((await api().get(`${s.roles}/${shared.sys.id}`)).status).toBe(404);
      expect((await api().delete(`${s.roles}/${shared.sys.id}`)).status).toBe(404);
      const after = await memberships();
      expect(after.find((m) => m.user_id === several.userId)?.roles).toEqual([roleLink(other.sys.id)]);
      expect(after.find((m) => m.user_id === lonely.userId)).toEqual(before.find((m) => m.user_id === lonely.userId));

      // An admin membership keeps working without roles: deleting its only role is allowed once nobody else needs it.
      await giveRoles(s.id, lonely.userId, [roleLink(only.sys.id), roleLink(other.sys.id)]);
      expect((await api().delete(`${s.roles}/${only.sys.id}`, version(0))).status).toBe(204);
      expect((await memberships()).find((m) => m.user_id === admin.userId)?.roles).toEqual([]);
      expect((await stored(s.roles)).items.map((r: any) => r.name)).toEqual(['Other']);
    });
  });
}
