import type { ErrorItem } from '../../errors/index.ts';
import type { SearchTarget, Selection } from './query.ts';
import { contentTypeRequired } from './search-errors.ts';
import { resolveFieldPath, type FieldScope } from './search-schema.ts';

export const MAX_SELECT = 100;

const SYS_PROPERTIES = new Set([
  'type',
  'id',
  'version',
  'space',
  'environment',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
  'publishedCounter',
  'publishedVersion',
  'publishedAt',
  'publishedBy',
  'firstPublishedAt',
  'archivedVersion',
  'archivedAt',
  'archivedBy',
]);

const selectError = (item: string, details: string): ErrorItem => ({ name: 'select', path: item.split('.'), details });

/**
 * `select=fields.title,sys.id`: which fields the items keep. `sys` and `metadata` are always kept whole (so
 * `sys.id` or `metadata.tags` select nothing more); `fields` keeps every field, `fields.<id>` one, and without
 * any `fields` item the items have no field values. Paths are at most two levels deep, at most 100 of them;
 * entries need `content_type` to select single fields.
 */
export function parseSelect(
  raw: string,
  target: SearchTarget,
  scope: FieldScope | undefined,
  defaultLocale: string,
): { selection?: Selection; errors: ErrorItem[] } {
  const items = raw.split(',').map((s) => s.trim());
  const errors: ErrorItem[] = [];
  if (items.length > MAX_SELECT)
    return { errors: [selectError('select', `At most ${MAX_SELECT} properties can be selected.`)] };
  let fields: Selection['fields'] = [];
  for (const item of items) {
    const parts = item.split('.');
    if (item === '' || parts.some((p) => p === '')) {
      errors.push(selectError(item, `"${item}" is not a property path.`));
      continue;
    }
    if (parts.length > 2) {
      errors.push(selectError(item, `"${item}" is too deep: select paths have at most two levels, e.g. fields.title.`));
      continue;
    }
    const [top, name] = parts as [string, string | undefined];
    if (top === 'sys') {
      if (name !== undefined && !(SYS_PROPERTIES.has(name) || (name === 'contentType' && target === 'Entry')))
        errors.push(selectError(item, `"${item}" is not a sys property.`));
    } else if (top === 'metadata') {
      if (name !== undefined && name !== 'tags')
        errors.push(selectError(item, `"${item}" is not a metadata property.`));
    } else if (top === 'fields') {
      if (name === undefined) fields = 'all';
      else if (!scope) errors.push(contentTypeRequired(item));
      else if (!resolveFieldPath(scope, [name], defaultLocale))
        errors.push(
          selectError(item, `"${item}" is not a field of the ${target === 'Entry' ? 'content type' : 'asset'}.`),
        );
      else if (fields !== 'all' && !fields.includes(name)) fields.push(name);
    } else {
      errors.push(selectError(item, `"${item}" cannot be selected: use sys, fields, fields.<id> or metadata.`));
    }
  }
  return { selection: { fields }, errors };
}
