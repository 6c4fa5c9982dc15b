import { describe, expect, it } from 'vitest';
import type { AppError } from '../../errors/index.ts';
import type { MemberRole, OrganizationRole, SpaceAccess, Storage } from '../../storage/port/index.ts';
import type { Actor, UserActor } from '../shared/actor.ts';
import { authorizer } from './authorizer.ts';

const space = { id: 's1', organizationId: 'o1' } as SpaceAccess['space'];
const accessOf: Record<string, SpaceAccess> = {
  owner: { space, admin: true, organizationRole: 'owner', membership: null },
  admin: { space, admin: true, organizationRole: 'admin', membership: { admin: false } },
  spaceAdmin: { space, admin: true, organizationRole: null, membership: { admin: true } },
  member: { space, admin: false, organizationRole: null, membership: { admin: false } },
};
const rolesOf: Record<string, OrganizationRole> = {
  owner: 'owner',
  admin: 'admin',
  spaceAdmin: 'member',
  member: 'developer',
  editor: 'member',
};
accessOf.editor = accessOf.member;
const NONE = {
  ContentModel: [],
  ContentDelivery: [],
  Environments: [],
  EnvironmentAliases: [],
  Settings: [],
  Tags: [],
};
/** The member's roles: none; the editor's: tags read, and publishing articles except deleting them. */
const memberRolesOf: Record<string, MemberRole[]> = {
  member: [],
  editor: [
    { id: 'r1', permissions: { ...NONE, Tags: ['read'] }, policies: [] },
    {
      id: 'r2',
      permissions: { ...NONE, ContentModel: 'all' },
      policies: [
        {
          effect: 'allow',
          actions: ['read', 'publish', 'delete'],
          constraint: { equals: [{ doc: 'sys.contentType.sys.id' }, 'article'] },
        },
        { effect: 'deny', actions: ['delete'] },
      ],
    },
  ],
};
const reads: string[] = [];
const storage = {
  repos: {
    spaces: {
      findAccessible: async (userId: string, spaceId: string) => {
        reads.push(`space:${userId}`);
        return spaceId === 's1' ? accessOf[userId] : undefined;
      },
    },
    memberRoles: {
      rolesOf: async (_spaceId: string, userId: string) => {
        reads.push(`roles:${userId}`);
        return memberRolesOf[userId] ?? [];
      },
      organizationRolesOf: async (userId: string) => {
        reads.push(`org:${userId}`);
        return rolesOf[userId] ? [{ organizationId: 'o1', role: rolesOf[userId] }] : [];
      },
    },
  },
} as unknown as Pick<Storage, 'repos'>;
const authorize = authorizer(storage);
const actor = (id: string, canWrite = true): Actor => ({
  kind: 'user',
  user: { id } as UserActor['user'],
  tokenId: 't',
  canWrite,
});
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: AppError) => ({ id: error.id, details: error.details }),
  );

describe('authorizer', () => {
  it('grants owners, admins and space admins everything in the space, with what they are', async () => {
    for (const who of ['owner', 'admin', 'spaceAdmin']) {
      const grant = await authorize(actor(who), 'Entries_delete', {
        space_id: 's1',
        environment_id: 'master',
        entry_id: 'e',
      });
      expect(grant).toMatchObject({ scope: 'space', standing: who, space: { id: 's1' } });
    }
  });

  it('gives a membership without roles the content model, environments, locales, extensions and entry reads (lists filtered), and nothing else', async () => {
    const at = { space_id: 's1', environment_id: 'master', entry_id: 'e' };
    expect(await authorize(actor('member'), 'EntrySearch_list', at)).toMatchObject({
      standing: 'member',
      rights: { all: false, policies: [] },
    });
    for (const operationId of [
      'ContentTypes_list',
      'Locales_list',
      'MasterLocales_get',
      'Environments_list',
      'Extensions_list',
    ])
      expect(await authorize(actor('member'), operationId, at)).toMatchObject({ standing: 'member' });
    expect(await refusal(authorize(actor('member'), 'Entries_publish', at))).toEqual({
      id: 'AccessDenied',
      details: { reasons: ['no role policy allows publish on Entry'] },
    });
    expect(await refusal(authorize(actor('member'), 'Tags_list', at))).toEqual({
      id: 'AccessDenied',
      details: { reasons: ['Tags read permission required'] },
    });
    expect(await refusal(authorize(actor('member'), 'Extensions_create', at))).toEqual({
      id: 'AccessDenied',
      details: { reasons: ['Settings manage permission required'] },
    });
    expect(await refusal(authorize(actor('member'), 'Environments_create', at))).toEqual({
      id: 'AccessDenied',
      details: { reasons: ['Environments manage permission required'] },
    });
  });

  it('decides permission areas from the union of the roles and leaves entity decisions to the services', async () => {
    const at = { space_id: 's1', environment_id: 'master', entry_id: 'e' };
    const grant = await authorize(actor('editor'), 'Entries_publish', at);
    expect(grant).toMatchObject({
      scope: 'space',
      rights: { all: false, userId: 'editor', permissions: { Tags: 'read', ContentModel: 'manage', Settings: 'none' } },
    });
    expect(await authorize(actor('editor'), 'Tags_get', at)).toMatchObject({ standing: 'member' });
    expect(await authorize(actor('editor'), 'ContentTypes_createOrUpdate', at)).toMatchObject({ standing: 'member' });
    expect(await refusal(authorize(actor('editor'), 'Tags_createOrUpdate', at))).toMatchObject({ id: 'AccessDenied' });
    // Deny over allow: no entry can be deleted, whatever its content type; creating was never allowed.
    expect(await refusal(authorize(actor('editor'), 'Entries_delete', at))).toEqual({
      id: 'AccessDenied',
      details: { reasons: ['no role policy allows delete on Entry'] },
    });
    expect(await refusal(authorize(actor('editor'), 'Assets_publish', at))).toMatchObject({ id: 'AccessDenied' });
    expect(await refusal(authorize(actor('editor'), 'Roles_create', at))).toEqual({
      id: 'AccessDenied',
      details: { reasons: ['admin role required'] },
    });
  });

  it('reads no roles for owners, admins and space admins', async () => {
    reads.length = 0;
    for (const who of ['owner', 'admin', 'spaceAdmin'])
      await authorize(actor(who), 'Tags_list', { space_id: 's1', environment_id: 'master' });
    expect(reads.filter((r) => r.startsWith('roles:'))).toEqual([]);
  });

  it('answers 404 for a space the actor cannot see, revealing nothing', async () => {
    expect(await refusal(authorize(actor('stranger'), 'Spaces_get', { space_id: 's1' }))).toEqual({
      id: 'NotFound',
      details: { type: 'Space', id: 's1' },
    });
    expect(await refusal(authorize(actor('owner'), 'Spaces_get', { space_id: 'other' }))).toEqual({
      id: 'NotFound',
      details: { type: 'Space', id: 'other' },
    });
  });

  it('refuses every write of a read-only token before looking anything up, and lets it read', async () => {
    reads.length = 0;
    for (const operationId of [
      'Entries_create',
      'PersonalAccessTokens_create',
      'Spaces_create',
      'Invitations_create',
    ]) {
      expect(
        await refusal(
          authorize(actor('owner', false), operationId, {
            space_id: 's1',
            environment_id: 'master',
            organization_id: 'o1',
          }),
        ),
      ).toEqual({ id: 'AccessDenied', details: { reasons: ['content_management_manage scope required'] } });
    }
    expect(reads).toEqual([]);
    expect(
      await authorize(actor('owner', false), 'Entries_get', {
        space_id: 's1',
        environment_id: 'master',
        entry_id: 'e',
      }),
    ).toMatchObject({ standing: 'owner' });
  });

  it('decides organization operations by the role in the organization of the path', async () => {
    const path = { organization_id: 'o1', organization_membership_id: 'm' };
    expect(await authorize(actor('member'), 'OrganizationMemberships_list', path)).toEqual({
      scope: 'organization',
      organizationId: 'o1',
      role: 'developer',
    });
    expect(await authorize(actor('admin'), 'OrganizationMemberships_update', path)).toMatchObject({
      role: 'admin',
    });
    expect(await refusal(authorize(actor('member'), 'OrganizationMemberships_update', path))).toEqual({
      id: 'AccessDenied',
      details: { reasons: ['organization owner or admin role required'] },
    });
    expect(
      await refusal(authorize(actor('member'), 'Invitations_get', { organization_id: 'o1', invitation_id: 'i' })),
    ).toMatchObject({ id: 'AccessDenied' });
    // Their own membership only: the grant carries their role, `requireRemovable` refuses anyone else's (record-rules.test.ts).
    expect(await authorize(actor('member'), 'OrganizationMemberships_delete', path)).toEqual({
      scope: 'organization',
      organizationId: 'o1',
      role: 'developer',
    });
    expect(await refusal(authorize(actor('stranger'), 'OrganizationMemberships_list', path))).toEqual({
      id: 'NotFound',
      details: { type: 'Organization', id: 'o1' },
    });
  });

  it('lets only owners and admins of some organization create spaces; anyone lists their own organizations', async () => {
    expect(await authorize(actor('admin'), 'Spaces_create', {})).toEqual({
      scope: 'organizations',
      roles: [{ organizationId: 'o1', role: 'admin' }],
    });
    expect(await refusal(authorize(actor('spaceAdmin'), 'Spaces_create', {}))).toMatchObject({ id: 'AccessDenied' });
    reads.length = 0;
    expect(await authorize(actor('stranger'), 'Organizations_list', {})).toMatchObject({
      scope: 'user',
      user: { id: 'stranger' },
    });
    expect(reads).toEqual([]);
  });

  it('decides a scheduled action for its creator as they are now, for the publish and unpublish of content only', async () => {
    const at = { space_id: 's1', environment_id: 'master' };
    const running = (creator: string): Actor => ({
      kind: 'scheduledAction',
      userId: creator,
      actionId: 'a1',
      canWrite: true,
    });
    expect(await authorize(running('editor'), 'Entries_publish', at)).toMatchObject({
      scope: 'space',
      standing: 'member',
      rights: { all: false, userId: 'editor' },
    });
    expect(await authorize(running('owner'), 'Assets_unpublish', at)).toMatchObject({ standing: 'owner' });
    expect(await refusal(authorize(running('member'), 'Entries_publish', at))).toEqual({
      id: 'AccessDenied',
      details: { reasons: ['no role policy allows publish on Entry'] },
    });
    expect(await refusal(authorize(running('stranger'), 'Entries_publish', at))).toMatchObject({ id: 'NotFound' });
    for (const operationId of ['Entries_delete', 'Spaces_delete', 'Me_get'])
      expect(await refusal(authorize(running('owner'), operationId, at))).toEqual({
        id: 'AccessDenied',
        details: { reasons: ['scheduled actions publish and unpublish entries and assets only'] },
      });
  });

  it('needs a token except where the path carries its own secret, and refuses operations it has no rule for', async () => {
    expect(await authorize(undefined, 'InvitationAcceptance_accept', { invitation_token: 'x' })).toMatchObject({
      scope: 'anyone',
    });
    expect(await refusal(authorize(undefined, 'Me_get', {}))).toMatchObject({ id: 'AccessTokenInvalid' });
    expect(await refusal(authorize(actor('owner'), 'NoSuch_operation', {}))).toMatchObject({ id: 'AccessDenied' });
  });
});
