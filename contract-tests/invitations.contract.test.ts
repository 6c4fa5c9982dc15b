import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { accept, invite, joinAs, newEmail, ownOrganization } from './support/member-fixtures.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: invitations`, () => {
    const api = useServer(kind);

    it('the owner invites, the invitee joins by POSTing the URL and works with the returned token within its rights', async () => {
      const org = await ownOrganization(api());
      const space = await api().post('/spaces', { name: 'Owner space' });
      expect(space.status).toBe(201);
      const email = newEmail('member');
      const created = await api().post(`/organizations/${org}/invitations`, {
        email,
        firstName: 'Mia',
        lastName: 'Member',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        email,
        firstName: 'Mia',
        lastName: 'Member',
        role: 'member',
        sys: { type: 'Invitation', status: 'open', user: null },
      });
      const url: string = created.body.sys.invitationUrl;
      expect(url).toMatch(new RegExp(`^${api().baseUrl}/invitations/[A-Za-z0-9_-]{43}$`));

      const readBack = await api().get(`/organizations/${org}/invitations/${created.body.sys.id}`);
      expect(readBack.status).toBe(200);
      expect(readBack.body.sys.invitationUrl).toBe('');
      const membershipId = created.body.sys.organizationMembership.sys.id;
      expect((await api().get(`/organizations/${org}/organization_memberships/${membershipId}`)).body.sys.status).toBe(
        'pending',
      );

      const joined = await accept(api(), url, { firstName: 'Maria' });
      expect(joined.status).toBe(201);
      expect(joined.body).toMatchObject({
        scopes: ['content_management_manage'],
        revokedAt: null,
        sys: { type: 'PersonalAccessToken' },
      });
      const token: string = joined.body.token;
      expect(token).toMatch(/^TPAT-/);

      const me = await api().get('/users/me', { token });
      expect(me.body).toMatchObject({ email, firstName: 'Maria', lastName: 'Member' });
      const orgs = await api().get('/organizations', { token });
      expect(orgs.body.items.map((o: any) => o.sys.id)).toEqual([org]);
      expect((await api().get(`/spaces/${space.body.sys.id}`, { token })).status).toBe(404);
      expect((await api().get('/spaces', { token })).body.total).toBe(0);
      expect((await api().post('/spaces', { name: 'Not mine' }, { token })).status).toBe(403);
      const members = await api().get(`/organizations/${org}/organization_memberships`, { token });
      expect(members.status).toBe(200);
      expect(members.body.items.find((m: any) => m.sys.id === membershipId)).toMatchObject({
        role: 'member',
        sys: { status: 'active', user: { sys: { id: me.body.sys.id } } },
      });
      expect((await api().post(`/organizations/${org}/invitations`, { email: newEmail() }, { token })).status).toBe(
        403,
      );

      const after = await api().get(`/organizations/${org}/invitations/${created.body.sys.id}`);
      expect(after.body.sys).toMatchObject({
        status: 'accepted',
        user: { sys: { id: me.body.sys.id } },
        invitationUrl: '',
      });
      const again = await accept(api(), url);
      expect(again.status).toBe(404);
      expect(again.body.sys.id).toBe('NotFound');
    });

    it('an invited admin can create a space in the organization', async () => {
      const org = await ownOrganization(api());
      const admin = await joinAs(api(), org, 'admin');
      const space = await api().post('/spaces', { name: 'Admin space' }, { token: admin.token });
      expect(space.status).toBe(201);
      expect(space.body.sys.organization.sys.id).toBe(org);
      expect((await api().get(`/spaces/${space.body.sys.id}`)).status).toBe(200);
    });

    it('inviting an email that has an account makes a pending membership of that user, joined only with its own token', async () => {
      const org = await ownOrganization(api());
      const first = await joinAs(api(), org, 'member');
      expect(
        (
          await api().delete(`/organizations/${org}/organization_memberships/${first.membershipId}`, {
            token: first.token,
          })
        ).status,
      ).toBe(204);

      const invitation = await invite(api(), org, first.email.toUpperCase());
      const membership = await api().get(
        `/organizations/${org}/organization_memberships/${invitation.sys.organizationMembership.sys.id}`,
      );
      expect(membership.body.sys).toMatchObject({ status: 'pending', user: { sys: { id: first.userId } } });
      const anonymous = await accept(api(), invitation.sys.invitationUrl);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.sys.id).toBe('AccessTokenInvalid');
      const stranger = await joinAs(api(), org, 'member');
      expect((await accept(api(), invitation.sys.invitationUrl, undefined, stranger.token)).status).toBe(401);
      const readOnly = await api().post(
        '/users/me/access_tokens',
        { name: 'ro', scopes: ['content_management_read'] },
        { token: first.token },
      );
      expect((await accept(api(), invitation.sys.invitationUrl, undefined, readOnly.body.token)).status).toBe(401);
      const own = await accept(api(), invitation.sys.invitationUrl, undefined, first.token);
      expect(own.status).toBe(201);
      expect((await api().get('/users/me', { token: own.body.token })).body.sys.id).toBe(first.userId);
    });

    it('refuses bad invitations with the reference status and error id, and changes nothing', async () => {
      const org = await ownOrganization(api());
      const total = async () =>
        (await api().get(`/organizations/${org}/organization_memberships`)).body.total as number;
      const before = await total();

      const taken = await api().post(`/organizations/${org}/invitations`, { email: 'admin@localhost' });
      expect(taken.status).toBe(422);
      expect(taken.body.sys.id).toBe('ValidationFailed');
      expect(taken.body.details.errors[0]).toMatchObject({ name: 'taken', path: ['email'] });
      const pending = newEmail();
      await invite(api(), org, pending);
      const twice = await api().post(`/organizations/${org}/invitations`, { email: pending });
      expect(twice.status).toBe(422);
      expect(twice.body.details.errors[0].name).toBe('taken');

      const malformed = await api().post(`/organizations/${org}/invitations`, { email: 'not-an-email' });
      expect(malformed.status).toBe(422);
      expect(malformed.body.sys.id).toBe('ValidationFailed');
      expect(JSON.stringify(malformed.body.details)).toContain('email');
      const badRole = await api().post(`/organizations/${org}/invitations`, { email: newEmail(), role: 'king' });
      expect(badRole.status).toBe(422);
      expect(JSON.stringify(badRole.body.details)).toContain('role');
      const unknownOrg = await api().post('/organizations/nope/invitations', { email: newEmail() });
      expect(unknownOrg.status).toBe(404);

      const admin = await joinAs(api(), org, 'admin');
      const ownerByAdmin = await api().post(
        `/organizations/${org}/invitations`,
        { email: newEmail(), role: 'owner' },
        { token: admin.token },
      );
      expect(ownerByAdmin.status).toBe(403);
      expect(ownerByAdmin.body.sys.id).toBe('AccessDenied');
      const readOnly = await api().post('/users/me/access_tokens', { name: 'ro', scopes: ['content_management_read'] });
      expect(
        (await api().post(`/organizations/${org}/invitations`, { email: newEmail() }, { token: readOnly.body.token }))
          .status,
      ).toBe(403);
      expect(await total()).toBe(before + 2); // the pending invitation and the admin

      expect((await api().get(`/organizations/${org}/invitations/unknown`)).status).toBe(404);
      const unknownToken = await api().request('POST', '/invitations/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', {
        token: null,
      });
      expect(unknownToken.status).toBe(404);
      const open = await invite(api(), org, newEmail());
      const badName = await accept(api(), open.sys.invitationUrl, { firstName: 42 });
      expect(badName.status).toBe(422);
      expect(badName.body.sys.id).toBe('ValidationFailed');
      const badJson = await api().request('POST', new URL(open.sys.invitationUrl).pathname, {
        token: null,
        rawBody: '{"firstName":',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(badJson.status).toBe(400);
      expect(
        (await api().get(`/organizations/${org}/organization_memberships/${open.sys.organizationMembership.sys.id}`))
          .body.sys.status,
      ).toBe('pending');
      expect((await accept(api(), open.sys.invitationUrl)).status).toBe(201);
    });

    it('two organizations inviting one new email at the same moment both succeed, with one account', async () => {
      const first = await ownOrganization(api());
      const { db } = api().tessera.database;
      const me = (await api().get('/users/me')).body.sys.id as string;
      const second = `org-second-${Date.now()}`;
      await db
        .insertInto('organizations')
        .values({ id: second, name: 'Second' } as never)
        .execute();
      await db
        .insertInto('organization_memberships')
        .values({ id: `${second}-owner`, organization_id: second, user_id: me, role: 'owner' } as never)
        .execute();
      api().tessera.cache?.clear();
      const email = newEmail('both');
      for (let round = 0; round < 3; round++) {
        const [a, b] = await Promise.all(
          [first, second].map((org) => api().post(`/organizations/${org}/invitations`, { email: `${round}-${email}` })),
        );
        expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([201, 201]);
        const users = await db.selectFrom('users').select('id').where('email', '=', `${round}-${email}`).execute();
        expect(users).toHaveLength(1);
      }
    });

    it('a deleted invitation answers 404 when used or read', async () => {
      const org = await ownOrganization(api());
      const invitation = await invite(api(), org, newEmail());
      const membership = invitation.sys.organizationMembership.sys.id;
      expect((await api().delete(`/organizations/${org}/organization_memberships/${membership}`)).status).toBe(204);
      expect((await accept(api(), invitation.sys.invitationUrl)).status).toBe(404);
      expect((await api().get(`/organizations/${org}/invitations/${invitation.sys.id}`)).status).toBe(404);
    });
  });
}
