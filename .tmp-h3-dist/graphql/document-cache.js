import { GraphQLError, parse, validate } from 'graphql';
const CAPACITY = 500;
/** A bounded map that forgets its least recently used key. */
function lru(capacity) {
    const map = new Map();
    return {
        get(key) {
            const value = map.get(key);
            if (value !== undefined) {
                map.delete(key);
                map.set(key, value);
            }
            return value;
        },
        set(key, value) {
            map.delete(key);
            map.set(key, value);
            if (map.size > capacity)
                map.delete(map.keys().next().value);
        },
    };
}
/**
 * Parse results by query text, and validation results by schema and query text, so a repeated query skips both.
 * Validation results hang off the schema object (a WeakMap): a changed content model builds a new schema, so its
 * queries are validated afresh and the old results go with the old schema.
 */
export function documentCache(capacity = CAPACITY) {
    const parsed = lru(capacity);
    const validated = new WeakMap();
    let parses = 0;
    let validations = 0;
    return {
        /** How often a query was really parsed and validated (tests). */
        get parses() { return parses; },
        get validations() { return validations; },
        /** The document of `query`; throws its GraphQLError when it does not parse. */
        parse(query) {
            let result = parsed.get(query);
            if (!result) {
                parses++;
                try {
                    result = parse(query);
                }
                catch (e) {
                    if (!(e instanceof GraphQLError))
                        throw e;
                    result = e;
                }
                parsed.set(query, result);
            }
            if (result instanceof GraphQLError)
                throw result;
            return result;
        },
        /** The validation errors of `document` (the parse of `query`) against `schema`. */
        validate(schema, query, document) {
            let bySchema = validated.get(schema);
            if (!bySchema)
                validated.set(schema, (bySchema = lru(capacity)));
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
