/**
 * Plans the activation of a draft definition. Fields of the previously activated definition that the draft left
 * out are removed from entries too (the save-time rules allowed that only for omitted fields).
 */
export function planActivation(draft, previous) {
    const removedFieldIds = [];
    const renames = [];
    const fields = [];
    for (const field of draft.fields) {
        if (field.deleted) {
            removedFieldIds.push(field.id);
            continue;
        }
        const { newId, deleted: _deleted, ...rest } = field;
        if (newId && newId !== field.id)
            renames.push([field.id, newId]);
        fields.push({ ...rest, id: newId ?? field.id });
    }
    const kept = new Set(draft.fields.filter((field) => !field.deleted).map((field) => field.id));
    for (const field of previous?.fields ?? []) {
        if (!kept.has(field.id) && !removedFieldIds.includes(field.id))
            removedFieldIds.push(field.id);
    }
    const renamed = new Map(renames);
    const displayField = draft.displayField === null ? null : (renamed.get(draft.displayField) ?? draft.displayField);
    return {
        definition: { name: draft.name, description: draft.description, displayField, fields },
        removedFieldIds,
        renames,
    };
}
