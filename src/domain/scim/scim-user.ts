import SCIMMY from 'scimmy';
import type { OrganizationMembershipRecord } from '../../storage/port/index.ts';

export const USER_SCHEMA_ID = SCIMMY.Schemas.User.definition.id;

/** The SCIM attributes of a user, from their organization membership (the spec's mapping: userName = email, ...). */
export interface ScimUserAttributes {
  schemas: string[];
  id: string;
  userName: string;
  name: { givenName: string | null; familyName: string | null };
  /** A person invited or joined is in the organization: `active` (reference §7: a just-provisioned user is active). */
  active: boolean;
  emails: Array<{ value: string; type: 'work'; primary: true }>;
}

export const scimUserAttributes = (m: OrganizationMembershipRecord): ScimUserAttributes => ({
  schemas: [USER_SCHEMA_ID],
  id: m.userId,
  userName: m.user.email,
  name: { givenName: m.user.firstName, familyName: m.user.lastName },
  active: true,
  emails: [{ value: m.user.email, type: 'work', primary: true }],
});
