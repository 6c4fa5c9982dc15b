import type { ErrorItem } from '../../errors/index.ts';
import { fieldPath, isEntryLinkField } from './operators.ts';
import { and, type Condition } from './query.ts';
import { parseFilter } from './rest-filters.ts';
import { pathResolver } from './rest-paths.ts';
import type { RestParameter } from './rest-query-string.ts';
import { contentTypeRequired, operatorNotApplicable, unknownContentType } from './search-errors.ts';
import { findField, type SearchSchema } from './search-schema.ts';

const TARGET_TYPE = /^fields\.([^.]+)\.sys\.contentType\.sys\.id$/;
const TARGET_FIELD = /^fields\.([^.]+)\.fields\..+$/;

/** At most this many link fields can be searched through in one query (as on the hosted service). */
export const MAX_REFERENCES = 2;

/** `fields.<link>.sys.contentType.sys.id` or `fields.<link>.fields.<field>[op]`: a search through a reference. */
export const isReferenceParameter = (p: RestParameter): boolean =>
  TARGET_TYPE.test(p.path) || TARGET_FIELD.test(p.path);

/** The content type ids named by `fields.<link>.sys.contentType.sys.id`, by link field. */
export function referenceTargets(parameters: RestParameter[]): Map<string, string> {
  const targets = new Map<string, string>();
  for (const p of parameters) {
    const m = TARGET_TYPE.exec(p.path);
    if (m && p.op === undefined) targets.set(m[1]!, p.value);
  }
  return targets;
}

/**
 * Searches through references, one level deep, entries only: `fields.x.sys.contentType.sys.id=ct` names the
 * content type of the linked entries and `fields.x.fields.y[op]=v` filters them; an entry matches when its link
 * field `x` (in any locale, single link or array of links) points to at least one entry of `ct` that passes every
 * filter on `x`. The parent content type (`content_type`) and the target content type are both required.
 */
export function parseReferences(
  parameters: RestParameter[],
  contentTypeId: string | undefined,
  schema: SearchSchema,
): { conditions: Condition[]; errors: ErrorItem[] } {
  const errors: ErrorItem[] = [];
  const conditions: Condition[] = [];
  const groups = new Map<string, RestParameter[]>();
  for (const p of parameters) {
    const link = (TARGET_TYPE.exec(p.path) ?? TARGET_FIELD.exec(p.path))![1]!;
    groups.set(link, [...(groups.get(link) ?? []), p]);
  }
  if (groups.size > MAX_REFERENCES) {
    errors.push({
      name: 'reference',
      path: ['fields'],
      details: `At most ${MAX_REFERENCES} reference fields can be searched in one query; this one names ${groups.size}.`,
    });
    return { conditions, errors };
  }
  const parent = contentTypeId === undefined ? undefined : schema.contentTypes.get(contentTypeId);
  for (const [link, group] of groups) {
    const typeParameter = group.find((p) => TARGET_TYPE.test(p.path));
    const filters = group.filter((p) => p !== typeParameter);
    if (!parent) {
      errors.push(contentTypeRequired(group[0]!.path));
      continue;
    }
    const field = findField(parent, link);
    if (!field || !isEntryLinkField(field)) {
      errors.push({
        name: 'reference',
        path: ['fields', link],
        details: `fields.${link} is not a field that links to entries, so it cannot be searched through.`,
      });
      continue;
    }
    if (typeParameter && typeParameter.op !== undefined) {
      errors.push(operatorNotApplicable(typeParameter.path, 'Symbol', typeParameter.op));
      continue;
    }
    if (!typeParameter) {
      errors.push(contentTypeRequired(filters[0]!.path));
      continue;
    }
    const target = schema.contentTypes.get(typeParameter.value);
    if (!target) {
      errors.push(unknownContentType(typeParameter.value));
      continue;
    }
    const resolve = pathResolver(
      'Entry',
      { kind: 'entry', contentType: target },
      schema.defaultLocale,
      `fields.${link}.`,
    );
    const where: Condition[] = [];
    for (const filter of filters) {
      const result = parseFilter(filter, resolve, schema.defaultLocale);
      if (result.kind === 'error') errors.push(result.error);
      else if (result.kind === 'near') errors.push(operatorNotApplicable(filter.path, 'Location', filter.op));
      else where.push(result.condition);
    }
    conditions.push({
      kind: 'reference',
      field: fieldPath(field, schema.defaultLocale),
      contentTypeId: typeParameter.value,
      where: and(...where),
    });
  }
  return { conditions, errors };
}
