import type { ErrorItem } from '../../errors/index.ts';
import { isMimetypeGroup, MIMETYPE_GROUPS } from '../content-model/mimetype-groups.ts';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../shared/paging.ts';
import { mimetypeGroupCondition } from './mimetype-condition.ts';
import {
  and,
  withTieBreak,
  type Condition,
  type ContentState,
  type OrderKey,
  type SearchQuery,
  type SearchTarget,
  type Selection,
} from './query.ts';
import { parseFilter } from './rest-filters.ts';
import { parseOrder } from './rest-order.ts';
import { pathResolver } from './rest-paths.ts';
import { isWellFormedKey, type RestParameter } from './rest-query-string.ts';
import { isReferenceParameter, parseReferences, referenceTargets } from './rest-references.ts';
import { parseSelect } from './rest-select.ts';
import { parseFlag, searchTerms } from './rest-values.ts';
import {
  invalidNumber,
  invalidParameter,
  invalidQuery,
  operatorNotApplicable,
  unknownContentType,
  unknownParameter,
  unsupportedParameter,
} from './search-errors.ts';
import { textPaths, type FieldScope, type SearchSchema } from './search-schema.ts';

/** Parameters that take no operator, per target (`access_token` is the authentication's). */
const PLAIN: Record<SearchTarget, ReadonlySet<string>> = {
  Entry: new Set([
    'access_token',
    'skip',
    'limit',
    'order',
    'select',
    'query',
    'changed',
    'content_type',
    'links_to_entry',
    'links_to_asset',
  ]),
  Asset: new Set(['access_token', 'skip', 'limit', 'order', 'select', 'query', 'changed', 'mimetype_group']),
};
const UNSUPPORTED: Record<string, string> = {
  locale: 'the Management API always answers every locale',
  include: 'the Management API does not resolve links; use GET .../entries/{id}/references',
};

const isFilter = (p: RestParameter) =>
  p.path.startsWith('sys.') ||
  p.path.startsWith('fields.') ||
  p.path === 'metadata.tags' ||
  p.path === 'metadata.tags.sys.id';

/** The content types a search names (`content_type` and reference targets); every activated one for `query` without `content_type`. */
export function restSearchNeeds(
  parameters: RestParameter[],
  target: SearchTarget,
): { contentTypeIds: string[]; allContentTypes: boolean } {
  if (target !== 'Entry') return { contentTypeIds: [], allContentTypes: false };
  const contentType = parameters.find((p) => p.key === 'content_type')?.value;
  const ids = [...(contentType ? [contentType] : []), ...referenceTargets(parameters).values()];
  return {
    contentTypeIds: [...new Set(ids)],
    allContentTypes: !contentType && parameters.some((p) => p.key === 'query'),
  };
}

function integer(raw: string | undefined, name: 'skip' | 'limit', fallback: number, max?: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || (max !== undefined && value > max)) throw invalidNumber(name, max);
  return value;
}

/**
 * Compiles the REST search parameters of `GET .../entries` or `.../assets` into a SearchQuery, checking every
 * parameter against the content model. Every problem is collected; any answers one 400 `InvalidQuery` listing them.
 * Field values are matched in any locale (as on the hosted Management API); ordering by a field uses its value in
 * the default locale.
 */
export function parseRestSearch(
  parameters: RestParameter[],
  context: { target: SearchTarget; state: ContentState },
  schema: SearchSchema,
): SearchQuery {
  const { target } = context;
  const errors: ErrorItem[] = [];
  const value = (key: string) => parameters.find((p) => p.key === key)?.value;
  const contentTypeId = target === 'Entry' ? value('content_type') : undefined;
  let scope: FieldScope | undefined = target === 'Asset' ? { kind: 'asset' } : undefined;
  if (contentTypeId !== undefined) {
    const contentType = schema.contentTypes.get(contentTypeId);
    if (contentType) scope = { kind: 'entry', contentType };
    else errors.push(unknownContentType(contentTypeId));
  }
  const resolve = pathResolver(target, scope, schema.defaultLocale);
  const conditions: Condition[] = [];
  const near: OrderKey[] = [];

  const references = target === 'Entry' ? parameters.filter(isReferenceParameter) : [];
  for (const p of parameters) {
    if (references.includes(p)) continue;
    if (Object.hasOwn(UNSUPPORTED, p.path)) errors.push(unsupportedParameter(p.key, UNSUPPORTED[p.path]!));
    else if (!isWellFormedKey(p.key)) errors.push(unknownParameter(p.key));
    else if (isFilter(p)) {
      const result = parseFilter(p, resolve, schema.defaultLocale);
      if (result.kind === 'error') errors.push(result.error);
      else if (result.kind === 'near') near.push(result.order);
      else conditions.push(result.condition);
    } else if (!PLAIN[target].has(p.path) || p.op !== undefined) errors.push(unknownParameter(p.key));
  }
  if (near.length > 1) errors.push(operatorNotApplicable('near', 'Location', 'near'));

  if (references.length) {
    const parsed = parseReferences(references, scope?.kind === 'entry' ? contentTypeId : undefined, schema);
    errors.push(...parsed.errors);
    conditions.push(...parsed.conditions);
  }

  const query = value('query');
  if (query !== undefined) {
    const scopes: Array<[string | undefined, FieldScope]> = scope
      ? [[contentTypeId, scope]]
      : [...schema.contentTypes].map(([id, contentType]) => [id, { kind: 'entry', contentType }]);
    conditions.push({
      kind: 'fullText',
      terms: searchTerms(query),
      scopes: scopes
        .map(([id, s]) => ({ contentTypeId: id, paths: textPaths(s, schema.defaultLocale) }))
        .filter((s) => s.paths.length > 0),
    });
  }
  for (const [key, targetType] of [
    ['links_to_entry', 'Entry'],
    ['links_to_asset', 'Asset'],
  ] as const) {
    const id = target === 'Entry' ? value(key) : undefined;
    if (id === undefined) continue;
    if (id === '') errors.push(invalidParameter(key, id, `${key} needs the id of an ${targetType.toLowerCase()}.`));
    else conditions.push({ kind: 'linksTo', targetType, ids: [id] });
  }
  const group = target === 'Asset' ? value('mimetype_group') : undefined;
  if (group !== undefined) {
    if (isMimetypeGroup(group)) conditions.push(mimetypeGroupCondition(group));
    else
      errors.push(
        invalidParameter('mimetype_group', group, `mimetype_group must be one of ${MIMETYPE_GROUPS.join(', ')}.`),
      );
  }
  const changed = value('changed');
  if (changed !== undefined) {
    const flag = parseFlag(changed);
    if (!flag.ok) errors.push(invalidParameter('changed', changed, 'changed must be true or false.'));
    else conditions.push(flag.value ? { kind: 'changed' } : { kind: 'not', condition: { kind: 'changed' } });
  }

  const order = parseOrder(value('order') ?? '', resolve, schema.defaultLocale);
  errors.push(...order.errors);
  let select: Selection | undefined;
  const rawSelect = value('select');
  if (rawSelect !== undefined) {
    const parsed = parseSelect(rawSelect, target, scope, schema.defaultLocale);
    errors.push(...parsed.errors);
    select = parsed.selection;
  }
  const skip = integer(value('skip'), 'skip', 0);
  const limit = integer(value('limit'), 'limit', DEFAULT_LIMIT, MAX_LIMIT);
  if (errors.length) throw invalidQuery(errors);

  const defaultOrder: OrderKey[] = [
    { kind: 'path', path: { kind: 'sys', attribute: 'createdAt', valueType: 'date' }, direction: 'asc' },
  ];
  return {
    target,
    state: context.state,
    ...(target === 'Entry' && contentTypeId !== undefined ? { contentTypeId } : {}),
    where: and(...conditions),
    order: withTieBreak([...near, ...(order.keys.length || near.length ? order.keys : defaultOrder)]),
    skip,
    limit,
    ...(select ? { select } : {}),
  };
}
