/** An entity as published: its published fields and tags in place of the draft ones (`.../public/...` searches). */
export const asPublished = (record) => ({ ...record, fields: record.publishedFields ?? {}, tags: record.publishedTags ?? [] });
/** Keeps the selected fields of a presented entry or asset; `sys` and `metadata` stay whole. */
export function selectFields(item, select) {
    if (!select || select.fields === 'all')
        return item;
    const fields = item.fields;
    return { ...item, fields: Object.fromEntries(select.fields.filter((id) => Object.hasOwn(fields, id)).map((id) => [id, fields[id]])) };
}
