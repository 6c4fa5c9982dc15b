import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type ApiResponse } from './support/harness.ts';
import { ownOrganization, NONE } from './support/member-fixtures.ts';

const roleLink = (id: string) => ({ sys: { type: 'Link', linkType: 'Role', id } });
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The filters, orders and includes of the team space membership lists (per space and organization-wide) that
 * `team-space-memberships.contract.test.ts` does not show, each operator of the tables; and a role deleted while a
 * team space membership naming it is created.
 */
for (const kind of DB_KINDS) {
  describe(`${kind}: team space membership filters`, () => {
    const api = useServer(kind);
    let counter = 0;
    const team = (value: string) => ({ headers: { [`${api().vendorPrefix}-Team`]: value } });
    const spacePath = (space: string) => `/spaces/${space}/team_space_memberships`;
    const orgPath = (org: string) => `/organizations/${org}/team_space_memberships`;

    async function ok(res: Promise<ApiResponse>): Promise<any> {
      const done = await res;
      expect(done.status, done.text).toBeLessThan(300);
      return done.body;
    }
    const newTeam = async (org: string) =>
      (
        await ok(
          api().post(`/organizations/${org}/teams`, { name: `Filters ${process.pid}-${++counter}`, description: null }),
        )
      ).sys.id as string;
    const newRole = async (space: string, name: string) =>
      (await ok(api().post(`/spaces/${space}/roles`, { name, permissions: NONE, policies: [] }))).sys.id as string;
    const ids = (res: ApiResponse) => res.body.items.map((m: any) => m.sys.id);

    /** Spaces Gamma and Delta; Editor and Writer in Gamma, Editor in Delta; a: Gamma/T1 (Editor, Writer), b: Gamma/T2 admin, c: Delta/T1 (Editor), d: Delta/T3 (Editor). */
    async function fixture() {
      const org = await ownOrganization(api());
      const tag = `f${process.pid}x${Date.now().toString(36)}x${++counter}`;
      const space = async (name: string) =>
        (await ok(api().post('/spaces', { name: `${name} ${tag}` }))).sys.id as string;
      const [gamma, delta] = [await space('Gamma'), await space('Delta')];
      const [t1, t2, t3] = [await newTeam(org), await newTeam(org), await newTeam(org)];
      const [editor, writer, deltaEditor] = [
        await newRole(gamma, `Editor ${tag}`),
        await newRole(gamma, `Writer ${tag}`),
        await newRole(delta, `Editor ${tag}`),
      ];
      const give = (s: string, t: string, admin: boolean, roles: string[]) =>
        ok(api().post(spacePath(s), { admin, roles: roles.map(roleLink) }, team(t)));
      const a = await give(gamma, t1, false, [editor, writer]);
      const b = await give(gamma, t2, true, []);
      const c = await give(delta, t1, false, [deltaEditor]);
      const d = await give(delta, t3, false, [deltaEditor]);
      return {
        org,
        tag,
        gamma,
        delta,
        t1,
        t2,
        t3,
        editor,
        writer,
        deltaEditor,
        all: [a, b, c, d],
        ids: [a, b, c, d].map((m) => m.sys.id as string) as [string, string, string, string],
      };
    }

    it('organization-wide: every operator of roles.name, roles.sys.id, sys.team.sys.id, sys.space.*, and date ranges', async () => {
      const f = await fixture();
      const [a, b, c, d] = f.ids;
      const get = async (
        q: Record<string, string>,
        scope: Record<string, string> = { 'sys.space.sys.id[in]': `${f.gamma},${f.delta}` },
      ) => {
        const res = await api().get(orgPath(f.org), { query: { ...scope, ...q } });
        expect(res.status, `${JSON.stringify(q)} ${res.text}`).toBe(200);
        return ids(res);
      };
      const byTeams = { 'sys.team.sys.id[in]': `${f.t1},${f.t2},${f.t3}` };
      expect(await get({})).toEqual([a, b, c, d]);
      expect(await get({ 'roles.name': `Editor ${f.tag}` })).toEqual([a, c, d]);
      expect(await get({ 'roles.name[ne]': `Writer ${f.tag}` })).toEqual([b, c, d]);
      expect(await get({ 'roles.name[in]': `Writer ${f.tag},Nobody` })).toEqual([a]);
      expect(await get({ 'roles.name[nin]': `Writer ${f.tag},Editor ${f.tag}` })).toEqual([b]);
      expect(await get({ 'roles.sys.id': f.deltaEditor })).toEqual([c, d]);
      expect(await get({ 'roles.sys.id[in]': `${f.writer},${f.deltaEditor}` })).toEqual([a, c, d]);
      expect(await get({ 'sys.team.sys.id': f.t1 })).toEqual([a, c]);
      expect(await get({ 'sys.team.sys.id[ne]': f.t1 })).toEqual([b, d]);
      expect(await get({ 'sys.team.sys.id[in]': `${f.t2},${f.t3}` })).toEqual([b, d]);
      expect(await get({ 'sys.team.sys.id[nin]': `${f.t2},${f.t3}` })).toEqual([a, c]);
      expect(await get({ 'sys.space.sys.id': f.delta }, byTeams)).toEqual([c, d]);
      expect(await get({ 'sys.space.sys.id[ne]': f.delta }, byTeams)).toEqual([a, b]);
      expect(await get({ 'sys.space.sys.id[in]': `${f.gamma},nope` }, byTeams)).toEqual([a, b]);
      expect(await get({ 'sys.space.sys.id[nin]': f.gamma }, byTeams)).toEqual([c, d]);
      expect(await get({ 'sys.space.name': `Delta ${f.tag}` }, byTeams)).toEqual([c, d]);
      expect(await get({ 'sys.space.name[ne]': `Delta ${f.tag}` }, byTeams)).toEqual([a, b]);
      expect(await get({ 'sys.space.name[in]': `Gamma ${f.tag},Omega` }, byTeams)).toEqual([a, b]);
      expect(await get({ 'sys.space.name[nin]': `Gamma ${f.tag}` }, byTeams)).toEqual([c, d]);
      expect(await get({ 'sys.space.name[match]': `delta ${f.tag}` }, byTeams)).toEqual([c, d]);

      const [first, , third, last] = f.all.map((m) => m.sys.createdAt as string);
      expect(await get({ 'sys.createdAt[lt]': first! })).toEqual([]);
      expect(await get({ 'sys.createdAt[lte]': third! })).toEqual(expect.arrayContaining([a, b, c]));
      expect(await get({ 'sys.createdAt[gte]': third! })).toEqual(expect.arrayContaining([c, d]));
      expect(await get({ 'sys.createdAt[gt]': last! })).toEqual([]);
      expect(await get({ 'sys.createdAt[gte]': first!, 'sys.createdAt[lte]': last! })).toEqual([a, b, c, d]);
      const updated = await ok(
        api().put(
          `${spacePath(f.gamma)}/${b}`,
          { admin: false, roles: [roleLink(f.editor)] },
          { headers: { [`${api().vendorPrefix}-Version`]: '0' } },
        ),
      );
      expect(await get({ 'sys.updatedAt[gte]': updated.sys.updatedAt })).toContain(b);
      expect(await get({ 'sys.updatedAt[gt]': updated.sys.updatedAt })).toEqual([]);
      expect(await get({ 'sys.updatedAt[lte]': updated.sys.updatedAt })).toEqual([a, b, c, d]);
      expect(await get({ 'sys.updatedAt[lt]': first! })).toEqual([]);
      expect(await get({ order: 'sys.updatedAt' })).toEqual([a, c, d, b]);
      expect(await get({ order: '-sys.updatedAt' })).toEqual([b, d, c, a]);

      const refused: Array<Record<string, string>> = [
        { 'roles.name[match]': 'x' },
        { 'roles.sys.id[nin]': 'x' },
        { 'sys.team.sys.id[match]': 'x' },
        { 'sys.createdAt': first! },
        { 'sys.space.sys.id[exists]': 'true' },
      ];
      for (const bad of refused) {
        const res = await api().get(orgPath(f.org), { query: bad });
        expect([res.status, res.body.sys.id], JSON.stringify(bad)).toEqual([400, 'InvalidQuery']);
      }
    });

    it('includes only what the current page links to; the space list orders by sys.updatedAt and refuses other filters', async () => {
      const f = await fixture();
      const [a, b, c] = f.ids;
      const sorted = (list: any[] | undefined) => (list ?? []).map((r: any) => r.sys.id).sort();
      const scope = { 'sys.space.sys.id[in]': `${f.gamma},${f.delta}` };
      const page = await api().get(orgPath(f.org), {
        query: { ...scope, skip: 2, limit: 1, include: 'roles,sys.space,sys.team' },
      });
      expect(ids(page)).toEqual([c]);
      expect([
        sorted(page.body.includes.Role),
        sorted(page.body.includes.Space),
        sorted(page.body.includes.Team),
      ]).toEqual([[f.deltaEditor], [f.delta], [f.t1]]);
      const team1 = page.body.includes.Team[0];
      expect(team1).toMatchObject({ sys: { type: 'Team', id: f.t1 } });

      await ok(
        api().put(
          `${spacePath(f.gamma)}/${a}`,
          { admin: true, roles: [] },
          { headers: { [`${api().vendorPrefix}-Version`]: '0' } },
        ),
      );
      const bySpace = async (query: Record<string, string | number>) =>
        ids(await api().get(spacePath(f.gamma), { query }));
      expect(await bySpace({ order: 'sys.updatedAt' })).toEqual([b, a]);
      expect(await bySpace({ order: '-sys.updatedAt' })).toEqual([a, b]);
      expect(await bySpace({ order: 'sys.createdAt', limit: 1, skip: 1 })).toEqual([b]);
      const onlyB = await api().get(spacePath(f.gamma), { query: { 'sys.id': b, include: 'sys.team' } });
      expect(sorted(onlyB.body.includes.Team)).toEqual([f.t2]);
      const refused: Array<Record<string, string | number>> = [
        { 'sys.id[ne]': a },
        { 'roles.sys.id': f.editor },
        { include: 'sys.space' },
        { order: 'sys.id' },
        { limit: 101 },
      ];
      for (const bad of refused) {
        const res = await api().get(spacePath(f.gamma), { query: bad });
        expect([res.status, res.body.sys.id], JSON.stringify(bad)).toEqual([400, 'InvalidQuery']);
      }
    });

    it('a role deleted while a team space membership naming it is created: never a link to a deleted role, never a 500', async () => {
      const org = await ownOrganization(api());
      const space = (await ok(api().post('/spaces', { name: `Race ${++counter}` }))).sys.id as string;
      const spare = await newRole(space, `Spare ${counter}`);
      const teams = await Promise.all(Array.from({ length: 4 }, () => newTeam(org)));
      const outcomes = new Map<string, number>();
      for (let round = 0; round < 12; round++) {
        const roles = await Promise.all(teams.map((_, i) => newRole(space, `Raced ${round}-${i}-${counter}`)));
        // Half the memberships name the raced role only (the delete is refused once they exist), half also a spare one.
        const results = await Promise.all(
          teams.flatMap((t, i) => {
            const named = i % 2 ? [roles[i]!, spare] : [roles[i]!];
            return [
              api().post(spacePath(space), { admin: false, roles: named.map(roleLink) }, team(t)),
              // The delete starts a little later each time, so some land before the create's statements, some after.
              later(((round * teams.length + i) % 10) * 4).then(() =>
                api().delete(`/spaces/${space}/roles/${roles[i]}`),
              ),
            ];
          }),
        );
        for (const i of teams.keys()) {
          const [created, deleted] = [results[2 * i]!, results[2 * i + 1]!];
          const key = `${created.status}/${deleted.status}`;
          outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
          expect(created.status, created.text).toBeLessThan(500);
          expect(deleted.status, deleted.text).toBeLessThan(500);
          const roleLeft = (await api().get(`/spaces/${space}/roles/${roles[i]}`)).status;
          if (created.status === 201) {
            const now = await ok(api().get(`${spacePath(space)}/${created.body.sys.id}`));
            const soleRole = i % 2 === 0;
            if (soleRole)
              expect([deleted.status, deleted.body.sys.id, roleLeft]).toEqual([422, 'ActionPreconditionsFailed', 200]);
            else if (deleted.status === 204) expect(now.roles).toEqual([roleLink(spare)]);
            else throw new Error(`unexpected delete answer ${deleted.status} ${deleted.text}`);
            for (const r of now.roles) expect((await api().get(`/spaces/${space}/roles/${r.sys.id}`)).status).toBe(200);
            expect((await api().delete(`${spacePath(space)}/${created.body.sys.id}`)).status).toBe(204);
          } else {
            expect([created.status, created.body.sys.id]).toEqual([422, 'ValidationFailed']);
            expect(created.body.details.errors).toContainEqual(
              expect.objectContaining({ name: 'notResolvable', path: ['roles', 0] }),
            );
            expect([deleted.status, roleLeft]).toEqual([204, 404]);
          }
        }
        expect((await ok(api().get(spacePath(space)))).total).toBe(0);
      }
      const orgWide = await ok(api().get(orgPath(org), { query: { 'sys.space.sys.id': space } }));
      expect(orgWide.total).toBe(0);
      expect(
        [...outcomes.keys()].every((k) => ['201/422', '201/204', '422/204'].includes(k)),
        JSON.stringify([...outcomes]),
      ).toBe(true);
    });
  });
}
