import { badRequest, type ErrorItem } from '../../errors/index.ts';
import type { LocaleRecord, Repositories } from '../../storage/port/index.ts';
import type { ActivationPlan } from './activation.ts';
import { requiredErrors } from './entry-validation.ts';
import type { ContentTypeDefinition, FieldDefinition } from './field.ts';
import { typeSignature } from './field-rules.ts';
import { isPlainObject, valueShapeErrors } from './value-shape.ts';

const BATCH = 500;
/** How many problems the refusal lists; the check stops there. */
const MAX_REPORTED = 20;

/** A field of the new definition that published data must be checked against, and the key its values have now. */
interface Recheck {
  field: FieldDefinition;
  storedId: string;
  shape: boolean;
  required: boolean;
}

/**
 * The rule (the reference names the refusal, not the changes that cause it): an activation may not make a published
 * entry fail what publishing checks about its shape and presence. So a field is rechecked when
 * - its values might no longer have its type: the field is new to the activated definition or its type changed, or
 * - it became required (new, newly `required`, or no longer omitted while required) and published entries may lack it.
 * Narrowed validations (size, regexp, in, ...) are not rechecked: they apply from the next publish on, as in the
 * web app, where existing entries then show the problem. Omitted fields are never checked, as at publish.
 */
function rechecks(plan: ActivationPlan, previous: ContentTypeDefinition | null): Recheck[] {
  const renamedFrom = new Map(plan.renames.map(([from, to]) => [to, from]));
  const before = new Map((previous?.fields ?? []).map((field) => [field.id, field]));
  const result: Recheck[] = [];
  for (const field of plan.definition.fields) {
    if (field.omitted) continue;
    const storedId = renamedFrom.get(field.id) ?? field.id;
    const old = before.get(storedId);
    const shape = !old || typeSignature(old) !== typeSignature(field);
    const required = field.required && (!old || !old.required || old.omitted);
    if (shape || required) result.push({ field, storedId, shape, required });
  }
  return result;
}

function entryProblems(
  entryId: string,
  fields: Record<string, unknown>,
  checks: Recheck[],
  locales: LocaleRecord[],
): ErrorItem[] {
  const problems: ErrorItem[] = [];
  for (const { field, storedId, shape, required } of checks) {
    const perLocale = isPlainObject(fields[storedId]) ? (fields[storedId] as Record<string, unknown>) : {};
    if (required) problems.push(...requiredErrors(field, perLocale, locales));
    if (!shape) continue;
    for (const [code, value] of Object.entries(perLocale)) {
      for (const { subPath, ...item } of valueShapeErrors(field, value))
        problems.push({ ...item, path: ['fields', field.id, code, ...(subPath ?? [])] });
    }
  }
  return problems.map((problem) => ({ ...problem, entryId }));
}

/**
 * Refuses (400 BadRequest "Previously published fields are invalid", nothing written) an activation that would make
 * the published data of an entry of the content type invalid. Reads published entries in batches, and only when the
 * plan changes something that can invalidate them. Call inside the activation's transaction, before it writes.
 */
export async function refuseInvalidatingActivation(
  repos: Repositories,
  spaceId: string,
  environmentId: string,
  contentTypeId: string,
  plan: ActivationPlan,
  previous: ContentTypeDefinition | null,
): Promise<void> {
  const checks = rechecks(plan, previous);
  if (checks.length === 0) return;
  const locales = await repos.locales.list(spaceId, environmentId);
  const storedIds = checks.map((check) => check.storedId);
  const problems: ErrorItem[] = [];
  let after: string | null = null;
  while (problems.length < MAX_REPORTED) {
    const batch = await repos.contentTypes.publishedEntryFields(
      spaceId,
      environmentId,
      contentTypeId,
      storedIds,
      after,
      BATCH,
    );
    for (const entry of batch) problems.push(...entryProblems(entry.id, entry.fields, checks, locales));
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1]!.id;
  }
  if (problems.length)
    throw badRequest('Previously published fields are invalid', { errors: problems.slice(0, MAX_REPORTED) });
}
