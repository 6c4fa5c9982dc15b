import { GraphQLList, type GraphQLEnumType, type GraphQLInputObjectType } from 'graphql';
import type { FieldDefinition } from '../domain/content-model/field.ts';
import { fieldLocales, type GraphqlContext, type ReadState } from './context.ts';
import type { PlannedField } from './filters.ts';
import { checkLocale, checkPreview } from './types/content-types.ts';
import { pagingArgs, readArgs } from './types/shared-types.ts';

/** The arguments of every root read: state, locale and fallback use. */
export interface ReadArgs {
  preview?: boolean | null;
  locale?: string | null;
  useFallbackLocale?: boolean | null;
}
export interface CollectionArgs extends ReadArgs {
  skip?: number | null;
  limit?: number | null;
  where?: Record<string, unknown> | null;
  order?: Array<{ field?: PlannedField; direction: 'asc' | 'desc' }> | null;
}

/** The request's preview flag, locale and fallback use, checked; filters read fields as the results do. */
export function readContext(ctx: GraphqlContext, a: ReadArgs) {
  const preview = checkPreview(ctx, a.preview ?? false);
  const locale = a.locale ? checkLocale(ctx, a.locale) : ctx.defaultLocale;
  const read: ReadState = { preview, locale, useFallbackLocale: a.useFallbackLocale ?? true };
  const chainOf = (d: FieldDefinition) => fieldLocales(ctx, d, read);
  return { preview, locale, read, chainOf, state: preview ? ('draft' as const) : ('published' as const) };
}

/** The arguments of a root collection: paging, read arguments, `where` and `order`. */
export function collectionArgs(filterType: GraphQLInputObjectType, orderType: GraphQLEnumType) {
  return { ...pagingArgs, ...readArgs, where: { type: filterType }, order: { type: new GraphQLList(orderType) } };
}
