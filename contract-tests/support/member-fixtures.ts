import { expect } from 'vitest';
import type { TestServer } from './harness.ts';

export type OrganizationRole = 'owner' | 'admin' | 'developer' | 'member';

/** The organization of the bootstrap owner (the only one a fresh server has). */
export async function ownOrganization(api: TestServer): Promise<string> {
  const res = await api.get('/organizations');
  expect(res.status).toBe(200);
  return res.body.items[0].sys.id as string;
}

let counter = 0;
/** A fresh email address, unique within the test run. */
export const newEmail = (prefix = 'person') => `${prefix}-${process.pid}-${++counter}@example.test`;

/** Invites `email` with `role` as the owner and returns the created invitation's body. */
export async function invite(
  api: TestServer,
  organizationId: string,
  email: string,
  role: OrganizationRole = 'member',
  token?: string,
) {
  const res = await api.post(`/organizations/${organizationId}/invitations`, { email, role }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** POSTs to an invitation URL with no credential (or `token`); answers the response. */
export function accept(api: TestServer, invitationUrl: string, body?: unknown, token: string | null = null) {
  return api.request('POST', new URL(invitationUrl).pathname, { body, token });
}

/** Invites a new person and has them join: their token, membership id and user id. */
export async function joinAs(api: TestServer, organizationId: string, role: OrganizationRole, email = newEmail(role)) {
  const invitation = await invite(api, organizationId, email, role);
  const joined = await accept(api, invitation.sys.invitationUrl);
  expect(joined.status, JSON.stringify(joined.body)).toBe(201);
  return {
    token: joined.body.token as string,
    email,
    membershipId: invitation.sys.organizationMembership.sys.id as string,
    invitationId: invitation.sys.id as string,
    userId: (await api.get('/users/me', { token: joined.body.token })).body.sys.id as string,
  };
}

/** A role's permissions that allow nothing: roles in tests add what they grant. */
export const NONE = {
  ContentModel: [],
  ContentDelivery: [],
  Environments: [],
  EnvironmentAliases: [],
  Settings: [],
  Tags: [],
};
