import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { invite, joinAs, newEmail, ownOrganization } from './support/member-fixtures.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: organization memberships`, () => {
    const api = useServer(kind);
    const path = (org: string, id = '') => `/organizations/${org}/organization_memberships${id ? `/${id}` : ''}`;

    it('lists with skip, limit (at most 100), order and filters; every member reads, strangers get 404', async () => {
      const org = await ownOrganization(api());
      const member = await joinAs(api(), org, 'member');
      await invite(api(), org, newEmail('pending'), 'developer');

      const all = await api().get(path(org), { token: member.token });
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ sys: { type: 'Array' }, skip: 0, limit: 100 });
      expect(all.body.total).toBe(all.body.items.length);
      const page = await api().get(path(org), { query: { skip: 1, limit: 1, order: '-sys.createdAt' } });
      expect(page.body).toMatchObject({ skip: 1, limit: 1, total: all.body.total });
      expect(page.body.items).toHaveLength(1);

      const owners = await api().get(path(org), { query: { role: 'owner' } });
      expect(owners.body.items.map((m: any) => m.role)).toEqual(['owner']);
      const pending = await api().get(path(org), {
        query: { 'sys.status': 'pending', 'role[in]': 'developer,member' },
      });
      expect(pending.body.items.every((m: any) => m.sys.status === 'pending' && m.role === 'developer')).toBe(true);
      expect(pending.body.total).toBeGreaterThanOrEqual(1);
      const byEmail = await api().get(path(org), { query: { 'sys.user.email': member.email } });
      expect(byEmail.body.items.map((m: any) => m.sys.id)).toEqual([member.membershipId]);
      const byUser = await api().get(path(org), { query: { 'sys.user.sys.id': member.userId, order: 'role' } });
      expect(byUser.body.total).toBe(1);

      expect((await api().get(path(org), { query: { limit: 101 } })).status).toBe(400);
      const unknown = await api().get(path(org), { query: { colour: 'red' } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.sys.id).toBe('InvalidQuery');
      expect((await api().get(path(org), { query: { order: 'colour' } })).body.sys.id).toBe('InvalidQuery');
      expect((await api().get(path('elsewhere'))).status).toBe(404);

      const one = await api().get(path(org, member.membershipId), { token: member.token });
      expect(one.body).toMatchObject({
        role: 'member',
        sys: { type: 'OrganizationMembership', status: 'active', organization: { sys: { id: org } } },
      });
      expect((await api().get(path(org, 'nope'))).status).toBe(404);
    });

    it('owners change roles with the version header; access follows at once', async () => {
      const org = await ownOrganization(api());
      const space = (await api().post('/spaces', { name: 'Role space' })).body.sys.id;
      const person = await joinAs(api(), org, 'member');
      expect((await api().get(`/spaces/${space}`, { token: person.token })).status).toBe(404);
      const current = (await api().get(path(org, person.membershipId))).body;

      const missing = await api().put(path(org, person.membershipId), { role: 'admin' });
      expect(missing.status).toBe(409);
      expect(missing.body.sys.id).toBe('VersionMismatch');
      const stale = await api().put(
        path(org, person.membershipId),
        { role: 'admin' },
        { headers: { [`${api().vendorPrefix}-Version`]: String(current.sys.version + 5) } },
      );
      expect(stale.status).toBe(409);
      const promoted = await api().put(
        path(org, person.membershipId),
        { role: 'admin' },
        { headers: { [`${api().vendorPrefix}-Version`]: String(current.sys.version) } },
      );
      expect(promoted.status).toBe(200);
      expect(promoted.body).toMatchObject({ role: 'admin', sys: { version: current.sys.version + 1 } });
      expect((await api().get(`/spaces/${space}`, { token: person.token })).status).toBe(200);

      const demoted = await api().put(
        path(org, person.membershipId),
        { role: 'member' },
        { headers: { [`${api().vendorPrefix}-Version`]: String(promoted.body.sys.version) } },
      );
      expect(demoted.status).toBe(200);
      expect((await api().get(`/spaces/${space}`, { token: person.token })).status).toBe(404);

      const other = await joinAs(api(), org, 'member');
      const byMember = await api().put(
        path(org, other.membershipId),
        { role: 'admin' },
        { token: person.token, headers: { [`${api().vendorPrefix}-Version`]: '1' } },
      );
      expect(byMember.status).toBe(403);
      expect(byMember.body.sys.id).toBe('AccessDenied');
    });

    it('never removes or demotes the last owner (422 ActionPreconditionsFailed), and changes nothing', async () => {
      const org = await ownOrganization(api());
      const owners = (await api().get(path(org), { query: { role: 'owner' } })).body.items;
      expect(owners).toHaveLength(1);
      const owner = owners[0];
      const demote = await api().put(
        path(org, owner.sys.id),
        { role: 'admin' },
        { headers: { [`${api().vendorPrefix}-Version`]: String(owner.sys.version) } },
      );
      expect(demote.status).toBe(422);
      expect(demote.body.sys.id).toBe('ActionPreconditionsFailed');
      expect(demote.body.message).toMatch(/last owner/);
      const remove = await api().delete(path(org, owner.sys.id));
      expect(remove.status).toBe(422);
      expect(remove.body.sys.id).toBe('ActionPreconditionsFailed');
      expect((await api().get(path(org, owner.sys.id))).body).toMatchObject({
        role: 'owner',
        sys: { version: owner.sys.version },
      });

      const admin = await joinAs(api(), org, 'admin');
      const byAdmin = await api().delete(path(org, owner.sys.id), { token: admin.token });
      expect(byAdmin.status).toBe(403);
    });

    it('deletes: admins remove members, members only themselves; the account stays, its access to the organization goes', async () => {
      const org = await ownOrganization(api());
      const admin = await joinAs(api(), org, 'admin');
      const space = (await api().post('/spaces', { name: 'Admin made' }, { token: admin.token })).body.sys.id;
      const member = await joinAs(api(), org, 'member');
      const other = await joinAs(api(), org, 'member');

      const byMember = await api().delete(path(org, other.membershipId), { token: member.token });
      expect(byMember.status).toBe(403);
      expect(byMember.body.sys.id).toBe('AccessDenied');
      expect((await api().delete(path(org, member.membershipId), { token: member.token })).status).toBe(204);
      expect((await api().get('/users/me', { token: member.token })).status).toBe(200);
      expect((await api().get('/organizations', { token: member.token })).body.total).toBe(0);
      expect((await api().get(path(org), { token: member.token })).status).toBe(404);

      expect((await api().delete(path(org, admin.membershipId))).status).toBe(204);
      expect((await api().get(`/spaces/${space}`, { token: admin.token })).status).toBe(404);
      expect((await api().get(`/spaces/${space}`)).status).toBe(200);
      expect((await api().get(path(org, admin.membershipId))).status).toBe(404);
      expect((await api().get(`/organizations/${org}/invitations/${admin.invitationId}`)).status).toBe(404);
      expect((await api().delete(path(org, admin.membershipId))).status).toBe(404);
    });
  });
}
