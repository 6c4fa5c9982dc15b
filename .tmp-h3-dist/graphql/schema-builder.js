import { GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, } from 'graphql';
import { and, SYS_ID } from "../domain/search/query.js";
import { localeChain } from "./context.js";
import { buildFilter, buildOrder, compileOrder, compileWhere } from "./filters.js";
import { nameContentModel, rootFieldName } from "./plan/naming.js";
import { ASSET_FIELDS, assetType } from "./types/asset-type.js";
import { checkLocale, checkPreview, collectionOf, contentObjectType } from "./types/content-types.js";
import { linkedFromField, linkingCollections } from "./types/linked-from.js";
import { collectionType, EntryInterface, pagingArgs, readArgs } from "./types/shared-types.js";
const MAX_LIMIT = 1000;
/** The request's preview flag and locale, checked. */
function readContext(ctx, a) {
    const preview = checkPreview(ctx, a.preview ?? false);
    const locale = a.locale ? checkLocale(ctx, a.locale) : ctx.defaultLocale;
    const chainOf = (d) => (d.localized ? localeChain(ctx.locales, locale) : [ctx.defaultLocale]);
    return { preview, locale, chainOf, state: preview ? 'draft' : 'published' };
}
function pageOf(a) {
    return { skip: Math.max(a.skip ?? 0, 0), limit: Math.min(Math.max(a.limit || 100, 0), MAX_LIMIT) };
}
/**
 * Builds the schema of an activated content model: per content type an object type implementing `Entry`, its
 * collection, filter and order, and the root fields `<type>` and `<type>Collection`; plus `asset` and `assetCollection`.
 */
export function buildSchema(contentTypes) {
    const named = nameContentModel(contentTypes);
    const objectTypes = new Map();
    const entryCollection = collectionType('EntryCollection', EntryInterface);
    const planned = new Map(named.map((ct) => {
        const definition = contentTypes.get(ct.contentTypeId);
        const fields = ct.fields.map((f) => ({ ...f, definition: definition.fields.find((d) => d.id === f.fieldId) }));
        return [ct.contentTypeId, { contentTypeId: ct.contentTypeId, typeName: ct.typeName, fields }];
    }));
    const model = [...planned.values()];
    const collectionOfId = (id) => collectionOf(objectTypes.get(id));
    const AssetType = assetType(linkedFromField('Asset', 'Asset', linkingCollections({ kind: 'Asset' }, model, collectionOfId, () => entryCollection)));
    const AssetCollectionType = collectionType('AssetCollection', AssetType);
    const registry = {
        entryType: (id) => objectTypes.get(id),
        assetType: () => AssetType,
        entryCollection: () => entryCollection,
        assetCollection: () => AssetCollectionType,
        linkedFrom: (id) => linkedFromField(planned.get(id).typeName, 'Entry', linkingCollections({ kind: 'Entry', contentTypeId: id }, model, collectionOfId, () => entryCollection)),
    };
    const query = {};
    for (const ct of named) {
        const definition = contentTypes.get(ct.contentTypeId);
        const { fields } = planned.get(ct.contentTypeId);
        const type = contentObjectType(ct.typeName, definition, fields, registry);
        objectTypes.set(ct.contentTypeId, type);
        const { filterType, keys } = buildFilter(ct.typeName, fields, { targets: (id) => planned.get(id) });
        const orderType = buildOrder(ct.typeName, fields);
        const root = rootFieldName(ct.typeName);
        query[root] = {
            type,
            args: { id: { type: new GraphQLNonNull(GraphQLString) }, ...readArgs },
            resolve: async (_s, a, ctx) => {
                const r = readContext(ctx, a);
                const where = { kind: 'compare', path: SYS_ID, op: 'eq', value: a.id };
                const page = await ctx.storage.repos.search.entries(ctx.scope, {
                    target: 'Entry', state: r.state, contentTypeId: ct.contentTypeId, where, order: [], skip: 0, limit: 1,
                });
                const record = page.items[0];
                return record ? { record, preview: r.preview, locale: r.locale } : null;
            },
        };
        query[`${root}Collection`] = {
            type: collectionOf(type),
            args: collectionArgs(filterType, orderType),
            resolve: async (_s, a, ctx) => {
                const r = readContext(ctx, a);
                const { skip, limit } = pageOf(a);
                const search = {
                    target: 'Entry', state: r.state, contentTypeId: ct.contentTypeId,
                    where: compileWhere(a.where, keys, r), order: compileOrder(a.order, r), skip, limit,
                };
                const page = await ctx.storage.repos.search.entries(ctx.scope, search);
                return { skip, limit, total: page.total, items: page.items.map((record) => ({ record, preview: r.preview, locale: r.locale })) };
            },
        };
    }
    const asset = buildFilter('Asset', ASSET_FIELDS);
    const assetOrder = buildOrder('Asset', ASSET_FIELDS);
    query.asset = {
        type: AssetType,
        args: { id: { type: new GraphQLNonNull(GraphQLString) }, ...readArgs },
        resolve: async (_s, a, ctx) => {
            const r = readContext(ctx, a);
            const page = await ctx.storage.repos.search.assets(ctx.scope, {
                target: 'Asset', state: r.state, where: { kind: 'compare', path: SYS_ID, op: 'eq', value: a.id }, order: [], skip: 0, limit: 1,
            });
            const record = page.items[0];
            return record ? { record, preview: r.preview, locale: r.locale } : null;
        },
    };
    query.assetCollection = {
        type: AssetCollectionType,
        args: collectionArgs(asset.filterType, assetOrder),
        resolve: async (_s, a, ctx) => {
            const r = readContext(ctx, a);
            const { skip, limit } = pageOf(a);
            const page = await ctx.storage.repos.search.assets(ctx.scope, {
                target: 'Asset', state: r.state, where: and(compileWhere(a.where, asset.keys, r)), order: compileOrder(a.order, r), skip, limit,
            });
            return { skip, limit, total: page.total, items: page.items.map((record) => ({ record, preview: r.preview, locale: r.locale })) };
        },
    };
    return new GraphQLSchema({
        query: new GraphQLObjectType({ name: 'Query', fields: query }),
        types: [...objectTypes.values(), entryCollection],
    });
}
function collectionArgs(filterType, orderType) {
    return { ...pagingArgs, ...readArgs, where: { type: filterType }, order: { type: new GraphQLList(orderType) } };
}
