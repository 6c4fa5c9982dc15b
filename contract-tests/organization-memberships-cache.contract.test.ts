import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { accept, invite, joinAs, newEmail, ownOrganization } from './support/member-fixtures.ts';
import { settled, useTwoProcesses } from './support/two-processes.ts';

/**
 * Organization membership lists are served from the read cache (per organization and query): every write that
 * changes what a list shows (an invitation's pending membership, a join, a new name, a role change, a removal) is
 * seen by the very next list, and by the other processes on the same database soon after.
 */
const LISTS = [
  { order: 'sys.user.lastName', include: 'sys.user' },
  { role: 'member', order: 'sys.user.lastName', include: 'sys.user' },
  { 'sys.status': 'pending' },
] as const;

type Answer = { total: number; items: any[]; includes?: { User?: any[] } };
const ids = (answer: Answer) => answer.items.map((m) => m.sys.id as string);
const userOf = (answer: Answer, membershipId: string) => {
  const userId = answer.items.find((m) => m.sys.id === membershipId)?.sys.user.sys.id;
  return answer.includes?.User?.find((u) => u.sys.id === userId);
};

for (const kind of DB_KINDS) {
  describe(`${kind}: cached organization membership lists`, () => {
    const api = useServer(kind);
    const headers = (version: number) => ({ [`${api().vendorPrefix}-Version`]: String(version) });

    it('show each write to the next list: invitation, join with a new name, role change, removal', async () => {
      const org = await ownOrganization(api());
      const path = `/organizations/${org}/organization_memberships`;
      const lists = async () =>
        Promise.all(
          LISTS.map(async (query) => {
            const res = await api().get(path, { query });
            expect(res.status).toBe(200);
            return res.body as Answer;
          }),
        );
      await lists();
      const [all, members, pending] = await lists(); // the second read comes from the cache

      const email = newEmail('cached');
      const invitation = await invite(api(), org, email, 'member');
      const membershipId = invitation.sys.organizationMembership.sys.id as string;
      const invited = await lists();
      expect(invited[0]!.total).toBe(all!.total + 1);
      expect(ids(invited[1]!)).toContain(membershipId);
      expect(invited[2]!.total).toBe(pending!.total + 1);
      expect(ids(invited[2]!)).toContain(membershipId);

      expect(
        (await accept(api(), invitation.sys.invitationUrl, { firstName: 'Aaron', lastName: 'Aaa-first' })).status,
      ).toBe(201);
      const joined = await lists();
      expect(ids(joined[1]!)[0]).toBe(membershipId); // ordered first by the new last name
      expect(userOf(joined[1]!, membershipId)).toMatchObject({ firstName: 'Aaron', lastName: 'Aaa-first' });
      expect(ids(joined[2]!)).not.toContain(membershipId);
      expect(joined[2]!.total).toBe(pending!.total);

      const version = (await api().get(`${path}/${membershipId}`)).body.sys.version as number;
      expect(
        (await api().put(`${path}/${membershipId}`, { role: 'developer' }, { headers: headers(version) })).status,
      ).toBe(200);
      const promoted = await lists();
      expect(promoted[0]!.items.find((m) => m.sys.id === membershipId)?.role).toBe('developer');
      expect(ids(promoted[1]!)).not.toContain(membershipId);
      expect(promoted[1]!.total).toBe(members!.total);

      expect((await api().delete(`${path}/${membershipId}`)).status).toBe(204);
      const removed = await lists();
      expect(removed[0]!.total).toBe(all!.total);
      expect(ids(removed[0]!)).not.toContain(membershipId);
    });

    it('are the same for every member, and strangers still get 404', async () => {
      const org = await ownOrganization(api());
      const path = `/organizations/${org}/organization_memberships`;
      const member = await joinAs(api(), org, 'member');
      const asOwner = await api().get(path, { query: LISTS[0] });
      const asMember = await api().get(path, { query: LISTS[0], token: member.token });
      expect(asMember.body).toEqual(asOwner.body);
      expect((await api().delete(`${path}/${member.membershipId}`, { token: member.token })).status).toBe(204);
      expect((await api().get(path, { query: LISTS[0], token: member.token })).status).toBe(404);
    });
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'cached organization membership lists across two processes on one PostgreSQL database',
  () => {
    const token = 'membership-cache-token-0000';
    const processes = useTwoProcesses(token);
    let list: (query?: Record<string, string>) => Promise<Answer>;
    let org = '';
    beforeAll(async () => {
      const { baseB, call } = processes();
      org = (await call(baseB, 'GET', '/organizations')).body.items[0].sys.id;
      list = async (query = {}) => {
        const res = await call(
          baseB,
          'GET',
          `/organizations/${org}/organization_memberships?${new URLSearchParams({ ...LISTS[0], ...query })}`,
        );
        expect(res.status).toBe(200);
        return res.body as Answer;
      };
    });

    it("a write through one process is seen by the other's cached lists", async () => {
      const { baseA, call } = processes();
      const path = `/organizations/${org}/organization_memberships`;
      const before = await list();
      await list();

      const invited = await call(baseA, 'POST', `/organizations/${org}/invitations`, {
        email: newEmail('two'),
        role: 'member',
      });
      expect(invited.status).toBe(201);
      const membershipId = invited.body.sys.organizationMembership.sys.id as string;
      expect(ids(await settled(list, (a) => ids(a).includes(membershipId)))).toContain(membershipId);

      const joined = await fetch(invited.body.sys.invitationUrl.replace(/^https?:\/\/[^/]+/, baseA), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ firstName: 'Renamed', lastName: 'Aaa-first' }),
      });
      expect(joined.status).toBe(201);
      const renamed = await settled(list, (a) => userOf(a, membershipId)?.lastName === 'Aaa-first');
      expect(userOf(renamed, membershipId)).toMatchObject({ firstName: 'Renamed', lastName: 'Aaa-first' });

      const version = (await call(baseA, 'GET', `${path}/${membershipId}`)).body.sys.version as number;
      expect(
        (
          await call(
            baseA,
            'PUT',
            `${path}/${membershipId}`,
            { role: 'admin' },
            { [`${processes().a.config.vendor.headerPrefix}-Version`]: String(version) },
          )
        ).status,
      ).toBe(200);
      const admins = await settled(
        () => list({ role: 'admin' }),
        (a) => ids(a).includes(membershipId),
      );
      expect(ids(admins)).toContain(membershipId);

      expect((await call(baseA, 'DELETE', `${path}/${membershipId}`)).status).toBe(204);
      const after = await settled(list, (a) => !ids(a).includes(membershipId));
      expect(ids(after)).not.toContain(membershipId);
      expect(after.total).toBe(before.total);
    });
  },
);
