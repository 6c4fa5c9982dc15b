import { accessDenied as denied } from './access-denied.ts';
import type { AccessRule, OperationId } from './operation-table.ts';
import { MANAGE_ONLY_AREAS, type PermissionArea } from './policy.ts';
import { decide } from './policy-evaluation.ts';
import type { SpaceRights } from './space-rights.ts';

type MemberRights = Extract<SpaceRights, { all: false }>;
type SpaceRule = Extract<AccessRule, { scope: 'space' }>;

/**
 * Reads every member may do whatever their roles say. As on the hosted service, every member of a space reads its
 * content model and its locales: entries cannot be read or written without them, and a role that reads only
 * entries would otherwise be useless. (The spec's `ContentModel: ["read"]` is thereby implied for every member; the
 * permission still matters for `manage`.) Other settings (extensions) need the Settings permission.
 */
const READ_BY_EVERY_MEMBER = new Set<string>([
  'Locales_list',
  'Locales_get',
  'MasterLocales_list',
  'MasterLocales_get',
  // UI extensions render the fields of the entry editor, as editor interfaces do.
  'Extensions_list',
  'Extensions_get',
  'MasterExtensions_list',
  'MasterExtensions_get',
] satisfies OperationId[]);

/**
 * Environments too: the spec's Environments permission has no `read` (only manage, "needed to create environments"),
 * and a member works in the space's environments, so every member lists and reads them.
 */
const EVERY_MEMBER_READS: readonly PermissionArea[] = ['ContentModel', 'Environments'];

function checkArea(rights: MemberRights, action: 'read' | 'manage', area: PermissionArea, operationId: string): void {
  if (action === 'read' && (EVERY_MEMBER_READS.includes(area) || READ_BY_EVERY_MEMBER.has(operationId))) return;
  const grant = rights.permissions[area];
  const needed = action === 'manage' || MANAGE_ONLY_AREAS.includes(area) ? 'manage' : 'read';
  if (grant === 'manage' || grant === needed) return;
  throw denied(
    `Your roles do not allow ${action === 'read' ? 'reading' : 'managing'} ${area}.`,
    `${area} ${needed} permission required`,
  );
}

/**
 * Decides, for a member without the admin flag, what can be decided from the operation alone: permission areas at
 * once; for entries and assets, a write no policy could allow (whatever the entity) is refused here, everything
 * else is decided by the service on the entity (404 for what the member may not read).
 */
export function checkMemberRule(rights: MemberRights, rule: SpaceRule, operationId: string): void {
  const { action, subject } = rule;
  switch (subject) {
    case 'Entry':
    case 'Asset': {
      if (action === 'read' || decide(rights.policies, action, { type: subject }, rights.userId).maybe) return;
      throw denied(
        `Your roles do not allow ${action} on any ${subject.toLowerCase()}.`,
        `no role policy allows ${action} on ${subject}`,
      );
    }
    case 'ScheduledAction': {
      // Scheduling needs publish access to the entity (decided on it); a role that publishes nothing may not schedule.
      const publishes = (type: 'Entry' | 'Asset') => decide(rights.policies, 'publish', { type }, rights.userId).maybe;
      if (action === 'read' || publishes('Entry') || publishes('Asset')) return;
      throw denied(
        'Your roles do not allow publishing any entry or asset, so you may not schedule actions.',
        'no role policy allows publish on Entry or Asset',
      );
    }
    case 'Upload': {
      // Uploads are the files of assets: whoever may create or change some asset may upload.
      const asset = { type: 'Asset' } as const;
      const writesAssets =
        decide(rights.policies, 'create', asset, rights.userId).maybe ||
        decide(rights.policies, 'update', asset, rights.userId).maybe;
      if (action === 'read' || writesAssets) return;
      throw denied(
        'Your roles do not allow creating or updating assets, so you may not upload files.',
        'no role policy allows create or update on Asset',
      );
    }
    case 'Space':
    case 'Role':
    case 'SpaceMembership':
    case 'TeamSpaceMembership':
    case 'SpaceMember':
    case 'AppInstallation':
      if (action === 'read') return;
      throw denied(
        `Only space admins may ${action} ${subject === 'Space' ? 'the space' : `${subject} records`}.`,
        'admin role required',
      );
    default:
      checkArea(rights, action as 'read' | 'manage', subject, operationId);
  }
}
