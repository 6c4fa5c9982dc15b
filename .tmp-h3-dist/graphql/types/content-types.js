import { GraphQLBoolean, GraphQLFloat, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString, GraphQLUnionType, } from 'graphql';
import { localeChain } from "../context.js";
import { executionError } from "../errors.js";
import { linkTargets } from "../plan/link-targets.js";
import { resolveLink } from "./resolve-link.js";
import { richTextType } from "./rich-text.js";
import { collectionType, DateTimeType, EntryInterface, JsonType, LocationType, pagingArgs, SysType } from "./shared-types.js";
/** Checks a locale argument: unknown locales fail their path with UNKNOWN_LOCALE. */
export function checkLocale(ctx, code) {
    if (!ctx.locales.some((l) => l.code === code))
        throw executionError('UNKNOWN_LOCALE', `Query execution error. Requested locale '${code}' does not exist in the environment`, { locale: code });
    return code;
}
/** Preview reads need a preview token. */
export function checkPreview(ctx, preview) {
    if (preview && ctx.grant.kind !== 'preview')
        throw executionError('ACCESS_TOKEN_INVALID', 'Reading non-published content needs a preview access token');
    return preview;
}
/** The value of a field for a locale: localized fields follow the fallback chain; others hold the default locale's value. */
export function fieldValue(ctx, source, definition, locale) {
    const fields = (source.preview ? source.record.fields : source.record.publishedFields) ?? {};
    const values = fields[definition.id];
    if (!values)
        return null;
    const chain = definition.localized ? localeChain(ctx.locales, locale) : [ctx.defaultLocale];
    for (const code of chain)
        if (Object.hasOwn(values, code))
            return values[code];
    return null;
}
const SCALARS = {
    Symbol: GraphQLString, Text: GraphQLString, Integer: GraphQLInt, Number: GraphQLFloat, Date: DateTimeType,
    Boolean: GraphQLBoolean, Object: JsonType, Location: LocationType,
};
/** The union of the object types of a field's link targets (those that exist), resolved by content type. */
function unionOf(name, targets, registry) {
    return new GraphQLUnionType({
        name,
        types: () => targets.map((id) => registry.entryType(id)).filter((t) => !!t),
        resolveType: (s) => registry.entryType(s.record.contentTypeId)?.name,
    });
}
/** The object type of one content type: `sys`, `linkedFrom` and a field per visible content field, each with a `locale` argument. */
export function contentObjectType(typeName, definition, fields, registry) {
    return new GraphQLObjectType({
        name: typeName,
        interfaces: [EntryInterface],
        isTypeOf: (s) => 'contentTypeId' in s.record && s.record.contentTypeId === definition.id,
        fields: () => {
            const config = {
                sys: { type: new GraphQLNonNull(SysType), resolve: (s) => s },
                linkedFrom: registry.linkedFrom(definition.id ?? ''),
            };
            for (const { name, definition: d, union, richText } of fields) {
                const localeArg = { locale: { type: GraphQLString } };
                const localeOf = (ctx, s, a) => (a.locale ? checkLocale(ctx, a.locale) : s.locale);
                const scalar = SCALARS[d.type];
                if (scalar) {
                    config[name] = { type: scalar, args: localeArg, resolve: (s, a, ctx) => fieldValue(ctx, s, d, localeOf(ctx, s, a)) };
                }
                else if (d.type === 'Array' && d.items?.type === 'Symbol') {
                    config[name] = { type: new GraphQLList(GraphQLString), args: localeArg, resolve: (s, a, ctx) => fieldValue(ctx, s, d, localeOf(ctx, s, a)) };
                }
                else if (d.type === 'RichText' && richText) {
                    config[name] = {
                        type: richTextType(richText, d, typeName, () => registry.assetType()), args: localeArg,
                        resolve: (s, a, ctx) => {
                            const locale = localeOf(ctx, s, a);
                            const document = fieldValue(ctx, s, d, locale);
                            return document && typeof document === 'object' ? { document: document, parent: s, locale } : null;
                        },
                    };
                }
                else if (d.type === 'Link') {
                    const targets = linkTargets(d);
                    const type = d.linkType === 'Asset' ? registry.assetType()
                        : union ? unionOf(union.name, targets, registry)
                            : targets.length === 1 ? registry.entryType(targets[0]) ?? EntryInterface : EntryInterface;
                    config[name] = {
                        type, args: { locale: { type: GraphQLString }, preview: { type: GraphQLBoolean } },
                        resolve: (s, a, ctx) => {
                            const locale = a.locale ? checkLocale(ctx, a.locale) : s.locale;
                            const preview = checkPreview(ctx, a.preview ?? s.preview);
                            return resolveLink(ctx, s, d, typeName, fieldValue(ctx, s, d, s.locale), preview, locale, targets);
                        },
                    };
                }
                else if (d.type === 'Array' && d.items?.type === 'Link') {
                    const asset = d.items.linkType === 'Asset';
                    const targets = linkTargets(d);
                    const typed = !asset && targets.length === 1 ? registry.entryType(targets[0]) : undefined;
                    const type = asset ? registry.assetCollection()
                        : union?.collection ? collectionType(union.collection, unionOf(union.name, targets, registry))
                            : typed ? collectionOf(typed) : registry.entryCollection();
                    config[`${name}Collection`] = {
                        type, args: { ...pagingArgs, locale: { type: GraphQLString }, preview: { type: GraphQLBoolean } },
                        resolve: async (s, a, ctx) => {
                            const locale = a.locale ? checkLocale(ctx, a.locale) : s.locale;
                            const preview = checkPreview(ctx, a.preview ?? s.preview);
                            const links = fieldValue(ctx, s, d, s.locale) ?? [];
                            const skip = Math.max(a.skip ?? 0, 0);
                            const limit = Math.min(a.limit || 100, 1000);
                            const items = links.slice(skip, skip + limit).map((l) => resolveLink(ctx, s, d, typeName, l, preview, locale, targets).catch((e) => e));
                            return { skip, limit, total: links.length, items: await Promise.all(items) };
                        },
                    };
                }
            }
            return config;
        },
    });
}
const collections = new WeakMap();
/** The `<Type>Collection` of an object type (one per type). */
export function collectionOf(type) {
    let c = collections.get(type);
    if (!c)
        collections.set(type, (c = collectionType(`${type.name}Collection`, type)));
    return c;
}
