import type { GraphQLFieldConfig, GraphQLInputObjectType, GraphQLObjectType } from 'graphql';
import { and, type Condition, type SysPath } from '../domain/search/query.ts';
import type { GraphqlContext } from './context.ts';
import { buildFilter, buildOrder, compileOrder, compileWhere } from './filters.ts';
import { withMetadataOptions } from './metadata-filter.ts';
import { collectionArgs, readContext, type CollectionArgs } from './read-context.ts';
import { selects } from './selection.ts';
import { pageOf } from './types/shared-types.ts';

const CONTENT_TYPE: SysPath = { kind: 'sys', attribute: 'contentType', valueType: 'symbol' };

/** Entries of the schema's content types only, so every item resolves to one of its object types. */
function ofContentTypes(contentTypeIds: string[]): Condition {
  return contentTypeIds.length
    ? { kind: 'compare', path: CONTENT_TYPE, op: 'in', value: contentTypeIds }
    : { kind: 'or', conditions: [] };
}

/**
 * Root `entryCollection(skip, limit, locale, preview, useFallbackLocale, where: EntryFilter, order: [EntryOrder])`:
 * the entries of every content type of the schema, each typed by its content type. `EntryFilter` takes `sys`, the
 * tags metadata filter, `AND` and `OR`; `EntryOrder` the `sys_*` keys. It compiles to the search REST runs without
 * `content_type` (restricted to the schema's content types), ordered as the typed collections are.
 */
export function entryCollectionField(
  contentTypeIds: string[],
  entryCollection: GraphQLObjectType,
  metadata: { field: string; type: GraphQLInputObjectType },
): GraphQLFieldConfig<unknown, GraphqlContext> {
  const { filterType, keys } = buildFilter('Entry', [], { metadata });
  const orderType = buildOrder('Entry', []);
  const schemaTypes = ofContentTypes([...contentTypeIds].sort());
  return {
    type: entryCollection,
    args: collectionArgs(filterType, orderType),
    resolve: async (_s, a: CollectionArgs, ctx, info) => {
      const r = readContext(ctx, a);
      const { skip, limit } = pageOf(a);
      const options = await withMetadataOptions(ctx, r, a.where, metadata.field);
      const page = await ctx.reads.entries(
        {
          target: 'Entry',
          state: r.state,
          where: and(schemaTypes, compileWhere(a.where, keys, options)),
          order: compileOrder(a.order, r),
          skip,
          limit,
        },
        { total: selects(info, 'total') },
      );
      return { skip, limit, total: page.total, items: page.items.map((record) => ({ record, ...r.read })) };
    },
  };
}
