import { GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, type GraphQLFieldConfigMap } from 'graphql';
import type { ContentTypeDefinition } from '../domain/content-model/field.ts';
import { SYS_ID, type Condition, type SearchQuery } from '../domain/search/query.ts';
import type { GraphqlContext, Resolved } from './context.ts';
import { guardArguments } from './argument-guard.ts';
import { entryCollectionField } from './entry-collection.ts';
import { buildFilter, buildOrder, compileOrder, compileWhere, type PlannedField } from './filters.ts';
import { withMetadataOptions } from './metadata-filter.ts';
import { collectionFieldName, nameContentModel, rootFieldName } from './plan/naming.ts';
import { ASSET_FIELDS, assetType } from './types/asset-type.ts';
import { selects } from './selection.ts';
import { entryLinkFieldNames, selectedEntryLinks } from './linked-selection.ts';
import { collectionArgs, readContext, type CollectionArgs, type ReadArgs } from './read-context.ts';
import { collectionOf, contentObjectType } from './types/content-types.ts';
import { linkedFromField, linkingCollections } from './types/linked-from.ts';
import { nodeField } from './node-field.ts';
import { collectionType, pageOf, readArgs } from './types/shared-types.ts';
import { vendorMetadata } from './types/vendor-metadata.ts';

/**
 * Builds the schema of an activated content model: per content type an object type implementing `Entry`, its
 * collection, filter and order, and the root fields `<type>` and `<type>Collection`; plus `asset`, `assetCollection`,
 * `entryCollection` (all types) and `_node` (any entry or asset by id).
 * The tags metadata field and types are named after the `vendor` token.
 */
export function buildSchema(contentTypes: ReadonlyMap<string, ContentTypeDefinition>, vendor: string): GraphQLSchema {
  const named = nameContentModel(contentTypes, vendor);
  const metadata = vendorMetadata(vendor);
  const metadataFilter = { field: metadata.names.field, type: metadata.filterType };
  const objectTypes = new Map<string, GraphQLObjectType>();
  const entryCollection = collectionType('EntryCollection', metadata.entryInterface);
  const planned = new Map(
    named.map((ct) => {
      const definition = contentTypes.get(ct.contentTypeId)!;
      const fields: PlannedField[] = ct.fields.map((f) => ({
        ...f,
        definition: definition.fields.find((d) => d.id === f.fieldId)!,
      }));
      return [ct.contentTypeId, { contentTypeId: ct.contentTypeId, typeName: ct.typeName, fields }];
    }),
  );
  const model = [...planned.values()];
  const collectionOfId = (id: string) => collectionOf(objectTypes.get(id)!);
  const AssetType = assetType(
    linkedFromField(
      'Asset',
      'Asset',
      linkingCollections({ kind: 'Asset' }, model, collectionOfId, () => entryCollection),
    ),
    metadata,
  );
  const AssetCollectionType = collectionType('AssetCollection', AssetType);
  const registry = {
    entryType: (id: string) => objectTypes.get(id),
    assetType: () => AssetType,
    entryCollection: () => entryCollection,
    assetCollection: () => AssetCollectionType,
    linkedFrom: (id: string) =>
      linkedFromField(
        planned.get(id)!.typeName,
        'Entry',
        linkingCollections({ kind: 'Entry', contentTypeId: id }, model, collectionOfId, () => entryCollection),
      ),
    metadata,
  };
  const query: GraphQLFieldConfigMap<unknown, GraphqlContext> = {};

  for (const ct of named) {
    const definition = contentTypes.get(ct.contentTypeId)!;
    const { fields } = planned.get(ct.contentTypeId)!;
    const type = contentObjectType(ct.typeName, definition, fields, registry);
    objectTypes.set(ct.contentTypeId, type);
    const { filterType, keys } = buildFilter(ct.typeName, fields, {
      targets: (id) => planned.get(id),
      metadata: metadataFilter,
    });
    const orderType = buildOrder(ct.typeName, fields);
    const linkFields = entryLinkFieldNames(fields);
    const root = rootFieldName(ct.typeName);
    query[root] = {
      type,
      args: { id: { type: new GraphQLNonNull(GraphQLString) }, ...readArgs },
      resolve: async (_s, a: ReadArgs & { id: string }, ctx) => {
        const r = readContext(ctx, a);
        const where: Condition = { kind: 'compare', path: SYS_ID, op: 'eq', value: a.id };
        const page = await ctx.reads.entries({
          target: 'Entry',
          state: r.state,
          contentTypeId: ct.contentTypeId,
          where,
          order: [],
          skip: 0,
          limit: 1,
        });
        const record = page.items[0];
        return record ? ({ record, ...r.read } satisfies Resolved) : null;
      },
    };
    query[collectionFieldName(root)] = {
      type: collectionOf(type),
      args: collectionArgs(filterType, orderType),
      resolve: async (_s, a: CollectionArgs, ctx, info) => {
        const r = readContext(ctx, a);
        const { skip, limit } = pageOf(a);
        const search: SearchQuery & { target: 'Entry' } = {
          target: 'Entry',
          state: r.state,
          contentTypeId: ct.contentTypeId,
          where: compileWhere(a.where, keys, await withMetadataOptions(ctx, r, a.where, metadataFilter.field)),
          order: compileOrder(a.order, r),
          skip,
          limit,
        };
        const page = await ctx.reads.entries(search, {
          total: selects(info, 'total'),
          linkedEntriesOf: selectedEntryLinks(info, linkFields),
        });
        for (const linked of page.linkedEntries ?? []) ctx.reads.prime('Entry', r.state, linked);
        return { skip, limit, total: page.total, items: page.items.map((record) => ({ record, ...r.read })) };
      },
    };
  }

  query.entryCollection = entryCollectionField([...contentTypes.keys()], entryCollection, metadataFilter);
  query._node = nodeField(contentTypes.keys());

  const asset = buildFilter('Asset', ASSET_FIELDS, { metadata: metadataFilter });
  const assetOrder = buildOrder('Asset', ASSET_FIELDS);
  query.asset = {
    type: AssetType,
    args: { id: { type: new GraphQLNonNull(GraphQLString) }, ...readArgs },
    resolve: async (_s, a: ReadArgs & { id: string }, ctx) => {
      const r = readContext(ctx, a);
      const page = await ctx.reads.assets({
        target: 'Asset',
        state: r.state,
        where: { kind: 'compare', path: SYS_ID, op: 'eq', value: a.id },
        order: [],
        skip: 0,
        limit: 1,
      });
      const record = page.items[0];
      return record ? ({ record, ...r.read } satisfies Resolved) : null;
    },
  };
  query.assetCollection = {
    type: AssetCollectionType,
    args: collectionArgs(asset.filterType, assetOrder),
    resolve: async (_s, a: CollectionArgs, ctx) => {
      const r = readContext(ctx, a);
      const { skip, limit } = pageOf(a);
      const where = compileWhere(a.where, asset.keys, await withMetadataOptions(ctx, r, a.where, metadataFilter.field));
      const page = await ctx.reads.assets({
        target: 'Asset',
        state: r.state,
        where,
        order: compileOrder(a.order, r),
        skip,
        limit,
      });
      return { skip, limit, total: page.total, items: page.items.map((record) => ({ record, ...r.read })) };
    },
  };

  return guardArguments(
    new GraphQLSchema({
      query: new GraphQLObjectType({ name: 'Query', fields: query }),
      types: [...objectTypes.values(), entryCollection],
    }),
  );
}
