import { GraphQLID, GraphQLInterfaceType, GraphQLNonNull, type GraphQLFieldConfig } from 'graphql';
import type { GraphqlContext, Resolved } from '../context.ts';

/** `_id: ID!` of entry types and Asset: the entity's `sys.id`. */
export const nodeIdField: GraphQLFieldConfig<Resolved, GraphqlContext> = {
  type: new GraphQLNonNull(GraphQLID),
  resolve: (s) => s.record.id,
};

/** `interface _Node { _id: ID! }`, implemented by every entry type and Asset (resolved by their `isTypeOf`). */
export const NodeInterface = new GraphQLInterfaceType({
  name: '_Node',
  fields: { _id: { type: new GraphQLNonNull(GraphQLID) } },
});
