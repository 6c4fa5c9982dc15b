import type { Selection } from '../../domain/search/query.ts';
import type { ContentRecord } from '../../storage/port/index.ts';

/** An entity as published: its published fields and tags in place of the draft ones (`.../public/...` searches). */
export const asPublished = <R extends ContentRecord>(record: R): R => ({
  ...record,
  fields: record.publishedFields ?? {},
  tags: record.publishedTags ?? [],
});

/** Keeps the selected fields of a presented entry or asset; `sys` and `metadata` stay whole. */
export function selectFields<T extends { fields: object }>(item: T, select: Selection | undefined): T {
  if (!select || select.fields === 'all') return item;
  const fields = item.fields as Record<string, unknown>;
  return {
    ...item,
    fields: Object.fromEntries(select.fields.filter((id) => Object.hasOwn(fields, id)).map((id) => [id, fields[id]])),
  };
}
