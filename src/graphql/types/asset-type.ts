import { GraphQLInt, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLFieldConfig } from 'graphql';
import type { GraphqlContext, Resolved } from '../context.ts';
import type { PlannedField } from '../filters.ts';
import { NodeInterface, nodeIdField } from './node.ts';
import { localeArgs, SysType } from './shared-types.ts';
import { fieldValue, localeOf, type LocaleArgs } from './content-types.ts';
import { ImageTransformOptionsType, transformedUrl, type ImageTransformOptions } from './image-transform.ts';
import type { VendorMetadata } from './vendor-metadata.ts';

const text = (id: string) => ({
  id,
  name: id,
  type: 'Symbol' as const,
  localized: true,
  required: false,
  disabled: false,
  omitted: false,
  validations: [],
});

interface FileValue {
  url?: string;
  fileName?: string;
  contentType?: string;
  details?: { size?: number; image?: { width?: number; height?: number } };
}

/** A file URL as the hosted service's tools complete it: protocol-relative URLs get `https:`. */
export const httpsFileUrl = (url: string): string => (url.startsWith('//') ? `https:${url}` : url);

/** A file URL with a protocol: protocol-relative URLs get the scheme of this server's configured base URLs. */
export const absoluteUrl = (ctx: GraphqlContext, url: string | undefined): string | null =>
  url ? ctx.completeFileUrl(url) : null;

function file(ctx: GraphqlContext, s: Resolved, a: LocaleArgs): FileValue | null {
  return fieldValue(ctx, s, text('file'), localeOf(ctx, s, a)) as FileValue | null;
}

/**
 * The Asset type of one schema: title, description and the file's attributes, in the inherited or the given locale,
 * `linkedFrom` (which depends on the content model) and the tags metadata (named after the vendor).
 */
export const assetType = (linkedFrom: GraphQLFieldConfig<Resolved, GraphqlContext>, metadata: VendorMetadata) =>
  new GraphQLObjectType<Resolved, GraphqlContext>({
    name: 'Asset',
    interfaces: [NodeInterface],
    isTypeOf: (s: Resolved) => !('contentTypeId' in s.record),
    fields: {
      _id: nodeIdField,
      sys: { type: new GraphQLNonNull(SysType), resolve: (s) => s },
      [metadata.names.field]: metadata.field,
      linkedFrom,
      title: {
        type: GraphQLString,
        args: localeArgs,
        resolve: (s, a, ctx) => fieldValue(ctx, s, text('title'), localeOf(ctx, s, a)),
      },
      description: {
        type: GraphQLString,
        args: localeArgs,
        resolve: (s, a, ctx) => fieldValue(ctx, s, text('description'), localeOf(ctx, s, a)),
      },
      contentType: {
        type: GraphQLString,
        args: localeArgs,
        resolve: (s, a, ctx) => file(ctx, s, a)?.contentType ?? null,
      },
      fileName: { type: GraphQLString, args: localeArgs, resolve: (s, a, ctx) => file(ctx, s, a)?.fileName ?? null },
      url: {
        type: GraphQLString,
        args: { ...localeArgs, transform: { type: ImageTransformOptionsType } },
        resolve: (s, a: LocaleArgs & { transform?: ImageTransformOptions | null }, ctx) => {
          const f = file(ctx, s, a);
          return transformedUrl(absoluteUrl(ctx, f?.url), f?.details?.image !== undefined, a.transform);
        },
      },
      size: { type: GraphQLInt, args: localeArgs, resolve: (s, a, ctx) => file(ctx, s, a)?.details?.size ?? null },
      width: {
        type: GraphQLInt,
        args: localeArgs,
        resolve: (s, a, ctx) => file(ctx, s, a)?.details?.image?.width ?? null,
      },
      height: {
        type: GraphQLInt,
        args: localeArgs,
        resolve: (s, a, ctx) => file(ctx, s, a)?.details?.image?.height ?? null,
      },
    },
  });

/** The fields of Asset that filters and order can name: the file's attributes are subpaths of `fields.file.<locale>`. */
const fileField = (name: string, type: 'Symbol' | 'Integer', subpath: string[]) => ({
  fieldId: 'file',
  name,
  definition: { ...text('file'), type },
  subpath,
});
export const ASSET_FIELDS: PlannedField[] = [
  { fieldId: 'title', name: 'title', definition: text('title') },
  { fieldId: 'description', name: 'description', definition: { ...text('description'), type: 'Text' as const } },
  // URLs on https hosts are stored protocol-relative, so a filter value with `https:` (as the API answers) matches them
  // too; URLs on http hosts are stored with `http:` and match as they are.
  {
    ...fileField('url', 'Symbol', ['url']),
    normalize: (v: unknown) => (typeof v === 'string' ? v.replace(/^https:(?=\/\/)/, '') : v),
  },
  fileField('size', 'Integer', ['details', 'size']),
  fileField('contentType', 'Symbol', ['contentType']),
  fileField('fileName', 'Symbol', ['fileName']),
  fileField('width', 'Integer', ['details', 'image', 'width']),
  fileField('height', 'Integer', ['details', 'image', 'height']),
];
