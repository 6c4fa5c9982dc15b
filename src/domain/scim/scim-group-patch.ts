import SCIMMY from 'scimmy';
import { ScimError } from '../../errors/index.ts';
import { GROUP_SCHEMA_ID } from './scim-group.ts';
import { withScimLibrary } from './scim-library-errors.ts';

/** What a group is made of: its name and its members' SCIM user ids (each once). */
export interface ScimGroupState {
  displayName: string;
  memberIds: string[];
}

type Coerced = { displayName?: unknown; members?: Array<{ value?: unknown }> };

/** The name and member ids of a coerced Group; a member without `value` or an empty name is 400 invalidValue. */
function stateOf(group: Coerced): ScimGroupState {
  const displayName = typeof group.displayName === 'string' ? group.displayName.trim() : '';
  if (!displayName) throw new ScimError('invalidValue', 'A group needs a displayName.');
  const memberIds = (group.members ?? []).map((m) => {
    if (typeof m.value !== 'string' || !m.value)
      throw new ScimError('invalidValue', 'Every member needs a value: the SCIM id of a user.');
    return m.value;
  });
  return { displayName, memberIds: [...new Set(memberIds)] };
}

/** A create or PUT body, checked with scimmy's Group schema (a missing or wrongly typed attribute: 400 invalidValue). */
export async function groupInput(body: unknown): Promise<ScimGroupState> {
  const coerced = await withScimLibrary(
    'invalidValue',
    () => new SCIMMY.Schemas.Group(body as Record<string, unknown>, 'in'),
    true,
  );
  return stateOf(coerced as Coerced);
}

/**
 * Applies a PatchOp message to a group with scimmy (op names in any case; `members[value eq "..."]` paths): a
 * malformed message answers 400 invalidSyntax, a path naming no Group attribute 400 invalidPath, a `remove` without
 * path 400 noTarget, a value of the wrong type 400 invalidValue. Only the result is answered; nothing is stored here.
 */
export async function patchGroup(body: unknown, id: string, current: ScimGroupState): Promise<ScimGroupState> {
  const message = (typeof body === 'object' && body !== null ? body : {}) as ConstructorParameters<
    typeof SCIMMY.Messages.PatchOp
  >[0];
  // A message scimmy cannot read is malformed (invalidSyntax), but for a `remove` without path (noTarget).
  const patch = await withScimLibrary('invalidSyntax', () => new SCIMMY.Messages.PatchOp(message)).catch(
    (error: unknown) => {
      throw error instanceof ScimError && error.type !== 'noTarget'
        ? new ScimError('invalidSyntax', error.message, { cause: error })
        : error;
    },
  );
  const resource = new SCIMMY.Schemas.Group(
    {
      schemas: [GROUP_SCHEMA_ID],
      id,
      displayName: current.displayName,
      members: current.memberIds.map((value) => ({ value })),
    },
    'out',
  );
  const patched = await withScimLibrary('invalidSyntax', () => patch.apply(resource));
  // scimmy answers nothing when no operation changed the group (e.g. removing a member that is not in it).
  return patched === undefined ? current : stateOf(patched as Coerced);
}
