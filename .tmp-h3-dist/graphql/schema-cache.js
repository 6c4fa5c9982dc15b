import { createHash } from 'node:crypto';
import { GraphqlRequestError } from "./errors.js";
import { buildSchema } from "./schema-builder.js";
const MAX_ENTRIES = 200;
/**
 * Schemas by environment and content-model version. The version is a digest of the activated definitions,
 * read at every request (one statement), so a changed model is never served a stale schema.
 */
export function schemaCache(storage) {
    const cache = new Map();
    let builds = 0;
    return {
        get builds() { return builds; },
        async schemaFor(scope) {
            const model = await storage.repos.search.activatedContentTypes(scope, 'all');
            const canonical = JSON.stringify([...model.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
            const version = createHash('sha256').update(canonical).digest('hex');
            const key = `${scope.spaceId}/${scope.environmentId}`;
            let hit = cache.get(key);
            if (!hit || hit.version !== version) {
                builds++;
                let schema;
                try {
                    schema = buildSchema(model);
                }
                catch (e) {
                    if (!(e instanceof GraphqlRequestError))
                        throw e;
                    schema = e;
                }
                hit = { version, schema };
                cache.delete(key);
                cache.set(key, hit);
                if (cache.size > MAX_ENTRIES)
                    cache.delete(cache.keys().next().value);
            }
            if (hit.schema instanceof GraphqlRequestError)
                throw hit.schema;
            return hit.schema;
        },
    };
}
