import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { accept, invite, newEmail, ownOrganization } from './support/member-fixtures.ts';

/**
 * The common collection features of the user-management API (skip, limit, order, include, query and filters with
 * exactly the operators each endpoint's table lists), shown on organization memberships; teams and team memberships
 * have their own files.
 */
for (const kind of DB_KINDS) {
  describe(`${kind}: user-management collection features`, () => {
    const api = useServer(kind);
    const path = (org: string) => `/organizations/${org}/organization_memberships`;
    let calls = 0;

    /** Three named members: Ada Zephyr (admin, active), Bea Young (developer, pending), Cy (member, no last name, pending). */
    async function people(org: string) {
      const tag = `${process.pid}x${Date.now().toString(36)}x${++calls}`;
      const named = async (firstName: string, lastName: string | undefined, role: 'admin' | 'developer' | 'member') => {
        const email = newEmail(`${firstName.toLowerCase()}-${tag}`);
        const res = await api().post(`/organizations/${org}/invitations`, {
          email,
          firstName,
          ...(lastName ? { lastName } : {}),
          role,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return {
          email,
          membershipId: res.body.sys.organizationMembership.sys.id as string,
          url: res.body.sys.invitationUrl as string,
        };
      };
      const ada = await named(`Ada${tag}`, 'Zephyr', 'admin');
      await accept(api(), ada.url);
      const bea = await named(`Bea${tag}`, 'Young', 'developer');
      const cy = await named(`Cy${tag}`, undefined, 'member');
      return { ada, bea, cy, tag };
    }
    const ids = (res: any) => res.body.items.map((m: any) => m.sys.id);

    it('filters with each operator the table lists', async () => {
      const org = await ownOrganization(api());
      const { ada, bea, cy, tag } = await people(org);
      const mine = { query: tag };
      const get = async (q: Record<string, string>) => {
        const res = await api().get(path(org), { query: { ...mine, ...q } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return ids(res);
      };
      expect(await get({ role: 'admin' })).toEqual([ada.membershipId]);
      expect(await get({ 'role[ne]': 'admin' })).toEqual([bea.membershipId, cy.membershipId]);
      expect(await get({ 'role[in]': 'developer,member' })).toEqual([bea.membershipId, cy.membershipId]);
      expect(await get({ 'role[nin]': 'developer,member' })).toEqual([ada.membershipId]);
      expect(await get({ 'sys.status': 'active' })).toEqual([ada.membershipId]);
      expect(await get({ 'sys.status[ne]': 'active' })).toEqual([bea.membershipId, cy.membershipId]);
      expect(await get({ 'sys.status[in]': 'pending' })).toEqual([bea.membershipId, cy.membershipId]);
      expect(await get({ 'sys.status[nin]': 'pending' })).toEqual([ada.membershipId]);
      const adaUser = (await api().get(`${path(org)}/${ada.membershipId}`)).body.sys.user.sys.id;
      expect(await get({ 'sys.user.sys.id': adaUser })).toEqual([ada.membershipId]);
      expect(await get({ 'sys.user.sys.id[ne]': adaUser })).toEqual([bea.membershipId, cy.membershipId]);
      expect(await get({ 'sys.user.sys.id[in]': `${adaUser},nobody` })).toEqual([ada.membershipId]);
      expect(await get({ 'sys.user.sys.id[nin]': adaUser })).toEqual([bea.membershipId, cy.membershipId]);
      expect(await get({ 'sys.user.firstName': `Bea${tag}` })).toEqual([bea.membershipId]);
      expect(await get({ 'sys.user.firstName[ne]': `Bea${tag}` })).toEqual([ada.membershipId, cy.membershipId]);
      expect(await get({ 'sys.user.firstName[exists]': 'true' })).toEqual([
        ada.membershipId,
        bea.membershipId,
        cy.membershipId,
      ]);
      expect(await get({ 'sys.user.lastName': 'Zephyr' })).toEqual([ada.membershipId]);
      expect(await get({ 'sys.user.lastName[ne]': 'Zephyr' })).toEqual([bea.membershipId, cy.membershipId]);
      expect(await get({ 'sys.user.lastName[exists]': 'false' })).toEqual([cy.membershipId]);
      expect(await get({ 'sys.user.email': bea.email })).toEqual([bea.membershipId]);

      const created = (await api().get(`${path(org)}/${bea.membershipId}`)).body.sys.createdAt as string;
      expect(await get({ 'sys.createdAt[lte]': created })).toContain(bea.membershipId);
      expect(await get({ 'sys.createdAt[gte]': created })).toContain(bea.membershipId);
      expect(await get({ 'sys.createdAt[lt]': '2000-01-01T00:00:00Z' })).toEqual([]);
      expect(await get({ 'sys.createdAt[gt]': '2000-01-01T00:00:00Z' })).toHaveLength(3);
      expect(await get({ 'sys.updatedAt[gt]': '2999-01-01T00:00:00Z' })).toEqual([]);
      expect(await get({ 'sys.updatedAt[lt]': '2999-01-01T00:00:00Z' })).toHaveLength(3);
      expect(
        await get({ 'sys.updatedAt[gte]': '2000-01-01T00:00:00Z', 'sys.updatedAt[lte]': '2999-01-01T00:00:00Z' }),
      ).toHaveLength(3);
    });

    it('refuses operators, fields, values and parameters the table does not list with 400 InvalidQuery naming them', async () => {
      const org = await ownOrganization(api());
      const refusals: Array<[Record<string, string | number>, string[]]> = [
        [{ 'role[exists]': 'true' }, ['role']],
        [{ 'role[match]': 'own' }, ['role']],
        [{ role: 'superuser' }, ['role']],
        [{ 'sys.status[lt]': 'active' }, ['sys', 'status']],
        [{ 'sys.user.firstName[in]': 'a,b' }, ['sys', 'user', 'firstName']],
        [{ 'sys.createdAt': '2020-01-01T00:00:00Z' }, ['sys', 'createdAt']],
        [{ 'sys.createdAt[gt]': 'yesterday' }, ['sys', 'createdAt']],
        [{ 'sys.version': '1' }, ['sys', 'version']],
        [{ 'sys.user.avatarUrl': 'x' }, ['sys', 'user', 'avatarUrl']],
        [{ 'role[near]': 'x' }, ['role']],
        [{ colour: 'red' }, ['colour']],
        [{ order: 'sys.status' }, ['sys', 'status']],
        [{ order: 'sys.updatedAt' }, ['sys', 'updatedAt']],
        [{ include: 'sys.organization' }, ['include']],
        [{ limit: 101 }, ['limit']],
        [{ skip: -1 }, ['skip']],
      ];
      for (const [query, named] of refusals) {
        const res = await api().get(path(org), { query });
        expect(res.status, JSON.stringify(query)).toBe(400);
        expect(res.body.sys.id, JSON.stringify(query)).toBe('InvalidQuery');
        expect(res.body.details.errors[0].path, JSON.stringify(query)).toEqual(named);
      }
    });

    it("orders by role, sys.createdAt and the user's names and email, ascending or descending, with skip and limit", async () => {
      const org = await ownOrganization(api());
      const { ada, bea, cy, tag } = await people(org);
      const ordered = async (order: string, extra: Record<string, string | number> = {}) =>
        ids(await api().get(path(org), { query: { query: tag, order, ...extra } }));
      expect(await ordered('sys.user.lastName')).toEqual([bea.membershipId, ada.membershipId, cy.membershipId]);
      expect(await ordered('-sys.user.lastName')).toEqual([cy.membershipId, ada.membershipId, bea.membershipId]);
      expect(await ordered('sys.user.firstName')).toEqual([ada.membershipId, bea.membershipId, cy.membershipId]);
      expect(await ordered('-sys.user.firstName')).toEqual([cy.membershipId, bea.membershipId, ada.membershipId]);
      expect(await ordered('role')).toEqual([ada.membershipId, bea.membershipId, cy.membershipId]);
      expect(await ordered('-role,sys.createdAt')).toEqual([cy.membershipId, bea.membershipId, ada.membershipId]);
      expect(await ordered('-sys.createdAt')).toEqual([cy.membershipId, bea.membershipId, ada.membershipId]);
      expect(await ordered('sys.user.email')).toEqual([ada.membershipId, bea.membershipId, cy.membershipId]);
      expect(await ordered('-sys.user.email', { skip: 1, limit: 1 })).toEqual([bea.membershipId]);
      const page = await api().get(path(org), { query: { query: tag, skip: 2, limit: 2 } });
      expect(page.body).toMatchObject({ skip: 2, limit: 2, total: 3 });
    });

    it('searches the user id, names and email with query; includes the users of the current page only', async () => {
      const org = await ownOrganization(api());
      const { ada, bea, cy, tag } = await people(org);
      const search = async (q: string) => ids(await api().get(path(org), { query: { query: q } }));
      expect(await search(`bea${tag}`)).toEqual([bea.membershipId]);
      expect(await search('zephyr')).toContain(ada.membershipId);
      expect(await search(cy.email)).toEqual([cy.membershipId]);
      expect(await search(`${tag} young`)).toEqual([bea.membershipId]);
      const adaUser = (await api().get(`${path(org)}/${ada.membershipId}`)).body.sys.user.sys.id;
      expect(await search(adaUser)).toEqual([ada.membershipId]);
      expect(await search(`nobody-${tag}`)).toEqual([]);

      const page = await api().get(path(org), {
        query: { query: tag, include: 'sys.user', order: 'sys.user.lastName', limit: 2 },
      });
      expect(page.body.items).toHaveLength(2);
      const users = page.body.includes.User;
      expect(users.map((u: any) => u.sys.id).sort()).toEqual(page.body.items.map((m: any) => m.sys.user.sys.id).sort());
      expect(users.find((u: any) => u.email === bea.email)).toMatchObject({
        firstName: `Bea${tag}`,
        lastName: 'Young',
        sys: { type: 'User' },
      });
      const authors = await api().get(path(org), { query: { query: tag, include: 'sys.createdBy,sys.updatedBy' } });
      const owner = (await api().get('/users/me')).body.sys.id;
      expect(authors.body.includes.User.map((u: any) => u.sys.id)).toContain(owner);
      expect((await api().get(path(org), { query: { query: tag } })).body.includes).toBeUndefined();
    });
  });
}
