import { describe, expect, it } from 'vitest';
import { generateId } from '../src/lib/ids.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type ApiResponse } from './support/harness.ts';
import { joinAs, ownOrganization, NONE } from './support/member-fixtures.ts';

const roleLink = (id: string) => ({ sys: { type: 'Link', linkType: 'Role', id } });

for (const kind of DB_KINDS) {
  describe(`${kind}: team space memberships`, () => {
    const api = useServer(kind);
    let counter = 0;
    const vendor = (name: string, value: string) => ({ [`${api().vendorPrefix}-${name}`]: value });
    const path = (space: string, id = '') => `/spaces/${space}/team_space_memberships${id ? `/${id}` : ''}`;
    const orgWide = (org: string, id = '') => `/organizations/${org}/team_space_memberships${id ? `/${id}` : ''}`;

    async function ok(res: Promise<ApiResponse>): Promise<any> {
      const done = await res;
      expect(done.status, done.text).toBeLessThan(300);
      return done.body;
    }
    const newTeam = async (org: string) =>
      (
        await ok(
          api().post(`/organizations/${org}/teams`, { name: `Team ${process.pid}-${++counter}`, description: null }),
        )
      ).sys.id as string;
    const newSpace = async () => (await ok(api().post('/spaces', { name: `TSM ${++counter}` }))).sys.id as string;
    const newRole = async (space: string, name = `Role ${++counter}`) =>
      (await ok(api().post(`/spaces/${space}/roles`, { name, permissions: NONE, policies: [] }))).sys.id as string;
    const create = (space: string, team: string | undefined, body: unknown, token?: string) =>
      api().post(path(space), body, { token, headers: team === undefined ? {} : vendor('Team', team) });

    it('creates, reads, lists, updates and deletes a team space membership', async () => {
      const org = await ownOrganization(api());
      const [space, team] = [await newSpace(), await newTeam(org)];
      const [roleA, roleB] = [await newRole(space), await newRole(space)];
      const created = await create(space, team, { admin: false, roles: [roleLink(roleA)] });
      expect(created.status, created.text).toBe(201);
      expect(created.body).toMatchObject({
        admin: false,
        roles: [roleLink(roleA)],
        sys: {
          type: 'TeamSpaceMembership',
          version: 0,
          space: { sys: { linkType: 'Space', id: space } },
          team: { sys: { linkType: 'Team', id: team } },
        },
      });
      const id = created.body.sys.id;
      expect((await api().get(path(space, id))).body).toEqual(created.body);

      const updated = await api().put(
        path(space, id),
        { admin: true, roles: [roleLink(roleB)] },
        { headers: vendor('Version', '0') },
      );
      expect(updated.status, updated.text).toBe(200);
      expect(updated.body).toMatchObject({ admin: true, roles: [roleLink(roleB)], sys: { version: 1 } });
      const stale = await api().put(path(space, id), { admin: true, roles: [] }, { headers: vendor('Version', '0') });
      expect([stale.status, stale.body.sys.id]).toEqual([409, 'VersionMismatch']);

      const other = await ok(create(space, await newTeam(org), { admin: true, roles: [] }));
      const listed = await api().get(path(space), { query: { order: '-sys.createdAt', include: 'roles,sys.team' } });
      expect(listed.body).toMatchObject({ sys: { type: 'Array' }, total: 2, skip: 0, limit: 100 });
      expect(listed.body.items.map((m: any) => m.sys.id)).toEqual([other.sys.id, id]);
      expect(listed.body.includes.Role.map((r: any) => r.sys.id)).toEqual([roleB]);
      expect(listed.body.includes.Team.map((t: any) => t.sys.id).sort()).toEqual([team, other.sys.team.sys.id].sort());
      expect(
        (await api().get(path(space), { query: { 'sys.id[in]': `${id},nope` } })).body.items.map((m: any) => m.sys.id),
      ).toEqual([id]);
      expect((await api().get(path(space), { query: { 'sys.id': other.sys.id } })).body.total).toBe(1);
      const refused = await api().get(path(space), { query: { 'sys.team.sys.id': team } });
      expect([refused.status, refused.body.sys.id]).toEqual([400, 'InvalidQuery']);

      expect((await api().delete(path(space, id))).status).toBe(204);
      expect((await api().get(path(space, id))).status).toBe(404);
      expect((await api().delete(path(space, id))).status).toBe(404);
    });

    it('refuses a missing team header (400), an unknown or foreign team (404), bad roles and a duplicate (422), a member (403)', async () => {
      const org = await ownOrganization(api());
      const [space, team] = [await newSpace(), await newTeam(org)];
      const role = await newRole(space);
      const elsewhere = await newRole(await newSpace());
      const foreignOrg = generateId();
      await api().tessera.storage.repos.identity.insertOrganization({ id: foreignOrg, name: 'Elsewhere' });
      const foreignTeam = generateId();
      await api()
        .tessera.database.db.insertInto('teams' as never)
        .values({ id: foreignTeam, organization_id: foreignOrg, name: 'Foreign' } as never)
        .execute();

      const noHeader = await create(space, undefined, { admin: true, roles: [] });
      expect([noHeader.status, noHeader.body.sys.id]).toEqual([400, 'BadRequest']);
      for (const t of ['no-such-team', foreignTeam]) {
        const res = await create(space, t, { admin: true, roles: [] });
        expect([res.status, res.body.sys.id, res.body.details?.type]).toEqual([404, 'NotFound', 'Team']);
      }
      const badRoles = await create(space, team, { admin: false, roles: [roleLink('nope'), roleLink(elsewhere)] });
      expect([badRoles.status, badRoles.body.sys.id]).toEqual([422, 'ValidationFailed']);
      expect(badRoles.body.details.errors.map((e: any) => e.path)).toEqual([
        ['roles', 0],
        ['roles', 1],
      ]);
      const noRoles = await create(space, team, { admin: false, roles: [] });
      expect(noRoles.body.details.errors).toMatchObject([{ name: 'size', path: ['roles'] }]);
      const member = await joinAs(api(), org, 'member');
      expect((await create(space, team, { admin: true, roles: [] }, member.token)).status).toBe(404); // no access to the space
      expect((await api().get(path(space))).body.total).toBe(0);

      await ok(create(space, team, { admin: false, roles: [roleLink(role)] }));
      const twice = await create(space, team, { admin: true, roles: [] });
      expect([twice.status, twice.body.details.errors[0].name, twice.body.details.errors[0].path]).toEqual([
        422,
        'taken',
        ['sys', 'team'],
      ]);
      expect((await api().get(path(space))).body.total).toBe(1);
    });

    it('lists and reads the team space memberships of the organization with the filters and includes of its table', async () => {
      const org = await ownOrganization(api());
      const [s1, s2] = [await newSpace(), await newSpace()];
      const [t1, t2] = [await newTeam(org), await newTeam(org)];
      const editor = await newRole(s1, `Editor ${++counter}`);
      const a = await ok(create(s1, t1, { admin: false, roles: [roleLink(editor)] }));
      const b = await ok(create(s2, t2, { admin: true, roles: [] }));
      const mine = (res: ApiResponse) =>
        res.body.items.map((m: any) => m.sys.id).filter((i: string) => [a.sys.id, b.sys.id].includes(i));
      const member = await joinAs(api(), org, 'member');
      const query = async (q: Record<string, string>) =>
        mine(await api().get(orgWide(org), { query: q, token: member.token }));

      expect(await query({})).toEqual([a.sys.id, b.sys.id]);
      expect(await query({ order: '-sys.createdAt' })).toEqual([b.sys.id, a.sys.id]);
      expect(await query({ 'roles.sys.id': editor })).toEqual([a.sys.id]);
      expect(await query({ 'roles.name[in]': `Editor ${counter},x` })).toEqual([a.sys.id]);
      expect(await query({ 'roles.name[ne]': `Editor ${counter}` })).toEqual([b.sys.id]);
      expect(await query({ 'sys.team.sys.id[nin]': t1 })).toEqual([b.sys.id]);
      expect(await query({ 'sys.space.sys.id': s2 })).toEqual([b.sys.id]);
      const spaceName = (await api().get(`/spaces/${s1}`)).body.name as string;
      expect(await query({ 'sys.space.name': spaceName })).toEqual([a.sys.id]);
      expect(await query({ 'sys.space.name[match]': spaceName.split(' ')[1]! })).toEqual([a.sys.id]);
      expect(await query({ 'sys.createdAt[lte]': '2000-01-01T00:00:00Z' })).toEqual([]);

      const included = await api().get(orgWide(org), {
        query: {
          'sys.space.sys.id[in]': `${s1},${s2}`,
          include: 'roles,sys.space,sys.team,sys.createdBy,sys.updatedBy',
        },
      });
      expect(included.body.includes.Role.map((r: any) => r.sys.id)).toEqual([editor]);
      expect(included.body.includes.Space.map((s: any) => s.sys.id).sort()).toEqual([s1, s2].sort());
      expect(included.body.includes.Team.map((t: any) => t.sys.id).sort()).toEqual([t1, t2].sort());
      expect(included.body.includes.User).toHaveLength(1);
      for (const bad of [
        { admin: 'true' },
        { 'roles.sys.id[ne]': editor },
        { order: 'sys.space.name' },
        { include: 'sys.user' },
      ] as Array<Record<string, string>>) {
        const res = await api().get(orgWide(org), { query: bad });
        expect([res.status, res.body.sys.id], JSON.stringify(bad)).toEqual([400, 'InvalidQuery']);
      }
      expect((await api().get(orgWide(org, a.sys.id), { token: member.token })).body).toEqual(a);
      expect((await api().get(orgWide(org, 'nope'))).status).toBe(404);
      expect((await api().get(orgWide('other-org'))).status).toBe(404);
    });

    it('deleting a team deletes its team space memberships; a role is not deleted while a team would be left with none', async () => {
      const org = await ownOrganization(api());
      const space = await newSpace();
      const [only, shared, spare] = [await newRole(space), await newRole(space), await newRole(space)];
      const t1 = await newTeam(org);
      const a = await ok(create(space, t1, { admin: false, roles: [roleLink(only)] }));
      const b = await ok(
        create(space, await newTeam(org), { admin: false, roles: [roleLink(shared), roleLink(spare)] }),
      );

      const refused = await api().delete(`/spaces/${space}/roles/${only}`);
      expect([refused.status, refused.body.sys.id]).toEqual([422, 'ActionPreconditionsFailed']);
      expect(refused.body.details.errors[0].memberships).toEqual([a.sys.id]);
      expect((await api().delete(`/spaces/${space}/roles/${shared}`)).status).toBe(204);
      expect((await api().get(path(space, b.sys.id))).body).toMatchObject({
        roles: [roleLink(spare)],
        sys: { version: 1 },
      });

      expect((await api().delete(`/organizations/${org}/teams/${t1}`)).status).toBe(204);
      expect((await api().get(path(space, a.sys.id))).status).toBe(404);
      expect((await api().get(path(space))).body.items.map((m: any) => m.sys.id)).toEqual([b.sys.id]);
      expect((await api().delete(`/spaces/${space}/roles/${only}`)).status).toBe(204);
    });
  });
}
