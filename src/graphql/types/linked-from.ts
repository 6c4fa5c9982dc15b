import {
  GraphQLList,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigMap,
} from 'graphql';
import type { FieldDefinition } from '../../domain/content-model/field.ts';
import type { LinkingQuery } from '../../domain/delivery/index.ts';
import type { GraphqlContext, Resolved } from '../context.ts';
import { allowsEntryOf, linkKind } from '../plan/link-targets.ts';
import { collectionFieldName, linkingCollectionsTypeName, rootFieldName } from '../plan/naming.ts';
import { checkLocale, checkPreview, localeOf, type LocaleArgs } from './content-types.ts';
import { pageOf, pagingArgs, readArgs } from './shared-types.ts';

export type LinkingVia = LinkingQuery['via'];

/** One collection of `<T>LinkingCollections`: its field name, its collection type and the fields links count through. */
export interface LinkingCollection {
  field: string;
  type: () => GraphQLObjectType;
  via: LinkingVia;
}

interface LinkedFromSource {
  target: Resolved;
  locales: string[];
}
interface PageArgs extends LocaleArgs {
  skip?: number | null;
  limit?: number | null;
  preview?: boolean | null;
}

/**
 * `linkedFrom(allowedLocales: [String])` of an entry type or of Asset: a `<T>LinkingCollections` object with one
 * collection per linking content type and `entryCollection` over all of them. `allowedLocales` (default: the
 * current locale) selects the locales of the linking field values; the entries returned keep the inherited (or
 * their `locale` and `useFallbackLocale` arguments') locale and fallback use and the inherited (or their `preview`
 * argument's) state. Batched per tick.
 */
export function linkedFromField(
  targetName: string,
  targetType: 'Entry' | 'Asset',
  collections: LinkingCollection[],
): GraphQLFieldConfig<Resolved, GraphqlContext> {
  const fields = (): GraphQLFieldConfigMap<LinkedFromSource, GraphqlContext> =>
    Object.fromEntries(
      collections.map((c) => [
        c.field,
        {
          type: c.type(),
          args: { ...pagingArgs, ...readArgs },
          resolve: async (s: LinkedFromSource, a: PageArgs, ctx: GraphqlContext) => {
            const preview = checkPreview(ctx, a.preview ?? s.target.preview);
            const below = localeOf(ctx, s.target, a);
            const { skip, limit } = pageOf(a);
            const page = await ctx.reads.linkingEntries(
              {
                state: preview ? 'draft' : 'published',
                targetType,
                via: c.via,
                locales: s.locales,
                defaultLocale: ctx.defaultLocale,
                skip,
                limit,
              },
              `${targetName}.${c.field}`,
              s.target.record.id,
            );
            return {
              skip,
              limit,
              total: page.total,
              items: page.items.map((record) => ({ record, preview, ...below })),
            };
          },
        },
      ]),
    );
  const type = new GraphQLObjectType<LinkedFromSource, GraphqlContext>({
    name: linkingCollectionsTypeName(targetName),
    fields,
  });
  return {
    type,
    args: { allowedLocales: { type: new GraphQLList(GraphQLString) } },
    resolve: (s, a: { allowedLocales?: Array<string | null> | null }, ctx) => {
      const given = (a.allowedLocales ?? []).filter((l): l is string => typeof l === 'string');
      return {
        target: s,
        locales: given.length ? given.map((l) => checkLocale(ctx, l)) : [s.locale],
      } satisfies LinkedFromSource;
    },
  };
}

/** A content type as the schema sees it: its type name and its visible fields. */
export interface ModelType {
  contentTypeId: string;
  typeName: string;
  fields: Array<{ definition: FieldDefinition }>;
}

const viaOf = (contentTypeId: string, ds: FieldDefinition[]): LinkingVia =>
  ds.map((d) => ({ contentTypeId, fieldId: d.id, localized: d.localized }));

/**
 * The collections of `linkedFrom` for a target (an entry type, or Asset): per content type with a link field that
 * may point at the target, `<contentTypeCamel>Collection` (links through those fields); and `entryCollection`
 * (links through any visible link or rich text field of any type).
 */
export function linkingCollections(
  target: { kind: 'Entry'; contentTypeId: string } | { kind: 'Asset' },
  model: ModelType[],
  collectionOf: (contentTypeId: string) => GraphQLObjectType,
  entryCollection: () => GraphQLObjectType,
): LinkingCollection[] {
  const allows = (d: FieldDefinition) =>
    target.kind === 'Asset' ? linkKind(d) === 'Asset' : allowsEntryOf(d, target.contentTypeId);
  const collections: LinkingCollection[] = [];
  const all: LinkingVia = [];
  for (const ct of model) {
    const ds = ct.fields.map((f) => f.definition);
    const via = viaOf(ct.contentTypeId, ds.filter(allows));
    if (via.length)
      collections.push({
        field: collectionFieldName(rootFieldName(ct.typeName)),
        type: () => collectionOf(ct.contentTypeId),
        via,
      });
    all.push(
      ...viaOf(
        ct.contentTypeId,
        ds.filter((d) => linkKind(d) === target.kind || d.type === 'RichText'),
      ),
    );
  }
  return [{ field: 'entryCollection', type: entryCollection, via: all }, ...collections];
}
