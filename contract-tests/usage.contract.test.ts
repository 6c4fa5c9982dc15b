import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type TestServer } from './support/harness.ts';
import { joinAs, ownOrganization } from './support/member-fixtures.ts';

const env = (id: string) => ({ sys: { type: 'Link', linkType: 'Environment', id } });
const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (day: string, n: number) => new Date(Date.parse(day) - n * 86_400_000).toISOString().slice(0, 10);

/** A new space and a delivery token of its master environment (2 counted requests: the key and nothing else). */
async function spaceWithToken(api: TestServer, name: string) {
  const space = await api.post('/spaces', { name });
  expect(space.status).toBe(201);
  const spaceId = space.body.sys.id as string;
  const key = await api.post(`/spaces/${spaceId}/api_keys`, { name: 'usage', environments: [env('master')] });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  return { spaceId, token: key.body.accessToken as string };
}

const gql = (api: TestServer, spaceId: string, token: string) =>
  api.request('POST', `/content/v1/spaces/${spaceId}`, {
    rawBody: JSON.stringify({ query: '{ __typename }' }),
    headers: { 'Content-Type': 'application/json' },
    token,
  });

for (const kind of DB_KINDS) {
  describe(`${kind}: the Usage API`, () => {
    const api = useServer(kind);
    const usages = (
      org: string,
      kind: 'organization' | 'space',
      query: Record<string, string | number> = {},
      token?: string,
    ) => api().get(`/organizations/${org}/${kind}_periodic_usages`, { query, token });

    it('counts each management and GraphQL request of a space once, per metric and day, with every day of the range', async () => {
      const org = await ownOrganization(api());
      const { spaceId, token } = await spaceWithToken(api(), 'Metered');
      for (let i = 0; i < 3; i++)
        expect((await api().get(`/spaces/${spaceId}/environments/master/locales`)).status).toBe(200);
      expect((await api().get(`/spaces/${spaceId}/environments/nope/locales`)).status).toBe(404); // admitted: counted
      for (let i = 0; i < 2; i++) expect((await gql(api(), spaceId, token)).status).toBe(200);
      expect((await gql(api(), spaceId, 'not-a-token')).status).toBe(401); // refused: not counted
      expect((await api().get(`/spaces/${spaceId}/environments`, { token: 'not-a-token' })).status).toBe(401);

      const res = await usages(org, 'space');
      expect(res.status).toBe(200);
      const mine = res.body.items.filter((u: any) => u.sys.space.sys.id === spaceId);
      expect(mine.map((u: any) => u.metric)).toEqual(['cda', 'cma', 'cpa', 'gql']);
      const [start, end] = [daysBefore(today(), 44), today()];
      const cma = mine.find((u: any) => u.metric === 'cma');
      expect(cma).toEqual({
        metric: 'cma',
        usage: 5, // the key, three lists, the unknown environment
        usagePerDay: expect.any(Object),
        unitOfMeasure: 'apiRequestsCount',
        dateRange: { startAt: start, endAt: end },
        sys: {
          type: 'SpacePeriodicUsage',
          id: `usage-cma-${spaceId}-${start}-${end}`,
          organization: { sys: { type: 'Link', linkType: 'Organization', id: org } },
          space: { sys: { type: 'Link', linkType: 'Space', id: spaceId } },
        },
      });
      expect(Object.keys(cma.usagePerDay)).toHaveLength(45);
      expect(Object.keys(cma.usagePerDay)[0]).toBe(start);
      expect(cma.usagePerDay[end]).toBe(5);
      expect(Object.values(cma.usagePerDay).reduce((a: number, b: any) => a + b, 0)).toBe(5);
      expect(mine.find((u: any) => u.metric === 'gql')).toMatchObject({ usage: 2, usagePerDay: { [end]: 2 } });
      expect(mine.find((u: any) => u.metric === 'cda')).toMatchObject({ usage: 0, usagePerDay: { [end]: 0 } });
    });

    it("counts the organization's own paths for the organization: its usage grows by exactly the requests sent", async () => {
      const org = await ownOrganization(api());
      const { spaceId, token } = await spaceWithToken(api(), 'Organization total');
      const cmaToday = async () => {
        const res = await usages(org, 'organization', { 'metric[in]': 'cma,gql', 'dateRange.startAt': today() });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ sys: { type: 'Array' }, total: 2, skip: 0, limit: 100 });
        const [cma, gqlUsage] = res.body.items;
        expect([cma.metric, gqlUsage.metric]).toEqual(['cma', 'gql']);
        expect(cma.sys).toEqual({
          type: 'OrganizationPeriodicUsage',
          id: `usage-cma-${org}-${today()}-${today()}`,
          organization: { sys: { type: 'Link', linkType: 'Organization', id: org } },
        });
        return [cma.usagePerDay[today()], gqlUsage.usage];
      };
      const [cmaBefore, gqlBefore] = await cmaToday();
      await api().get(`/spaces/${spaceId}/environments`);
      await api().get(`/organizations/${org}/organization_memberships`); // the organization's own path
      await api().get('/users/me'); // no organization: not counted
      await api().get('/organizations'); // the actor's own list: not counted
      await gql(api(), spaceId, token);
      // Two requests and the second report itself (counted as it is admitted, stored before it reads).
      expect(await cmaToday()).toEqual([cmaBefore + 3, gqlBefore + 1]);
    });

    it('filters by metric and by any range of days, zeros included', async () => {
      const org = await ownOrganization(api());
      const old = await usages(org, 'organization', {
        'metric[in]': 'cpa',
        'dateRange.startAt': '2020-02-27',
        'dateRange.endAt': '2020-03-01',
      });
      expect(old.status).toBe(200);
      expect(old.body.items).toEqual([
        expect.objectContaining({
          metric: 'cpa',
          usage: 0,
          usagePerDay: { '2020-02-27': 0, '2020-02-28': 0, '2020-02-29': 0, '2020-03-01': 0 },
          dateRange: { startAt: '2020-02-27', endAt: '2020-03-01' },
          sys: expect.objectContaining({ id: `usage-cpa-${org}-2020-02-27-2020-03-01` }),
        }),
      ]);
      const ended = await usages(org, 'organization', { 'dateRange.endAt': '2020-03-01' });
      expect(ended.body.items[0].dateRange).toEqual({ startAt: '2020-01-17', endAt: '2020-03-01' });
    });

    it('pages and orders the space items; the total counts every space and metric', async () => {
      const org = await ownOrganization(api());
      const busy = await spaceWithToken(api(), 'Busy');
      for (let i = 0; i < 10; i++) await api().get(`/spaces/${busy.spaceId}`);
      const query = { 'metric[in]': 'cma', 'dateRange.startAt': today() };
      const all = await usages(org, 'space', { ...query, order: '-usage' });
      expect(all.status).toBe(200);
      const totals = all.body.items.map((u: any) => u.usage);
      expect(totals).toEqual([...totals].sort((a: number, b: number) => b - a));
      expect(all.body.items[0].sys.space.sys.id).toBe(busy.spaceId); // 11 requests: more than any other space here
      const spaces = (await api().get('/spaces', { query: { limit: 1000 } })).body.items.length as number;
      expect(all.body.total).toBe(spaces);

      const bySpace = await usages(org, 'space', { ...query, order: 'sys.space.sys.id' });
      const ids = bySpace.body.items.map((u: any) => u.sys.space.sys.id);
      expect(ids).toEqual([...ids].sort());
      const second = await usages(org, 'space', { ...query, order: 'sys.space.sys.id', skip: 1, limit: 1 });
      expect(second.body).toMatchObject({ skip: 1, limit: 1, total: spaces });
      expect(second.body.items.map((u: any) => u.sys.space.sys.id)).toEqual([ids[1]]);

      const byMetric = await usages(org, 'organization', { order: '-metric' });
      expect(byMetric.body.items.map((u: any) => u.metric)).toEqual(['gql', 'cpa', 'cma', 'cda']);
    });

    it('is for organization owners and admins only', async () => {
      const org = await ownOrganization(api());
      for (const role of ['member', 'developer'] as const) {
        const { token } = await joinAs(api(), org, role);
        for (const kind of ['organization', 'space'] as const) {
          const refused = await usages(org, kind, {}, token);
          expect([refused.status, refused.body.sys.id]).toEqual([403, 'AccessDenied']);
        }
      }
      const admin = await joinAs(api(), org, 'admin');
      expect((await usages(org, 'organization', {}, admin.token)).status).toBe(200);
      expect((await usages(org, 'space', {}, admin.token)).status).toBe(200);
      const unknown = await usages('no-such-org', 'organization');
      expect([unknown.status, unknown.body.sys.id]).toEqual([404, 'NotFound']);
    });

    it('refuses an unknown metric, a malformed date and a reversed or too long range with 400 InvalidQuery', async () => {
      const org = await ownOrganization(api());
      const cases: Array<[Record<string, string>, string, RegExp]> = [
        [{ 'metric[in]': 'cma,cmb' }, 'metric[in]', /Unknown metric "cmb"/],
        [{ metric: 'cma' }, 'metric', /not recognized/],
        [{ 'dateRange.startAt': '2026-13-01' }, 'dateRange.startAt', /not a date/],
        [{ 'dateRange.endAt': 'yesterday' }, 'dateRange.endAt', /not a date/],
        [{ 'dateRange.startAt': '2021-05-02', 'dateRange.endAt': '2021-05-01' }, 'dateRange.startAt', /ends before/],
        [{ 'dateRange.startAt': '2019-01-01', 'dateRange.endAt': '2021-01-01' }, 'dateRange.startAt', /366 days/],
      ];
      for (const kind of ['organization', 'space'] as const) {
        for (const [query, parameter, message] of cases) {
          const res = await usages(org, kind, query);
          expect([res.status, res.body.sys.id], JSON.stringify(query)).toEqual([400, 'InvalidQuery']);
          expect(res.body.message).toMatch(message);
          expect(res.body.details.errors[0].path.join('.')).toBe(parameter);
        }
      }
      const order = await usages(org, 'organization', { order: 'sys.space.sys.id' });
      expect([order.status, order.body.sys.id]).toEqual([400, 'InvalidQuery']);
    });
  });
}

describe('pglite: metering switched off', () => {
  const api = useServer('pglite', { env: { TESSERA_USAGE_METERING: '0' } });

  it('counts nothing, and the reports still answer', async () => {
    const org = await ownOrganization(api());
    const { spaceId } = await spaceWithToken(api(), 'Unmetered');
    await api().get(`/spaces/${spaceId}`);
    const res = await api().get(`/organizations/${org}/space_periodic_usages`, { query: { 'metric[in]': 'cma' } });
    expect(res.status).toBe(200);
    expect(res.body.items.map((u: any) => u.usage)).toEqual([0]);
  });
});
