import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLString,
  type GraphQLNamedType,
  type GraphQLUnionType,
} from 'graphql';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../domain/shared/paging.ts';
import type { Resolved } from '../context.ts';
import { executionError } from '../errors.ts';

/** ISO-8601 date and time, as stored. */
export const DateTimeType = new GraphQLScalarType({ name: 'DateTime', description: 'An ISO-8601 date and time.' });

/** Any JSON value. */
export const JsonType = new GraphQLScalarType({ name: 'JSON', description: 'Any JSON value.' });

export const LocationType = new GraphQLObjectType({
  name: 'Location',
  fields: { lat: { type: GraphQLFloat }, lon: { type: GraphQLFloat } },
});

export const CircleType = new GraphQLInputObjectType({
  name: 'Circle',
  fields: { lat: { type: GraphQLFloat }, lon: { type: GraphQLFloat }, radius: { type: GraphQLFloat } },
});

export const RectangleType = new GraphQLInputObjectType({
  name: 'Rectangle',
  fields: {
    topLeftLat: { type: GraphQLFloat },
    topLeftLon: { type: GraphQLFloat },
    bottomRightLat: { type: GraphQLFloat },
    bottomRightLon: { type: GraphQLFloat },
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

/**
 * A collection's `skip` (0 when omitted) and `limit` (100 when omitted; 0 answers only `total`), as REST search reads
 * them: a negative `skip` or a `limit` outside 0..1000 fails the field's path (the query's cost counts such a limit as
 * the default or the maximum).
 */
export function pageOf(a: { skip?: number | null; limit?: number | null }): { skip: number; limit: number } {
  const skip = a.skip ?? 0;
  const limit = a.limit ?? DEFAULT_LIMIT;
  if (skip < 0) {
    throw executionError(
      'GRAPHQL_VALIDATION_FAILED',
      'The value provided for "skip" is invalid. Please provide a valid number value of at least 0.',
      { argument: 'skip', value: skip, minimum: 0 },
    );
  }
  if (limit < 0 || limit > MAX_LIMIT) {
    throw executionError(
      'GRAPHQL_VALIDATION_FAILED',
      `The value provided for "limit" is invalid. Please provide a valid number value between 0 and ${MAX_LIMIT}.`,
      { argument: 'limit', value: limit, minimum: 0, maximum: MAX_LIMIT },
    );
  }
  return { skip, limit };
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
export function collectionType(
  name: string,
  item: GraphQLInterfaceType | GraphQLObjectType | GraphQLUnionType,
): GraphQLObjectType {
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
