import { GraphQLInt, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLFieldConfig } from 'graphql';
import type { GraphqlContext, Resolved } from '../context.ts';
import type { PlannedField } from '../filters.ts';
import { SysType } from './shared-types.ts';
import { checkLocale, fieldValue } from './content-types.ts';
import { ImageTransformOptionsType, transformedUrl, type ImageTransformOptions } from './image-transform.ts';

const text = (id: string) => ({ id, name: id, type: 'Symbol' as const, localized: true, required: false, disabled: false, omitted: false, validations: [] });

interface FileValue { url?: string; fileName?: string; contentType?: string; details?: { size?: number; image?: { width?: number; height?: number } } }

/** A file URL with a protocol: protocol-relative URLs get `https:`. */
export const absoluteUrl = (url: string | undefined): string | null => (url ? (url.startsWith('//') ? `https:${url}` : url) : null);

function file(ctx: GraphqlContext, s: Resolved, a: { locale?: string | null }): FileValue | null {
  return fieldValue(ctx, s, text('file'), a.locale ? checkLocale(ctx, a.locale) : s.locale) as FileValue | null;
}

const localeArg = { locale: { type: GraphQLString } };

/**
 * The Asset type of one schema: title, description and the file's attributes, in the inherited or the given locale,
 * and `linkedFrom` (which depends on the content model).
 */
export const assetType = (linkedFrom: GraphQLFieldConfig<Resolved, GraphqlContext>) => new GraphQLObjectType<Resolved, GraphqlContext>({
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
      resolve: (s, a: { locale?: string | null; transform?: ImageTransformOptions | null }, ctx) => {
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
const fileField = (name: string, type: 'Symbol' | 'Integer', subpath: string[]) => ({ fieldId: 'file', name, definition: { ...text('file'), type }, subpath });
export const ASSET_FIELDS: PlannedField[] = [
  { fieldId: 'title', name: 'title', definition: text('title') },
  { fieldId: 'description', name: 'description', definition: { ...text('description'), type: 'Text' as const } },
  // Stored URLs are protocol-relative; a filter value with the protocol the API answers with matches them too.
  { ...fileField('url', 'Symbol', ['url']), normalize: (v: unknown) => (typeof v === 'string' ? v.replace(/^https?:(?=\/\/)/, '') : v) },
  fileField('size', 'Integer', ['details', 'size']),
  fileField('contentType', 'Symbol', ['contentType']),
  fileField('fileName', 'Symbol', ['fileName']),
  fileField('width', 'Integer', ['details', 'image', 'width']),
  fileField('height', 'Integer', ['details', 'image', 'height']),
];
