import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type ApiResponse } from './support/harness.ts';
import { invite, newEmail, ownOrganization } from './support/member-fixtures.ts';

/**
 * Audit of issue 21, the common collection features on every collection endpoint of the user-management spec: the
 * default and the maximum `limit` (100), and 400 `InvalidQuery` naming the parameter for an unknown field, an
 * operator the endpoint's table does not list, an unknown order and a limit over 100. Then the organization
 * memberships' `sys.lastActiveAt` and `sys.sso.lastSignInAt` filters and order, which Tessera answers as null.
 */
for (const kind of DB_KINDS) {
  describe(`${kind}: user-management collections (audit)`, () => {
    const api = useServer(kind);

    async function ok(res: Promise<ApiResponse>): Promise<any> {
      const done = await res;
      expect(done.status, done.text).toBeLessThan(300);
      return done.body;
    }

    /** Each collection endpoint, with a declared filter given an operator its table does not list (none: no filters). */
    async function endpoints() {
      const org = await ownOrganization(api());
      const space = (await ok(api().post('/spaces', { name: 'UM audit' }))).sys.id as string;
      const team = (
        await ok(
          api().post(`/organizations/${org}/teams`, { name: `Audit ${process.pid}-${Date.now()}`, description: null }),
        )
      ).sys.id as string;
      return [
        { path: `/organizations/${org}/organization_memberships`, badOperator: 'role[exists]' },
        { path: `/organizations/${org}/teams` },
        { path: `/organizations/${org}/teams/${team}/team_memberships` },
        { path: `/organizations/${org}/team_memberships`, badOperator: 'sys.organizationMembership.sys.id[match]' },
        { path: `/spaces/${space}/space_memberships` },
        { path: `/organizations/${org}/space_memberships`, badOperator: 'admin[in]' },
        { path: `/spaces/${space}/team_space_memberships`, badOperator: 'sys.id[ne]' },
        { path: `/organizations/${org}/team_space_memberships`, badOperator: 'roles.sys.id[nin]' },
        { path: `/spaces/${space}/space_members` },
        { path: `/organizations/${org}/roles` },
      ];
    }

    it('every collection: limit defaults to 100 and takes 100; limit 101, unknown fields, operators and orders are 400 InvalidQuery naming them', async () => {
      for (const { path, badOperator } of await endpoints()) {
        expect((await ok(api().get(path))).limit, path).toBe(100);
        expect(await ok(api().get(path, { query: { limit: 100, skip: 0 } })), path).toMatchObject({
          sys: { type: 'Array' },
          skip: 0,
          limit: 100,
        });
        const refusals: Array<[Record<string, string | number>, string[]]> = [
          [{ limit: 101 }, ['limit']],
          [{ skip: 'x' }, ['skip']],
          [{ colour: 'red' }, ['colour']],
          [{ 'sys.colour[eq]': 'red' }, ['sys', 'colour']],
          [{ order: 'sys.colour' }, ['sys', 'colour']],
          ...(badOperator
            ? [[{ [badOperator]: 'x' }, badOperator.split('[')[0]!.split('.')] as [Record<string, string>, string[]]]
            : []),
        ];
        for (const [query, named] of refusals) {
          const res = await api().get(path, { query });
          expect([res.status, res.body.sys.id], `${path} ${JSON.stringify(query)} ${res.text}`).toEqual([
            400,
            'InvalidQuery',
          ]);
          expect(
            res.body.details.errors.map((e: any) => e.path),
            `${path} ${JSON.stringify(query)}`,
          ).toContainEqual(named);
        }
      }
    });

    it('organization memberships: sys.lastActiveAt and sys.sso are null; their filters and order take every operator the table lists', async () => {
      const org = await ownOrganization(api());
      const tag = `active${process.pid}x${Date.now().toString(36)}`;
      for (const name of ['A', 'B'])
        await ok(
          api().post(`/organizations/${org}/invitations`, {
            email: newEmail(`${name}-${tag}`),
            firstName: `${name}${tag}`,
          }),
        );
      await invite(api(), org, newEmail('unrelated'));
      const path = `/organizations/${org}/organization_memberships`;
      const list = async (q: Record<string, string>) => {
        const res = await api().get(path, { query: { query: tag, ...q } });
        expect(res.status, `${JSON.stringify(q)} ${res.text}`).toBe(200);
        return res.body.items.map((m: any) => m.sys.id) as string[];
      };
      const all = await list({});
      expect(all).toHaveLength(2);
      const one = await ok(api().get(`${path}/${all[0]}`));
      expect(one.sys).toMatchObject({ lastActiveAt: null, sso: null });
      expect(
        (await ok(api().get(path, { query: { query: tag } }))).items.every(
          (m: any) => m.sys.lastActiveAt === null && m.sys.sso === null,
        ),
      ).toBe(true);

      for (const field of ['sys.lastActiveAt', 'sys.sso.lastSignInAt']) {
        expect(await list({ [`${field}[exists]`]: 'false' }), field).toEqual(all);
        expect(await list({ [`${field}[exists]`]: 'true' }), field).toEqual([]);
        for (const op of ['lt', 'lte', 'gt', 'gte'])
          expect(await list({ [`${field}[${op}]`]: '2020-01-01T00:00:00Z' }), `${field}[${op}]`).toEqual([]);
        for (const bad of [
          { [field]: '2020-01-01T00:00:00Z' },
          { [`${field}[ne]`]: '2020-01-01T00:00:00Z' },
          { [`${field}[gt]`]: 'yesterday' },
        ]) {
          const res = await api().get(path, { query: bad });
          expect([res.status, res.body.sys.id, res.body.details.errors[0].path], JSON.stringify(bad)).toEqual([
            400,
            'InvalidQuery',
            field.split('.'),
          ]);
        }
      }
      expect(await list({ order: 'sys.lastActiveAt,sys.createdAt' })).toEqual(all);
      expect(await list({ order: '-sys.lastActiveAt,-sys.createdAt' })).toEqual([...all].reverse());
      const unordered = await api().get(path, { query: { order: 'sys.sso.lastSignInAt' } });
      expect([unordered.status, unordered.body.details.errors[0].path]).toEqual([400, ['sys', 'sso', 'lastSignInAt']]);
    });

    it('team memberships, per team and organization-wide, order by sys.createdAt and sys.updatedAt both ways', async () => {
      const org = await ownOrganization(api());
      const team = (
        await ok(
          api().post(`/organizations/${org}/teams`, {
            name: `Ordered ${process.pid}-${Date.now()}`,
            description: null,
          }),
        )
      ).sys.id as string;
      const made: string[] = [];
      for (const name of ['first', 'second', 'third']) {
        const membershipId = (await invite(api(), org, newEmail(name))).sys.organizationMembership.sys.id as string;
        made.push(
          (
            await ok(
              api().post(`/organizations/${org}/teams/${team}/team_memberships`, {
                organizationMembershipId: membershipId,
              }),
            )
          ).sys.id,
        );
      }
      const perTeam = `/organizations/${org}/teams/${team}/team_memberships`;
      const orgWide = `/organizations/${org}/team_memberships`;
      const ordered = async (path: string, order: string) =>
        ((await ok(api().get(path, { query: { order } }))).items.map((m: any) => m.sys.id) as string[]).filter((id) =>
          made.includes(id),
        );
      for (const path of [perTeam, orgWide]) {
        for (const field of ['sys.createdAt', 'sys.updatedAt']) {
          expect(await ordered(path, field), `${path} ${field}`).toEqual(made);
          expect(await ordered(path, `-${field}`), `${path} -${field}`).toEqual([...made].reverse());
        }
      }
    });
  });
}
