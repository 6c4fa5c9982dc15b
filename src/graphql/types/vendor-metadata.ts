import {
  GraphQLBoolean,
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfig,
} from 'graphql';
import type { TagRecord } from '../../domain/delivery/index.ts';
import type { GraphqlContext, Resolved } from '../context.ts';
import { metadataNames, type MetadataNames } from '../plan/naming.ts';
import { SysType } from './shared-types.ts';

/** The tags metadata of entries and assets in the schemas served under one vendor token. */
export interface VendorMetadata {
  names: MetadataNames;
  /** `<vendor>Metadata: <Vendor>Metadata!` of every entry type and of Asset. */
  field: GraphQLFieldConfig<Resolved, GraphqlContext>;
  /** `interface Entry { sys: Sys!, <vendor>Metadata: <Vendor>Metadata! }`. */
  entryInterface: GraphQLInterfaceType;
  /** `<Vendor>MetadataFilter { tags_exists, tags: <Vendor>MetadataTagsFilter }` of `<Type>Filter` and `AssetFilter`. */
  filterType: GraphQLInputObjectType;
}

/** The tag ids of an entity in the state it was read in: the draft's for preview, the published ones otherwise. */
const tagIdsOf = (s: Resolved): string[] => (s.preview ? s.record.tags : s.record.publishedTags) ?? [];

function build(vendor: string): VendorMetadata {
  const names = metadataNames(vendor);
  const TagType = new GraphQLObjectType<TagRecord>({
    name: names.tag,
    fields: { id: { type: GraphQLString }, name: { type: GraphQLString } },
  });
  const MetadataType = new GraphQLObjectType<Resolved, GraphqlContext>({
    name: names.metadata,
    fields: {
      // Only public tags reach the delivery and preview APIs: private ones are left out, in the entity's order.
      tags: {
        type: new GraphQLNonNull(new GraphQLList(TagType)),
        resolve: async (s, _a, ctx) => {
          const ids = tagIdsOf(s);
          if (!ids.length) return [];
          const visible = await ctx.reads.publicTags();
          return ids.flatMap((id) => visible.get(id) ?? []);
        },
      },
    },
  });
  const idList = { type: new GraphQLList(GraphQLString) };
  const tagsFilter = new GraphQLInputObjectType({
    name: names.tagsFilter,
    fields: { id_contains_all: idList, id_contains_some: idList, id_contains_none: idList },
  });
  return {
    names,
    field: { type: new GraphQLNonNull(MetadataType), resolve: (s) => s },
    entryInterface: new GraphQLInterfaceType({
      name: 'Entry',
      fields: { sys: { type: new GraphQLNonNull(SysType) }, [names.field]: { type: new GraphQLNonNull(MetadataType) } },
    }),
    filterType: new GraphQLInputObjectType({
      name: names.filter,
      fields: { tags_exists: { type: GraphQLBoolean }, tags: { type: tagsFilter } },
    }),
  };
}

const byVendor = new Map<string, VendorMetadata>();

/** The metadata types of a vendor token, made once (every schema of the process shares them, like `Sys`). */
export function vendorMetadata(vendor: string): VendorMetadata {
  let metadata = byVendor.get(vendor);
  if (!metadata) byVendor.set(vendor, (metadata = build(vendor)));
  return metadata;
}
