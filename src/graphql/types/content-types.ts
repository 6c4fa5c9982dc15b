import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  GraphQLUnionType,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigMap,
  type GraphQLOutputType,
} from 'graphql';
import type { ContentTypeDefinition, FieldDefinition } from '../../domain/content-model/field.ts';
import { readsPreview, type EntryRecord } from '../../domain/delivery/index.ts';
import { fieldLocales, type GraphqlContext, type LocaleRead, type Resolved } from '../context.ts';
import { executionError } from '../errors.ts';
import type { PlannedField } from '../filters.ts';
import { linkTargets } from '../plan/link-targets.ts';
import { collectionFieldName, collectionTypeName, type NamedField } from '../plan/naming.ts';
import { NodeInterface, nodeIdField } from './node.ts';
import { resolveLink } from './resolve-link.ts';
import { richTextType, type RichTextSource } from './rich-text.ts';
import type { VendorMetadata } from './vendor-metadata.ts';
import {
  collectionType,
  DateTimeType,
  fallbackArg,
  JsonType,
  localeArgs,
  LocationType,
  pageOf,
  pagingArgs,
  SysType,
} from './shared-types.ts';

/** Checks a locale argument: unknown locales fail their path with UNKNOWN_LOCALE. */
export function checkLocale(ctx: GraphqlContext, code: string): string {
  if (!ctx.locales.some((l) => l.code === code))
    throw executionError(
      'UNKNOWN_LOCALE',
      `Query execution error. Requested locale '${code}' does not exist in the environment`,
      { locale: code },
    );
  return code;
}

/** Preview reads need a preview token. */
export function checkPreview(ctx: GraphqlContext, preview: boolean): boolean {
  if (preview && !readsPreview(ctx))
    throw executionError('ACCESS_TOKEN_INVALID', 'Reading non-published content needs a preview access token');
  return preview;
}

export interface LocaleArgs {
  locale?: string | null;
  useFallbackLocale?: boolean | null;
}

/** A field's locale and fallback use: its own arguments, else the inherited ones. */
export function localeOf(ctx: GraphqlContext, inherited: LocaleRead, a: LocaleArgs): LocaleRead {
  return {
    locale: a.locale ? checkLocale(ctx, a.locale) : inherited.locale,
    useFallbackLocale: a.useFallbackLocale ?? inherited.useFallbackLocale,
  };
}

/**
 * The value of a field in a locale: localized fields follow the fallback chain (unless `useFallbackLocale` is off);
 * others hold the default locale's value.
 */
export function fieldValue(
  ctx: GraphqlContext,
  source: Resolved,
  definition: FieldDefinition,
  read: LocaleRead,
): unknown {
  const fields = (source.preview ? source.record.fields : source.record.publishedFields) ?? {};
  const values = fields[definition.id];
  if (!values) return null;
  for (const code of fieldLocales(ctx, definition, read)) if (Object.hasOwn(values, code)) return values[code];
  return null;
}

const SCALARS: Partial<Record<string, GraphQLOutputType>> = {
  Symbol: GraphQLString,
  Text: GraphQLString,
  Integer: GraphQLInt,
  Number: GraphQLFloat,
  Date: DateTimeType,
  Boolean: GraphQLBoolean,
  Object: JsonType,
  Location: LocationType,
};

/** What a content type's object type needs from the rest of the schema (thunks: types may link in cycles). */
export interface TypeRegistry {
  entryType(contentTypeId: string): GraphQLObjectType | undefined;
  assetType(): GraphQLObjectType;
  entryCollection(): GraphQLObjectType;
  assetCollection(): GraphQLObjectType;
  /** `linkedFrom` of the content type's object type. */
  linkedFrom(contentTypeId: string): GraphQLFieldConfig<Resolved, GraphqlContext>;
  /** The `Entry` interface and the tags metadata field of the vendor the schema is served under. */
  metadata: VendorMetadata;
}

/** The union of the object types of a field's link targets (those that exist), resolved by content type. */
function unionOf(name: string, targets: string[], registry: TypeRegistry): GraphQLUnionType {
  return new GraphQLUnionType({
    name,
    types: () => targets.map((id) => registry.entryType(id)).filter((t): t is GraphQLObjectType => !!t),
    resolveType: (s: Resolved) => registry.entryType((s.record as EntryRecord).contentTypeId)?.name,
  });
}

/**
 * The object type of one content type: `sys`, `linkedFrom` and a field per visible content field, each with `locale`
 * and `useFallbackLocale` arguments.
 */
export function contentObjectType(
  typeName: string,
  definition: ContentTypeDefinition,
  fields: PlannedField[],
  registry: TypeRegistry,
): GraphQLObjectType<Resolved> {
  return new GraphQLObjectType<Resolved, GraphqlContext>({
    name: typeName,
    interfaces: [registry.metadata.entryInterface, NodeInterface],
    isTypeOf: (s: Resolved) => 'contentTypeId' in s.record && (s.record as EntryRecord).contentTypeId === definition.id,
    fields: () => {
      const config: GraphQLFieldConfigMap<Resolved, GraphqlContext> = {
        _id: nodeIdField,
        sys: { type: new GraphQLNonNull(SysType), resolve: (s) => s },
        [registry.metadata.names.field]: registry.metadata.field,
        linkedFrom: registry.linkedFrom(definition.id ?? ''),
      };
      for (const { name, definition: d, union, richText } of fields as Array<PlannedField & NamedField>) {
        const scalar = SCALARS[d.type];
        if (scalar) {
          config[name] = {
            type: scalar,
            args: localeArgs,
            resolve: (s, a, ctx) => fieldValue(ctx, s, d, localeOf(ctx, s, a)),
          };
        } else if (d.type === 'Array' && d.items?.type === 'Symbol') {
          config[name] = {
            type: new GraphQLList(GraphQLString),
            args: localeArgs,
            resolve: (s, a, ctx) => fieldValue(ctx, s, d, localeOf(ctx, s, a)),
          };
        } else if (d.type === 'RichText' && richText) {
          config[name] = {
            type: richTextType(
              richText,
              d,
              typeName,
              () => registry.assetType(),
              () => registry.metadata.entryInterface,
            ),
            args: localeArgs,
            resolve: (s, a, ctx) => {
              const read = localeOf(ctx, s, a);
              const document = fieldValue(ctx, s, d, read);
              return document && typeof document === 'object'
                ? ({ document: document as Record<string, unknown>, parent: s, ...read } satisfies RichTextSource)
                : null;
            },
          };
        } else if (d.type === 'Link') {
          const targets = linkTargets(d);
          const type =
            d.linkType === 'Asset'
              ? registry.assetType()
              : union
                ? unionOf(union.name, targets, registry)
                : targets.length === 1
                  ? (registry.entryType(targets[0]!) ?? registry.metadata.entryInterface)
                  : registry.metadata.entryInterface;
          config[name] = {
            type,
            args: { locale: { type: GraphQLString }, preview: { type: GraphQLBoolean }, ...fallbackArg },
            resolve: (s, a: LocaleArgs & { preview?: boolean | null }, ctx) => {
              const below = localeOf(ctx, s, a);
              const preview = checkPreview(ctx, a.preview ?? s.preview);
              return resolveLink(ctx, s, d, typeName, fieldValue(ctx, s, d, s), { ...below, preview }, targets);
            },
          };
        } else if (d.type === 'Array' && d.items?.type === 'Link') {
          const asset = d.items.linkType === 'Asset';
          const targets = linkTargets(d);
          const typed = !asset && targets.length === 1 ? registry.entryType(targets[0]!) : undefined;
          const type = asset
            ? registry.assetCollection()
            : union?.collection
              ? collectionType(union.collection, unionOf(union.name, targets, registry))
              : typed
                ? collectionOf(typed)
                : registry.entryCollection();
          config[collectionFieldName(name)] = {
            type,
            args: { ...pagingArgs, locale: { type: GraphQLString }, preview: { type: GraphQLBoolean }, ...fallbackArg },
            resolve: async (
              s,
              a: LocaleArgs & { skip?: number | null; limit?: number | null; preview?: boolean | null },
              ctx,
            ) => {
              const below = localeOf(ctx, s, a);
              const preview = checkPreview(ctx, a.preview ?? s.preview);
              const links = (fieldValue(ctx, s, d, s) as unknown[] | null) ?? [];
              const { skip, limit } = pageOf(a);
              const items = links
                .slice(skip, skip + limit)
                .map((l) =>
                  resolveLink(ctx, s, d, typeName, l, { ...below, preview }, targets).catch((e) => e as Error),
                );
              return { skip, limit, total: links.length, items: await Promise.all(items) };
            },
          };
        }
      }
      return config;
    },
  });
}

const collections = new WeakMap<GraphQLObjectType, GraphQLObjectType>();
/** The `<Type>Collection` of an object type (one per type). */
export function collectionOf(type: GraphQLObjectType): GraphQLObjectType {
  let c = collections.get(type);
  if (!c) collections.set(type, (c = collectionType(collectionTypeName(type.name), type)));
  return c;
}
