import {
  GraphQLBoolean, GraphQLFloat, GraphQLInputObjectType, GraphQLInt, GraphQLInterfaceType, GraphQLList, GraphQLNonNull,
  GraphQLObjectType, GraphQLScalarType, GraphQLString, type GraphQLNamedType, type GraphQLUnionType,
} from 'graphql';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../domain/shared/paging.ts';
import type { Resolved } from '../context.ts';

/** ISO-8601 date and time, as stored. */
export const DateTimeType = new GraphQLScalarType({ name: 'DateTime', description: 'An ISO-8601 date and time.' });

/** Any JSON value. */
export const JsonType = new GraphQLScalarType({ name: 'JSON', description: 'Any JSON value.' });

export const LocationType = new GraphQLObjectType({
  name: 'Location', fields: { lat: { type: GraphQLFloat }, lon: { type: GraphQLFloat } },
});

export const CircleType = new GraphQLInputObjectType({
  name: 'Circle', fields: { lat: { type: GraphQLFloat }, lon: { type: GraphQLFloat }, radius: { type: GraphQLFloat } },
});

export const RectangleType = new GraphQLInputObjectType({
  name: 'Rectangle',
  fields: {
    topLeftLat: { type: GraphQLFloat }, topLeftLon: { type: GraphQLFloat },
    bottomRightLat: { type: GraphQLFloat }, bottomRightLon: { type: GraphQLFloat },
  },
});

export const SysType = new GraphQLObjectType<Resolved>({
  name: 'Sys',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLString), resolve: (s) => s.record.id },
    spaceId: { type: new GraphQLNonNull(GraphQLString), resolve: (s) => s.record.spaceId },
    environmentId: { type: new GraphQLNonNull(GraphQLString), resolve: (s) => s.record.environmentId },
    publishedAt: { type: DateTimeType, resolve: (s) => s.record.publishedAt },
    firstPublishedAt: { type: DateTimeType, resolve: (s) => s.record.firstPublishedAt },
    publishedVersion: { type: GraphQLInt, resolve: (s) => s.record.publishedVersion },
    locale: { type: GraphQLString, resolve: (s) => s.locale },
  },
});

/** A collection's `skip` (at least 0) and `limit` (100 when omitted or 0, at most 1000). */
export function pageOf(a: { skip?: number | null; limit?: number | null }): { skip: number; limit: number } {
  return { skip: Math.max(a.skip ?? 0, 0), limit: Math.min(Math.max(a.limit || DEFAULT_LIMIT, 0), MAX_LIMIT) };
}

/** The arguments of every collection field. */
export const pagingArgs = { skip: { type: GraphQLInt }, limit: { type: GraphQLInt } };
export const fallbackArg = { useFallbackLocale: { type: GraphQLBoolean } };
export const readArgs = { preview: { type: GraphQLBoolean }, locale: { type: GraphQLString }, ...fallbackArg };
/** The arguments of a content field: its locale and whether its missing values follow the fallback chain. */
export const localeArgs = { locale: { type: GraphQLString }, ...fallbackArg };

const collectionTypes = new WeakSet<GraphQLNamedType>();
/** Whether a type is a collection made by `collectionType` (a content type named `...Collection` is not). */
export const isCollectionType = (type: GraphQLNamedType): boolean => collectionTypes.has(type);

/** `{skip, limit, total, items}` over an item type. */
export function collectionType(name: string, item: GraphQLInterfaceType | GraphQLObjectType | GraphQLUnionType): GraphQLObjectType {
  const type = new GraphQLObjectType({
    name,
    fields: {
      skip: { type: new GraphQLNonNull(GraphQLInt) },
      limit: { type: new GraphQLNonNull(GraphQLInt) },
      total: { type: new GraphQLNonNull(GraphQLInt) },
      items: { type: new GraphQLNonNull(new GraphQLList(item)) },
    },
  });
  collectionTypes.add(type);
  return type;
}
