import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type ApiResponse } from './support/harness.ts';
import { newEmail, ownOrganization, NONE } from './support/member-fixtures.ts';

const roleLink = (id: string) => ({ sys: { type: 'Link', linkType: 'Role', id } });

/**
 * `GET /organizations/{o}/space_memberships` with every filter, operator, order, include and the `query` of its table
 * in the user-management spec (and nothing else), and `GET /spaces/{s}/space_memberships` with `include=sys.user`.
 */
for (const kind of DB_KINDS) {
  describe(`${kind}: space memberships collections`, () => {
    const api = useServer(kind);
    const orgPath = (org: string) => `/organizations/${org}/space_memberships`;
    const spacePath = (space: string) => `/spaces/${space}/space_memberships`;
    let calls = 0;

    async function ok(res: Promise<ApiResponse>): Promise<any> {
      const done = await res;
      expect(done.status, done.text).toBeLessThan(300);
      return done.body;
    }

    /**
     * Ada Zephyr, Bea Young and Cy (no last name), invited (pending); spaces Alpha and Beta; roles Editor and Writer in
     * Alpha, Editor in Beta. m1: Ada in Alpha (Editor, Writer); m2: Bea in Alpha (admin); m3: Ada in Beta (Editor);
     * m4: Cy in Beta (Editor). Every name carries a tag, which `query` searches, so each test sees its own only.
     */
    async function fixture() {
      const org = await ownOrganization(api());
      const tag = `t${process.pid}x${Date.now().toString(36)}x${++calls}`;
      const person = async (firstName: string, lastName?: string) => {
        const email = newEmail(`${firstName.toLowerCase()}-${tag}`);
        const inv = await ok(
          api().post(`/organizations/${org}/invitations`, {
            email,
            firstName: `${firstName}${tag}`,
            ...(lastName ? { lastName } : {}),
          }),
        );
        const membershipId = inv.sys.organizationMembership.sys.id as string;
        const membership = await ok(api().get(`/organizations/${org}/organization_memberships/${membershipId}`));
        return { email, membershipId, userId: membership.sys.user.sys.id as string };
      };
      const [ada, bea, cy] = [await person('Ada', 'Zephyr'), await person('Bea', 'Young'), await person('Cy')];
      const space = async (name: string) =>
        (await ok(api().post('/spaces', { name: `${name} ${tag}` }))).sys.id as string;
      const [alpha, beta] = [await space('Alpha'), await space('Beta')];
      const role = async (s: string, name: string) =>
        (await ok(api().post(`/spaces/${s}/roles`, { name: `${name} ${tag}`, permissions: NONE, policies: [] }))).sys
          .id as string;
      const [editor, writer, betaEditor] = [
        await role(alpha, 'Editor'),
        await role(alpha, 'Writer'),
        await role(beta, 'Editor'),
      ];
      const member = async (s: string, who: { email: string }, admin: boolean, roles: string[]) =>
        ok(api().post(spacePath(s), { admin, roles: roles.map(roleLink), email: who.email }));
      const m1 = await member(alpha, ada, false, [editor, writer]);
      const m2 = await member(alpha, bea, true, []);
      const m3 = await member(beta, ada, false, [betaEditor]);
      const m4 = await member(beta, cy, false, [betaEditor]);
      const [i1, i2, i3, i4] = [m1, m2, m3, m4].map((m) => m.sys.id as string) as [string, string, string, string];
      return { org, tag, ada, bea, cy, alpha, beta, editor, writer, betaEditor, m: [m1, m2, m3, m4], i1, i2, i3, i4 };
    }

    const ids = (res: ApiResponse) => res.body.items.map((m: any) => m.sys.id);

    it('filters with each operator the table lists', async () => {
      const f = await fixture();
      const { i1, i2, i3, i4, tag } = f;
      const get = async (q: Record<string, string>) => {
        const res = await api().get(orgPath(f.org), { query: { query: tag, ...q } });
        expect(res.status, `${JSON.stringify(q)} ${res.text}`).toBe(200);
        return ids(res);
      };
      expect(await get({})).toEqual([i1, i2, i3, i4]);
      expect(await get({ admin: 'true' })).toEqual([i2]);
      expect(await get({ 'admin[ne]': 'true' })).toEqual([i1, i3, i4]);
      expect(await get({ 'roles.sys.id': f.editor })).toEqual([i1]);
      expect(await get({ 'roles.sys.id[in]': `${f.writer},${f.betaEditor},nope` })).toEqual([i1, i3, i4]);
      expect(await get({ 'roles.name': `Editor ${tag}` })).toEqual([i1, i3, i4]);
      expect(await get({ 'roles.name[ne]': `Writer ${tag}` })).toEqual([i2, i3, i4]);
      expect(await get({ 'roles.name[nin]': `Writer ${tag},Editor ${tag}` })).toEqual([i2]);
      expect(await get({ 'roles.name[match]': 'writ' })).toEqual([i1]);
      expect(await get({ 'sys.user.sys.id': f.ada.userId })).toEqual([i1, i3]);
      expect(await get({ 'sys.user.sys.id[ne]': f.ada.userId })).toEqual([i2, i4]);
      expect(await get({ 'sys.user.sys.id[in]': `${f.ada.userId},${f.cy.userId}` })).toEqual([i1, i3, i4]);
      expect(await get({ 'sys.user.sys.id[nin]': `${f.ada.userId},${f.cy.userId}` })).toEqual([i2]);
      expect(await get({ 'sys.space.sys.id': f.beta })).toEqual([i3, i4]);
      expect(await get({ 'sys.space.sys.id[ne]': f.beta })).toEqual([i1, i2]);
      expect(await get({ 'sys.space.sys.id[in]': `${f.beta},nope` })).toEqual([i3, i4]);
      expect(await get({ 'sys.space.sys.id[nin]': f.beta })).toEqual([i1, i2]);
      expect(await get({ 'sys.space.name': `Alpha ${tag}` })).toEqual([i1, i2]);
      expect(await get({ 'sys.space.name[ne]': `Alpha ${tag}` })).toEqual([i3, i4]);
      expect(await get({ 'sys.space.name[in]': `Beta ${tag},Gamma` })).toEqual([i3, i4]);
      expect(await get({ 'sys.space.name[nin]': `Beta ${tag}` })).toEqual([i1, i2]);
      expect(await get({ 'sys.organizationMembership.sys.id': f.ada.membershipId })).toEqual([i1, i3]);
      expect(await get({ 'sys.organizationMembership.sys.id[ne]': f.ada.membershipId })).toEqual([i2, i4]);
      expect(
        await get({ 'sys.organizationMembership.sys.id[in]': `${f.bea.membershipId},${f.cy.membershipId}` }),
      ).toEqual([i2, i4]);
      expect(await get({ 'sys.organizationMembership.sys.id[nin]': f.bea.membershipId })).toEqual([i1, i3, i4]);
      expect(await get({ 'admin[ne]': 'true', 'sys.space.sys.id': f.beta, 'sys.user.sys.id': f.cy.userId })).toEqual([
        i4,
      ]);

      const [first, , third, last] = f.m.map((m) => m.sys.createdAt as string);
      expect(await get({ 'sys.createdAt[lt]': first! })).toEqual([]);
      expect(await get({ 'sys.createdAt[lte]': third! })).toEqual(expect.arrayContaining([i1, i2, i3]));
      expect(await get({ 'sys.createdAt[gte]': third! })).toEqual(expect.arrayContaining([i3, i4]));
      expect(await get({ 'sys.createdAt[gt]': last! })).toEqual([]);
      expect(await get({ 'sys.createdAt[gte]': first!, 'sys.createdAt[lte]': last! })).toEqual([i1, i2, i3, i4]);
      const updated = await ok(
        api().put(
          `${spacePath(f.alpha)}/${i2}`,
          { admin: false, roles: [roleLink(f.writer)] },
          { headers: { [`${api().vendorPrefix}-Version`]: '0' } },
        ),
      );
      expect(await get({ 'sys.updatedAt[gte]': updated.sys.updatedAt })).toContain(i2);
      expect(await get({ 'sys.updatedAt[lte]': updated.sys.updatedAt })).toEqual([i1, i2, i3, i4]);
      expect(await get({ 'sys.updatedAt[gt]': updated.sys.updatedAt })).toEqual([]);
      expect(await get({ 'sys.updatedAt[lt]': first! })).toEqual([]);
      expect(await get({ 'roles.sys.id': f.writer })).toEqual([i1, i2]);
    });

    it('refuses fields, operators, values, orders, includes and parameters the table does not list with 400 InvalidQuery naming them', async () => {
      const org = await ownOrganization(api());
      const refusals: Array<[Record<string, string | number>, string[]]> = [
        [{ 'admin[in]': 'true' }, ['admin']],
        [{ admin: 'maybe' }, ['admin']],
        [{ 'roles.sys.id[ne]': 'x' }, ['roles', 'sys', 'id']],
        [{ 'roles.sys.id[nin]': 'x' }, ['roles', 'sys', 'id']],
        [{ 'roles.sys.id[exists]': 'true' }, ['roles', 'sys', 'id']],
        [{ 'roles.name[in]': 'x' }, ['roles', 'name']],
        [{ 'sys.space.name[match]': 'x' }, ['sys', 'space', 'name']],
        [{ 'sys.user.sys.id[exists]': 'true' }, ['sys', 'user', 'sys', 'id']],
        [{ 'sys.organizationMembership.sys.id[match]': 'x' }, ['sys', 'organizationMembership', 'sys', 'id']],
        [{ 'sys.createdAt': '2020-01-01T00:00:00Z' }, ['sys', 'createdAt']],
        [{ 'sys.updatedAt[gt]': 'yesterday' }, ['sys', 'updatedAt']],
        [{ 'sys.user.email': 'a@b.test' }, ['sys', 'user', 'email']],
        [{ 'sys.user.firstName[exists]': 'true' }, ['sys', 'user', 'firstName']],
        [{ 'sys.id': 'x' }, ['sys', 'id']],
        [{ 'sys.space.sys.id[near]': 'x' }, ['sys', 'space', 'sys', 'id']],
        [{ colour: 'red' }, ['colour']],
        [{ order: 'sys.updatedAt' }, ['sys', 'updatedAt']],
        [{ order: 'sys.space.name' }, ['sys', 'space', 'name']],
        [{ order: 'admin' }, ['admin']],
        [{ include: 'sys.team' }, ['include']],
        [{ include: 'sys.user,sys.organization' }, ['include']],
        [{ limit: 101 }, ['limit']],
        [{ skip: -1 }, ['skip']],
      ];
      for (const [query, named] of refusals) {
        const res = await api().get(orgPath(org), { query });
        expect([res.status, res.body.sys.id], JSON.stringify(query)).toEqual([400, 'InvalidQuery']);
        expect(res.body.details.errors[0].path, JSON.stringify(query)).toEqual(named);
      }
    });

    it("orders by sys.createdAt and the user's names and email, ascending or descending, with skip and limit", async () => {
      const f = await fixture();
      const { i1, i2, i3, i4 } = f;
      const ordered = async (order: string, extra: Record<string, string | number> = {}) => {
        const res = await api().get(orgPath(f.org), { query: { query: f.tag, order, ...extra } });
        expect(res.status, res.text).toBe(200);
        return ids(res);
      };
      expect(await ordered('sys.createdAt')).toEqual([i1, i2, i3, i4]);
      expect(await ordered('-sys.createdAt')).toEqual([i4, i3, i2, i1]);
      expect(await ordered('sys.user.firstName,sys.createdAt')).toEqual([i1, i3, i2, i4]);
      expect(await ordered('-sys.user.firstName,-sys.createdAt')).toEqual([i4, i2, i3, i1]);
      expect(await ordered('sys.user.lastName,sys.createdAt')).toEqual([i2, i1, i3, i4]);
      expect(await ordered('sys.user.email,-sys.createdAt')).toEqual([i3, i1, i2, i4]);
      expect(await ordered('-sys.user.email,sys.createdAt')).toEqual([i4, i2, i1, i3]);
      expect(await ordered('sys.user.email,sys.createdAt', { skip: 1, limit: 2 })).toEqual([i3, i2]);
      const page = await api().get(orgPath(f.org), { query: { query: f.tag, skip: 3, limit: 2 } });
      expect(page.body).toMatchObject({ total: 4, skip: 3, limit: 2, items: [{ sys: { id: i4 } }] });
    });

    it('searches the user id, names and email with query; includes what the current page links to, grouped by type', async () => {
      const f = await fixture();
      const { i1, i2, i3, i4, tag } = f;
      const search = async (q: string) => ids(await api().get(orgPath(f.org), { query: { query: q } }));
      expect(await search(`zephyr ${tag}`)).toEqual([i1, i3]);
      expect(await search(`bea${tag}`)).toEqual([i2]);
      expect(await search(f.cy.email)).toEqual([i4]);
      expect(await search(f.bea.userId)).toEqual([i2]);
      expect(await search(`nobody${tag}`)).toEqual([]);

      const sorted = (list: any[] | undefined) => (list ?? []).map((r: any) => r.sys.id).sort();
      const all = await api().get(orgPath(f.org), { query: { query: tag, include: 'roles,sys.user,sys.space' } });
      expect(sorted(all.body.includes.Role)).toEqual([f.editor, f.writer, f.betaEditor].sort());
      expect(all.body.includes.Role.find((r: any) => r.sys.id === f.writer)).toMatchObject({
        name: `Writer ${tag}`,
        sys: { type: 'Role' },
      });
      expect(sorted(all.body.includes.User)).toEqual([f.ada.userId, f.bea.userId, f.cy.userId].sort());
      expect(all.body.includes.User.find((u: any) => u.sys.id === f.bea.userId)).toMatchObject({
        email: f.bea.email,
        lastName: 'Young',
        sys: { type: 'User' },
      });
      expect(sorted(all.body.includes.Space)).toEqual([f.alpha, f.beta].sort());
      const owner = (await api().get('/users/me')).body.sys.id;
      const authors = await api().get(orgPath(f.org), {
        query: { query: tag, include: 'sys.createdBy,sys.updatedBy' },
      });
      expect(sorted(authors.body.includes.User)).toEqual([owner]);
      expect(authors.body.includes.Role).toBeUndefined();

      const onePage = await api().get(orgPath(f.org), {
        query: { query: tag, include: 'roles,sys.user,sys.space', skip: 2, limit: 1 },
      });
      expect(ids(onePage)).toEqual([i3]);
      expect(sorted(onePage.body.includes.Role)).toEqual([f.betaEditor]);
      expect(sorted(onePage.body.includes.User)).toEqual([f.ada.userId]);
      expect(sorted(onePage.body.includes.Space)).toEqual([f.beta]);
      expect((await api().get(orgPath(f.org), { query: { query: tag } })).body.includes).toBeUndefined();
    });

    it('lists the memberships of a space with include=sys.user, and refuses anything else', async () => {
      const f = await fixture();
      const listed = await api().get(spacePath(f.alpha), { query: { include: 'sys.user' } });
      expect(listed.status, listed.text).toBe(200);
      const owner = (await api().get('/users/me')).body.sys.id;
      expect(ids(listed)).toEqual([expect.any(String), f.i1, f.i2]); // the space's creator first
      expect(listed.body).toMatchObject({ sys: { type: 'Array' }, total: 3, skip: 0, limit: 100 });
      expect(listed.body.includes.User.map((u: any) => u.sys.id).sort()).toEqual(
        [owner, f.ada.userId, f.bea.userId].sort(),
      );
      expect(listed.body.includes.User.find((u: any) => u.sys.id === f.ada.userId)).toMatchObject({
        email: f.ada.email,
        firstName: `Ada${f.tag}`,
      });
      const page = await api().get(spacePath(f.beta), { query: { include: 'sys.user', skip: 2, limit: 1 } });
      expect(page.body).toMatchObject({ total: 3, skip: 2, limit: 1, items: [{ sys: { id: f.i4 } }] });
      expect(page.body.includes.User.map((u: any) => u.sys.id)).toEqual([f.cy.userId]);
      expect((await api().get(spacePath(f.alpha))).body.includes).toBeUndefined();

      const refusals: Array<[Record<string, string | number>, string[]]> = [
        [{ include: 'roles' }, ['include']],
        [{ include: 'sys.space' }, ['include']],
        [{ order: 'sys.createdAt' }, ['sys', 'createdAt']],
        [{ admin: 'true' }, ['admin']],
        [{ 'sys.user.sys.id': f.ada.userId }, ['sys', 'user', 'sys', 'id']],
        [{ query: 'ada' }, ['query']],
        [{ colour: 'red' }, ['colour']],
        [{ limit: 101 }, ['limit']],
      ];
      for (const [query, named] of refusals) {
        const res = await api().get(spacePath(f.alpha), { query });
        expect([res.status, res.body.sys.id], JSON.stringify(query)).toEqual([400, 'InvalidQuery']);
        expect(res.body.details.errors[0].path, JSON.stringify(query)).toEqual(named);
      }
      expect((await api().get(spacePath('no-such-space'), { query: { include: 'sys.user' } })).status).toBe(404);
    });
  });
}
