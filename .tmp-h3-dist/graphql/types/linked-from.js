import { GraphQLList, GraphQLObjectType, GraphQLString, } from 'graphql';
import { allowsEntryOf, linkKind } from "../plan/link-targets.js";
import { rootFieldName } from "../plan/naming.js";
import { checkLocale, checkPreview } from "./content-types.js";
import { pagingArgs, readArgs } from "./shared-types.js";
const MAX_LIMIT = 1000;
/**
 * `linkedFrom(allowedLocales: [String])` of an entry type or of Asset: a `<T>LinkingCollections` object with one
 * collection per linking content type and `entryCollection` over all of them. `allowedLocales` (default: the
 * current locale) selects the locales of the linking field values; the entries returned keep the inherited (or
 * their `locale` argument's) locale and the inherited (or their `preview` argument's) state. Batched per tick.
 */
export function linkedFromField(targetName, targetType, collections) {
    const fields = () => Object.fromEntries(collections.map((c) => [c.field, {
            type: c.type(),
            args: { ...pagingArgs, ...readArgs },
            resolve: async (s, a, ctx) => {
                const preview = checkPreview(ctx, a.preview ?? s.target.preview);
                const locale = a.locale ? checkLocale(ctx, a.locale) : s.target.locale;
                const skip = Math.max(a.skip ?? 0, 0);
                const limit = Math.min(Math.max(a.limit || 100, 0), MAX_LIMIT);
                const page = await ctx.loaders.linkingEntries({
                    state: preview ? 'draft' : 'published', targetType, via: c.via, locales: s.locales, defaultLocale: ctx.defaultLocale, skip, limit,
                }, `${targetName}.${c.field}`, s.target.record.id);
                return { skip, limit, total: page.total, items: page.items.map((record) => ({ record, preview, locale })) };
            },
        }]));
    const type = new GraphQLObjectType({ name: `${targetName}LinkingCollections`, fields });
    return {
        type,
        args: { allowedLocales: { type: new GraphQLList(GraphQLString) } },
        resolve: (s, a, ctx) => {
            const given = (a.allowedLocales ?? []).filter((l) => typeof l === 'string');
            return { target: s, locales: given.length ? given.map((l) => checkLocale(ctx, l)) : [s.locale] };
        },
    };
}
const viaOf = (contentTypeId, ds) => ds.map((d) => ({ contentTypeId, fieldId: d.id, localized: d.localized }));
/**
 * The collections of `linkedFrom` for a target (an entry type, or Asset): per content type with a link field that
 * may point at the target, `<contentTypeCamel>Collection` (links through those fields); and `entryCollection`
 * (links through any visible link or rich text field of any type).
 */
export function linkingCollections(target, model, collectionOf, entryCollection) {
    const allows = (d) => (target.kind === 'Asset' ? linkKind(d) === 'Asset' : allowsEntryOf(d, target.contentTypeId));
    const collections = [];
    const all = [];
    for (const ct of model) {
        const ds = ct.fields.map((f) => f.definition);
        const via = viaOf(ct.contentTypeId, ds.filter(allows));
        if (via.length)
            collections.push({ field: `${rootFieldName(ct.typeName)}Collection`, type: () => collectionOf(ct.contentTypeId), via });
        all.push(...viaOf(ct.contentTypeId, ds.filter((d) => linkKind(d) === target.kind || d.type === 'RichText')));
    }
    return [{ field: 'entryCollection', type: entryCollection, via: all }, ...collections];
}
