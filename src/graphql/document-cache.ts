import { GraphQLError, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { lru, type Lru } from '../lib/lru.ts';

const CAPACITY = 500;

/**
 * Parse results by query text, and validation results by schema and query text, so a repeated query skips both.
 * Validation results hang off the schema object (a WeakMap): a changed content model builds a new schema, so its
 * queries are validated afresh and the old results go with the old schema.
 */
export function documentCache(capacity = CAPACITY) {
  const parsed = lru<DocumentNode | GraphQLError>(capacity);
  const validated = new WeakMap<GraphQLSchema, Lru<readonly GraphQLError[]>>();
  let parses = 0;
  let validations = 0;
  return {
    /** How often a query was really parsed and validated (tests). */
    get parses() {
      return parses;
    },
    get validations() {
      return validations;
    },
    /** The document of `query`; throws its GraphQLError when it does not parse. */
    parse(query: string): DocumentNode {
      let result = parsed.get(query);
      if (!result) {
        parses++;
        try {
          result = parse(query);
        } catch (e) {
          if (!(e instanceof GraphQLError)) throw e;
          result = e;
        }
        parsed.set(query, result);
      }
      if (result instanceof GraphQLError) throw result;
      return result;
    },
    /** The validation errors of `document` (the parse of `query`) against `schema`. */
    validate(schema: GraphQLSchema, query: string, document: DocumentNode): readonly GraphQLError[] {
      let bySchema = validated.get(schema);
      if (!bySchema) validated.set(schema, (bySchema = lru(capacity)));
      let errors = bySchema.get(query);
      if (!errors) {
        validations++;
        errors = validate(schema, document);
        bySchema.set(query, errors);
      }
      return errors;
    },
  };
}

export type DocumentCache = ReturnType<typeof documentCache>;
