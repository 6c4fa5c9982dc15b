import { badRequest } from "../../errors/index.js";
import { requiredErrors } from "./entry-validation.js";
import { typeSignature } from "./field-rules.js";
import { isPlainObject, valueShapeErrors } from "./value-shape.js";
const BATCH = 500;
/** How many problems the refusal lists; the check stops there. */
const MAX_REPORTED = 20;
/**
 * The rule (the reference names the refusal, not the changes that cause it): an activation may not make a published
 * entry fail what publishing checks about its shape and presence. So a field is rechecked when
 * - its values might no longer have its type: the field is new to the activated definition or its type changed, or
 * - it became required (new, newly `required`, or no longer omitted while required) and published entries may lack it.
 * Narrowed validations (size, regexp, in, ...) are not rechecked: they apply from the next publish on, as in the
 * web app, where existing entries then show the problem. Omitted fields are never checked, as at publish.
 */
function rechecks(plan, previous) {
    const renamedFrom = new Map(plan.renames.map(([from, to]) => [to, from]));
    const before = new Map((previous?.fields ?? []).map((field) => [field.id, field]));
    const result = [];
    for (const field of plan.definition.fields) {
        if (field.omitted)
            continue;
        const storedId = renamedFrom.get(field.id) ?? field.id;
        const old = before.get(storedId);
        const shape = !old || typeSignature(old) !== typeSignature(field);
        const required = field.required && (!old || !old.required || old.omitted);
        if (shape || required)
            result.push({ field, storedId, shape, required });
    }
    return result;
}
function entryProblems(entryId, fields, checks, locales) {
    const problems = [];
    for (const { field, storedId, shape, required } of checks) {
        const perLocale = isPlainObject(fields[storedId]) ? fields[storedId] : {};
        if (required)
            problems.push(...requiredErrors(field, perLocale, locales));
        if (!shape)
            continue;
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
export async function refuseInvalidatingActivation(repos, spaceId, environmentId, contentTypeId, plan, previous) {
    const checks = rechecks(plan, previous);
    if (checks.length === 0)
        return;
    const locales = await repos.locales.list(spaceId, environmentId);
    const storedIds = checks.map((check) => check.storedId);
    const problems = [];
    let after = null;
    while (problems.length < MAX_REPORTED) {
        const batch = await repos.contentTypes.publishedEntryFields(spaceId, environmentId, contentTypeId, storedIds, after, BATCH);
        for (const entry of batch)
            problems.push(...entryProblems(entry.id, entry.fields, checks, locales));
        if (batch.length < BATCH)
            break;
        after = batch[batch.length - 1].id;
    }
    if (problems.length)
        throw badRequest('Previously published fields are invalid', { errors: problems.slice(0, MAX_REPORTED) });
}
