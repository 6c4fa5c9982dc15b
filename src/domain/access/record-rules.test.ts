import { describe, expect, it } from 'vitest';
import type { AppError } from '../../errors/index.ts';
import type { OrganizationRole, SpaceRecord } from '../../storage/port/index.ts';
import type { Actor, UserActor } from '../shared/actor.ts';
import type { OrganizationGrant, SpaceGrant, SpaceStanding } from './grant.ts';
import {
  newSpaceOrganization,
  requireInvitationClaimant,
  requireOwnerFor,
  requireRemovable,
  requireRemovableSpaceMembership,
} from './record-rules.ts';
import { ALL_RIGHTS } from './space-rights.ts';

const actor = (id: string, canWrite = true): Actor => ({
  kind: 'user',
  user: { id } as UserActor['user'],
  tokenId: 't',
  canWrite,
});
const inOrganization = (role: OrganizationRole): OrganizationGrant => ({
  scope: 'organization',
  organizationId: 'o1',
  role,
});
const inSpace = (standing: SpaceStanding): SpaceGrant => ({
  scope: 'space',
  space: { id: 's1', organizationId: 'o1' } as SpaceRecord,
  standing,
  rights: ALL_RIGHTS,
});
const refusal = (decide: () => unknown) => {
  try {
    decide();
    return undefined;
  } catch (error) {
    return { id: (error as AppError).id, details: (error as AppError).details };
  }
};

describe('record rules (pure functions of the grant)', () => {
  it('lets only an owner grant, change or take the owner role', () => {
    expect(refusal(() => requireOwnerFor(inOrganization('owner'), 'member', 'owner'))).toBeUndefined();
    expect(refusal(() => requireOwnerFor(inOrganization('admin'), 'member', 'admin'))).toBeUndefined();
    expect(refusal(() => requireOwnerFor(inOrganization('admin'), 'owner', 'member'))).toEqual({
      id: 'AccessDenied',
      details: { reasons: ['organization owner role required'] },
    });
  });

  it('lets anyone leave an organization, managers remove others, and only owners remove an owner', () => {
    const own = { userId: 'me', role: 'owner' as const };
    expect(refusal(() => requireRemovable(inOrganization('member'), actor('me'), own))).toBeUndefined();
    expect(
      refusal(() => requireRemovable(inOrganization('developer'), actor('me'), { userId: 'x', role: 'member' })),
    ).toEqual({ id: 'AccessDenied', details: { reasons: ['organization owner or admin role required'] } });
    expect(
      refusal(() => requireRemovable(inOrganization('admin'), actor('me'), { userId: 'x', role: 'member' })),
    ).toBeUndefined();
    expect(
      refusal(() => requireRemovable(inOrganization('admin'), actor('me'), { userId: 'x', role: 'owner' })),
    ).toMatchObject({ details: { reasons: ['organization owner role required'] } });
  });

  it("lets a member without the admin flag remove only their own space membership; admins remove anyone's", () => {
    expect(
      refusal(() => requireRemovableSpaceMembership(inSpace('member'), actor('me'), { userId: 'me' })),
    ).toBeUndefined();
    for (const membership of [{ userId: 'x' }, undefined])
      expect(refusal(() => requireRemovableSpaceMembership(inSpace('member'), actor('me'), membership))).toEqual({
        id: 'AccessDenied',
        details: { reasons: ['admin role required'] },
      });
    for (const standing of ['owner', 'admin', 'spaceAdmin'] as const)
      expect(
        refusal(() => requireRemovableSpaceMembership(inSpace(standing), actor('me'), { userId: 'x' })),
      ).toBeUndefined();
  });

  it('puts a new space in the requested organization the actor manages, else in the only one they manage', () => {
    const grant = {
      scope: 'organizations',
      roles: [
        { organizationId: 'o1', role: 'owner' },
        { organizationId: 'o2', role: 'member' },
      ],
    } as const;
    expect(newSpaceOrganization(grant, undefined)).toBe('o1');
    expect(newSpaceOrganization(grant, 'o1')).toBe('o1');
    expect(refusal(() => newSpaceOrganization(grant, 'o2'))).toMatchObject({ id: 'AccessDenied' });
    expect(refusal(() => newSpaceOrganization(grant, 'o3'))).toEqual({
      id: 'NotFound',
      details: { type: 'Organization', id: 'o3' },
    });
    const two = { scope: 'organizations', roles: [...grant.roles, { organizationId: 'o3', role: 'admin' }] } as const;
    expect(refusal(() => newSpaceOrganization(two, undefined))).toMatchObject({ id: 'MissingOrganizationParameter' });
  });

  it("accepts an invitation for an existing account only with that account's token that may write", () => {
    expect(refusal(() => requireInvitationClaimant(actor('u1'), 'u1'))).toBeUndefined();
    for (const claimant of [undefined, actor('u2'), actor('u1', false)])
      expect(refusal(() => requireInvitationClaimant(claimant, 'u1'))).toMatchObject({ id: 'AccessTokenInvalid' });
  });
});
