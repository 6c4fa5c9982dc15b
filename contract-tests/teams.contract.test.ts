import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { joinAs, ownOrganization } from './support/member-fixtures.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: teams`, () => {
    const api = useServer(kind);
    const teams = (org: string, id = '') => `/organizations/${org}/teams${id ? `/${id}` : ''}`;
    const version = (v: number) => ({ headers: { [`${api().vendorPrefix}-Version`]: String(v) } });
    let counter = 0;
    const name = (prefix = 'Team') => `${prefix} ${process.pid}-${++counter}`;

    it('creates, reads, lists (skip, limit at most 100), updates with the version and deletes a team', async () => {
      const org = await ownOrganization(api());
      const created = await api().post(teams(org), { name: name('Editors'), description: 'Writes the words' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        description: 'Writes the words',
        sys: {
          type: 'Team',
          version: 0,
          memberCount: 0,
          organization: { sys: { type: 'Link', linkType: 'Organization', id: org } },
        },
      });
      const id = created.body.sys.id;
      const second = await api().post(teams(org), { name: name('Second'), description: null });
      expect(second.body.description).toBeNull();

      expect((await api().get(teams(org, id))).body).toEqual(created.body);
      const all = await api().get(teams(org));
      expect(all.body).toMatchObject({ sys: { type: 'Array' }, skip: 0, limit: 100 });
      expect(all.body.items.map((t: any) => t.sys.id)).toEqual(expect.arrayContaining([id, second.body.sys.id]));
      const page = await api().get(teams(org), { query: { skip: 1, limit: 1 } });
      expect(page.body).toMatchObject({ skip: 1, limit: 1, total: all.body.total });
      expect(page.body.items).toHaveLength(1);
      expect((await api().get(teams(org), { query: { limit: 101 } })).status).toBe(400);
      const unknown = await api().get(teams(org), { query: { name: 'x' } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.sys.id).toBe('InvalidQuery');
      expect(unknown.body.details.errors[0].path).toEqual(['name']);

      const renamed = name('Renamed');
      const updated = await api().put(teams(org, id), { name: renamed, description: null }, version(0));
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ name: renamed, description: null, sys: { version: 1 } });
      const missing = await api().put(teams(org, id), { name: renamed, description: null });
      expect(missing.status).toBe(409);
      expect(missing.body.sys.id).toBe('VersionMismatch');
      expect((await api().put(teams(org, id), { name: renamed, description: null }, version(0))).status).toBe(409);

      expect((await api().delete(teams(org, id))).status).toBe(204);
      expect((await api().get(teams(org, id))).status).toBe(404);
      expect((await api().delete(teams(org, id))).status).toBe(404);
      expect((await api().put(teams(org, id), { name: renamed, description: null }, version(1))).status).toBe(404);
    });

    it('refuses a name another team of the organization has (422 taken), changing nothing', async () => {
      const org = await ownOrganization(api());
      const taken = name('Taken');
      const first = await api().post(teams(org), { name: taken, description: null });
      const before = (await api().get(teams(org))).body.total;
      const again = await api().post(teams(org), { name: taken, description: 'other' });
      expect(again.status).toBe(422);
      expect(again.body.sys.id).toBe('ValidationFailed');
      expect(again.body.details.errors[0]).toMatchObject({ name: 'taken', path: ['name'] });
      expect((await api().get(teams(org))).body.total).toBe(before);

      const other = await api().post(teams(org), { name: name('Other'), description: null });
      const clash = await api().put(teams(org, other.body.sys.id), { name: taken, description: null }, version(0));
      expect(clash.status).toBe(422);
      expect(clash.body.details.errors[0]).toMatchObject({ name: 'taken', path: ['name'] });
      expect((await api().get(teams(org, other.body.sys.id))).body.sys.version).toBe(0);
      expect(
        (await api().put(teams(org, first.body.sys.id), { name: taken, description: 'same name' }, version(0))).status,
      ).toBe(200);
      expect((await api().post(teams(org), { description: null })).status).toBe(422);
      expect((await api().post(teams(org), { name: 'No description' })).status).toBe(422);
    });

    it('every member reads; only owners and admins write; strangers get 404', async () => {
      const org = await ownOrganization(api());
      const member = await joinAs(api(), org, 'member');
      const admin = await joinAs(api(), org, 'admin');
      const team = (await api().post(teams(org), { name: name('Readable'), description: null }, { token: admin.token }))
        .body;
      expect(team.sys.createdBy.sys.id).toBe(admin.userId);

      expect((await api().get(teams(org), { token: member.token })).status).toBe(200);
      expect((await api().get(teams(org, team.sys.id), { token: member.token })).status).toBe(200);
      const create = await api().post(teams(org), { name: name('Nope'), description: null }, { token: member.token });
      expect(create.status).toBe(403);
      expect(create.body.sys.id).toBe('AccessDenied');
      expect(
        (
          await api().put(
            teams(org, team.sys.id),
            { name: 'x', description: null },
            { token: member.token, ...version(0) },
          )
        ).status,
      ).toBe(403);
      expect((await api().delete(teams(org, team.sys.id), { token: member.token })).status).toBe(403);
      expect((await api().get(teams('elsewhere'))).status).toBe(404);
      expect((await api().delete(teams(org, team.sys.id), { token: admin.token })).status).toBe(204);
    });

    it('counts members in sys.memberCount; deleting a team deletes its team memberships, not the members', async () => {
      const org = await ownOrganization(api());
      const a = await joinAs(api(), org, 'member');
      const b = await joinAs(api(), org, 'developer');
      const team = (await api().post(teams(org), { name: name('Counted'), description: null })).body;
      for (const m of [a, b]) {
        expect(
          (
            await api().post(`${teams(org, team.sys.id)}/team_memberships`, {
              organizationMembershipId: m.membershipId,
            })
          ).status,
        ).toBe(201);
      }
      expect((await api().get(teams(org, team.sys.id))).body.sys.memberCount).toBe(2);
      const listed = (await api().get(teams(org))).body.items.find((t: any) => t.sys.id === team.sys.id);
      expect(listed.sys.memberCount).toBe(2);

      expect((await api().delete(teams(org, team.sys.id))).status).toBe(204);
      const left = await api().get(`/organizations/${org}/team_memberships`, {
        query: { 'sys.organizationMembership.sys.id[in]': `${a.membershipId},${b.membershipId}` },
      });
      expect(left.body.total).toBe(0);
      expect((await api().get(`/organizations/${org}/organization_memberships/${a.membershipId}`)).status).toBe(200);
    });
  });
}
