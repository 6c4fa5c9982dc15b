import { GraphQLInt, GraphQLNonNull, GraphQLObjectType, GraphQLString } from 'graphql';
import { SysType } from "./shared-types.js";
import { checkLocale, fieldValue } from "./content-types.js";
import { ImageTransformOptionsType, transformedUrl } from "./image-transform.js";
const text = (id) => ({ id, name: id, type: 'Symbol', localized: true, required: false, disabled: false, omitted: false, validations: [] });
/** A file URL with a protocol: protocol-relative URLs get `https:`. */
export const absoluteUrl = (url) => (url ? (url.startsWith('//') ? `https:${url}` : url) : null);
function file(ctx, s, a) {
    return fieldValue(ctx, s, text('file'), a.locale ? checkLocale(ctx, a.locale) : s.locale);
}
const localeArg = { locale: { type: GraphQLString } };
/**
 * The Asset type of one schema: title, description and the file's attributes, in the inherited or the given locale,
 * and `linkedFrom` (which depends on the content model).
 */
export const assetType = (linkedFrom) => new GraphQLObjectType({
    name: 'Asset',
    fields: {
        sys: { type: new GraphQLNonNull(SysType), resolve: (s) => s },
        linkedFrom,
        title: { type: GraphQLString, args: localeArg, resolve: (s, a, ctx) => fieldValue(ctx, s, text('title'), a.locale ? checkLocale(ctx, a.locale) : s.locale) },
        description: { type: GraphQLString, args: localeArg, resolve: (s, a, ctx) => fieldValue(ctx, s, text('description'), a.locale ? checkLocale(ctx, a.locale) : s.locale) },
        contentType: { type: GraphQLString, args: localeArg, resolve: (s, a, ctx) => file(ctx, s, a)?.contentType ?? null },
        fileName: { type: GraphQLString, args: localeArg, resolve: (s, a, ctx) => file(ctx, s, a)?.fileName ?? null },
        url: {
            type: GraphQLString, args: { ...localeArg, transform: { type: ImageTransformOptionsType } },
            resolve: (s, a, ctx) => {
                const f = file(ctx, s, a);
                return transformedUrl(absoluteUrl(f?.url), f?.details?.image !== undefined, a.transform);
            },
        },
        size: { type: GraphQLInt, args: localeArg, resolve: (s, a, ctx) => file(ctx, s, a)?.details?.size ?? null },
        width: { type: GraphQLInt, args: localeArg, resolve: (s, a, ctx) => file(ctx, s, a)?.details?.image?.width ?? null },
        height: { type: GraphQLInt, args: localeArg, resolve: (s, a, ctx) => file(ctx, s, a)?.details?.image?.height ?? null },
    },
});
/** The fields of Asset that filters and order can name: the file's attributes are subpaths of `fields.file.<locale>`. */
const fileField = (name, type, subpath) => ({ fieldId: 'file', name, definition: { ...text('file'), type }, subpath });
export const ASSET_FIELDS = [
    { fieldId: 'title', name: 'title', definition: text('title') },
    { fieldId: 'description', name: 'description', definition: { ...text('description'), type: 'Text' } },
    // Stored URLs are protocol-relative; a filter value with the protocol the API answers with matches them too.
    { ...fileField('url', 'Symbol', ['url']), normalize: (v) => (typeof v === 'string' ? v.replace(/^https?:(?=\/\/)/, '') : v) },
    fileField('size', 'Integer', ['details', 'size']),
    fileField('contentType', 'Symbol', ['contentType']),
    fileField('fileName', 'Symbol', ['fileName']),
    fileField('width', 'Integer', ['details', 'image', 'width']),
    fileField('height', 'Integer', ['details', 'image', 'height']),
];
