import { describe, expect, it } from 'vitest';
import type { AppError } from '../../errors/index.ts';
import type { OrganizationRole, SpaceAccess, Storage } from '../../storage/port/index.ts';
import type { Actor } from '../shared/actor.ts';
import { authorizer } from './authorizer.ts';

const space = { id: 's1', organizationId: 'o1' } as SpaceAccess['space'];
const accessOf: Record<string, SpaceAccess> = {
  owner: { space, admin: true, organizationRole: 'owner', membership: null },
  admin: { space, admin: true, organizationRole: 'admin', membership: { admin: false } },
  spaceAdmin: { space, admin: true, organizationRole: null, membership: { admin: true } },
  member: { space, admin: false, organizationRole: null, membership: { admin: false } },
};
const rolesOf: Record<string, OrganizationRole> = { owner: 'owner', admin: 'admin', spaceAdmin: 'member', member: 'developer' };
const reads: string[] = [];
const storage = {
  repos: {
    spaces: { findAccessible: async (userId: string, spaceId: string) => { reads.push(`space:${userId}`); return spaceId === 's1' ? accessOf[userId] : undefined; } },
    identity: { organizationRoles: async (userId: string) => { reads.push(`org:${userId}`); return rolesOf[userId] ? [{ organizationId: 'o1', role: rolesOf[userId] }] : []; } },
  },
} as unknown as Pick<Storage, 'repos'>;
const authorize = authorizer(storage);
const actor = (id: string, canWrite = true): Actor => ({ kind: 'user', user: { id } as Actor['user'], tokenId: 't', canWrite });
const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (error: AppError) => ({ id: error.id, details: error.details }));

describe('authorizer', () => {
  it('grants owners, admins and space admins everything in the space, with what they are', async () => {
    for (const who of ['owner', 'admin', 'spaceAdmin']) {
      const grant = await authorize(actor(who), 'Entries_delete', { space_id: 's1', environment_id: 'master', entry_id: 'e' });
      expect(grant).toMatchObject({ scope: 'space', standing: who, access: { space: { id: 's1' } } });
    }
  });

  it('lets a space membership without the admin flag read, and refuses it anything else with 403 and reasons', async () => {
    expect(await authorize(actor('member'), 'EntrySearch_list', { space_id: 's1', environment_id: 'master' })).toMatchObject({ standing: 'member' });
    expect(await refusal(authorize(actor('member'), 'Entries_publish', { space_id: 's1', environment_id: 'master', entry_id: 'e' })))
      .toEqual({ id: 'AccessDenied', details: { reasons: ['admin role required'] } });
  });

  it('answers 404 for a space the actor cannot see, revealing nothing', async () => {
    expect(await refusal(authorize(actor('stranger'), 'Spaces_get', { space_id: 's1' }))).toEqual({ id: 'NotFound', details: { type: 'Space', id: 's1' } });
    expect(await refusal(authorize(actor('owner'), 'Spaces_get', { space_id: 'other' }))).toEqual({ id: 'NotFound', details: { type: 'Space', id: 'other' } });
  });

  it('refuses every write of a read-only token before looking anything up, and lets it read', async () => {
    reads.length = 0;
    for (const operationId of ['Entries_create', 'PersonalAccessTokens_create', 'Spaces_create', 'Invitations_create']) {
      expect(await refusal(authorize(actor('owner', false), operationId, { space_id: 's1', environment_id: 'master', organization_id: 'o1' })))
        .toEqual({ id: 'AccessDenied', details: { reasons: ['content_management_manage scope required'] } });
    }
    expect(reads).toEqual([]);
    expect(await authorize(actor('owner', false), 'Entries_get', { space_id: 's1', environment_id: 'master', entry_id: 'e' })).toMatchObject({ standing: 'owner' });
  });

  it('decides organization operations by the role in the organization of the path', async () => {
    const path = { organization_id: 'o1', organization_membership_id: 'm' };
    expect(await authorize(actor('member'), 'OrganizationMemberships_list', path)).toMatchObject({ scope: 'organization', role: 'developer', ownOnly: false });
    expect(await authorize(actor('admin'), 'OrganizationMemberships_update', path)).toMatchObject({ role: 'admin', ownOnly: false });
    expect(await refusal(authorize(actor('member'), 'OrganizationMemberships_update', path)))
      .toEqual({ id: 'AccessDenied', details: { reasons: ['organization owner or admin role required'] } });
    expect(await refusal(authorize(actor('member'), 'Invitations_get', { organization_id: 'o1', invitation_id: 'i' }))).toMatchObject({ id: 'AccessDenied' });
    expect(await authorize(actor('member'), 'OrganizationMemberships_delete', path)).toMatchObject({ ownOnly: true });
    expect(await refusal(authorize(actor('stranger'), 'OrganizationMemberships_list', path))).toEqual({ id: 'NotFound', details: { type: 'Organization', id: 'o1' } });
  });

  it('lets only owners and admins of some organization create spaces; anyone lists their own organizations', async () => {
    expect(await authorize(actor('admin'), 'Spaces_create', {})).toMatchObject({ scope: 'organization', organizationId: undefined });
    expect(await refusal(authorize(actor('spaceAdmin'), 'Spaces_create', {}))).toMatchObject({ id: 'AccessDenied' });
    expect(await authorize(actor('stranger'), 'Organizations_list', {})).toMatchObject({ scope: 'organization' });
  });

  it('needs a token except where the path carries its own secret, and refuses operations it has no rule for', async () => {
    expect(await authorize(undefined, 'InvitationAcceptance_accept', { invitation_token: 'x' })).toMatchObject({ scope: 'anyone' });
    expect(await refusal(authorize(undefined, 'Me_get', {}))).toMatchObject({ id: 'AccessTokenInvalid' });
    expect(await refusal(authorize(actor('owner'), 'NoSuch_operation', {}))).toMatchObject({ id: 'AccessDenied' });
  });
});
