import { GraphQLInt, GraphQLNonNull, GraphQLObjectType, GraphQLString } from 'graphql';
import type { GraphqlContext, Resolved } from '../context.ts';
import { collectionType, SysType } from './shared-types.ts';
import { checkLocale, fieldValue } from './content-types.ts';

const text = (id: string) => ({ id, name: id, type: 'Symbol' as const, localized: true, required: false, disabled: false, omitted: false, validations: [] });

interface FileValue { url?: string; fileName?: string; contentType?: string; details?: { size?: number; image?: { width?: number; height?: number } } }

/** A file URL with a protocol: protocol-relative URLs get `https:`. */
export const absoluteUrl = (url: string | undefined): string | null => (url ? (url.startsWith('//') ? `https:${url}` : url) : null);

function file(ctx: GraphqlContext, s: Resolved, a: { locale?: string | null }): FileValue | null {
  return fieldValue(ctx, s, text('file'), a.locale ? checkLocale(ctx, a.locale) : s.locale) as FileValue | null;
}

const localeArg = { locale: { type: GraphQLString } };

/** The Asset type: title, description and the file's attributes, in the inherited or the given locale. */
export const AssetType = new GraphQLObjectType<Resolved, GraphqlContext>({
  name: 'Asset',
  fields: {
    sys: { type: new GraphQLNonNull(SysType), resolve: (s) => s },
    title: { type: GraphQLString, args: localeArg, resolve: (s, a, ctx) => fieldValue(ctx, s, text('title'), a.locale ? checkLocale(ctx, a.locale) : s.locale) },
    description: { type: GraphQLString, args: localeArg, resolve: (s, a, ctx) => fieldValue(ctx, s, text('description'), a.locale ? checkLocale(ctx, a.locale) : s.locale) },
    contentType: { type: GraphQLString, args: localeArg, resolve: (s, a, ctx) => file(ctx, s, a)?.contentType ?? null },
    fileName: { type: GraphQLString, args: localeArg, resolve: (s, a, ctx) => file(ctx, s, a)?.fileName ?? null },
    url: { type: GraphQLString, args: localeArg, resolve: (s, a, ctx) => absoluteUrl(file(ctx, s, a)?.url) },
    size: { type: GraphQLInt, args: localeArg, resolve: (s, a, ctx) => file(ctx, s, a)?.details?.size ?? null },
    width: { type: GraphQLInt, args: localeArg, resolve: (s, a, ctx) => file(ctx, s, a)?.details?.image?.width ?? null },
    height: { type: GraphQLInt, args: localeArg, resolve: (s, a, ctx) => file(ctx, s, a)?.details?.image?.height ?? null },
  },
});

export const AssetCollectionType = collectionType('AssetCollection', AssetType);

/** The fields of Asset that filters and order can name. */
export const ASSET_FIELDS = [
  { fieldId: 'title', name: 'title', definition: text('title') },
  { fieldId: 'description', name: 'description', definition: { ...text('description'), type: 'Text' as const } },
];
