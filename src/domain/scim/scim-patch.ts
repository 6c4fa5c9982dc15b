import SCIMMY from 'scimmy';
import { withScimLibrary } from './scim-library-errors.ts';
import type { ScimUserAttributes } from './scim-user.ts';

/** Entra sends booleans as the strings "True" and "False" (reference §7): read them as booleans before checking. */
function tolerateStringBooleans(operation: unknown): unknown {
  if (typeof operation !== 'object' || operation === null) return operation;
  const op = operation as Record<string, unknown>;
  const asBoolean = (v: unknown) =>
    typeof v === 'string' && /^(true|false)$/i.test(v) ? v.toLowerCase() === 'true' : v;
  if (typeof op.path === 'string' && op.path.toLowerCase() === 'active') return { ...op, value: asBoolean(op.value) };
  if (op.path === undefined && typeof op.value === 'object' && op.value !== null && 'active' in op.value) {
    const value = op.value as Record<string, unknown>;
    return { ...op, value: { ...value, active: asBoolean(value.active) } };
  }
  return operation;
}

/**
 * Checks a PatchOp message against the User schema with scimmy, on a copy of the user: a malformed message answers
 * 400 invalidSyntax, a path naming no User attribute 400 invalidPath, a value of the wrong type 400 invalidValue.
 * Nothing is changed: no user attribute is mutable through SCIM (reference §7), so the result is discarded.
 */
export async function checkUserPatch(body: unknown, user: ScimUserAttributes): Promise<void> {
  const message = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const operations = Array.isArray(message.Operations)
    ? message.Operations.map(tolerateStringBooleans)
    : message.Operations;
  // The reference's own example is an empty PatchOp (a no-op that scimmy refuses): only its schema is checked.
  if (Array.isArray(operations) && operations.length === 0) {
    const schemas = message.schemas;
    if (Array.isArray(schemas) && schemas.length === 1 && schemas[0] === SCIMMY.Messages.PatchOp.id) return;
  }
  // A message scimmy cannot read is malformed (invalidSyntax); applying it reports paths and values by their own type.
  const patch = await withScimLibrary(
    'invalidSyntax',
    () =>
      new SCIMMY.Messages.PatchOp({ ...message, Operations: operations } as ConstructorParameters<
        typeof SCIMMY.Messages.PatchOp
      >[0]),
    true,
  );
  await withScimLibrary('invalidSyntax', () => patch.apply(new SCIMMY.Schemas.User(structuredClone(user), 'out')));
}
