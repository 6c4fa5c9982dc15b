import { GraphQLID, GraphQLNonNull, type GraphQLFieldConfig } from 'graphql';
import type { EntryRecord } from '../domain/delivery/index.ts';
import type { GraphqlContext, Resolved } from './context.ts';
import { readContext, type ReadArgs } from './read-context.ts';
import { NodeInterface } from './types/node.ts';
import { readArgs } from './types/shared-types.ts';

/**
 * Root `_node(id: ID!, locale, preview, useFallbackLocale): _Node`: the entry (of a content type of the schema) or
 * else the asset with that id, or null; batched with the other reads of the tick through the request's reads.
 */
export function nodeField(contentTypeIds: Iterable<string>): GraphQLFieldConfig<unknown, GraphqlContext> {
  const inSchema = new Set(contentTypeIds);
  return {
    type: NodeInterface,
    args: { id: { type: new GraphQLNonNull(GraphQLID) }, ...readArgs },
    extensions: { complexity: { cost: 1 } },
    resolve: async (_s, a: ReadArgs & { id: string }, ctx): Promise<Resolved | null> => {
      const r = readContext(ctx, a);
      const [entry, asset] = await Promise.all([
        ctx.reads.load('Entry', r.state, a.id),
        ctx.reads.load('Asset', r.state, a.id),
      ]);
      const record = entry && inSchema.has((entry as EntryRecord).contentTypeId) ? entry : asset;
      return record ? { record, ...r.read } : null;
    },
  };
}
