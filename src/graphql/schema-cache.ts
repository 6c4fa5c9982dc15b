import { createHash } from 'node:crypto';
import { lru } from '../lib/lru.ts';
import type { GraphQLSchema } from 'graphql';
import type { ContentTypeDefinition } from '../domain/content-model/field.ts';
import type { ContentReader, SearchScope } from '../domain/delivery/index.ts';
import { GraphqlRequestError } from './errors.ts';
import { buildSchema } from './schema-builder.ts';

const MAX_ENTRIES = 200;

/**
 * Schemas by environment and content-model version. The version is a digest of the activated definitions, asked of
 * the content reader at every request (the read cache answers until a content-type write invalidates it), so a changed model is
 * never served a stale schema. A model object answered again from the read cache keeps its digest. Schemas carry
 * names made of the `vendor` token (one token per server).
 */
export function schemaCache(reader: Pick<ContentReader, 'contentModel'>, vendor: string) {
  const cache = lru<{ version: string; schema: GraphQLSchema | GraphqlRequestError }>(MAX_ENTRIES);
  const digests = new WeakMap<Map<string, ContentTypeDefinition>, string>();
  let builds = 0;
  return {
    get builds() {
      return builds;
    },
    async schemaFor(scope: SearchScope): Promise<GraphQLSchema> {
      const model: Map<string, ContentTypeDefinition> = await reader.contentModel(scope);
      let version = digests.get(model);
      if (!version) {
        const canonical = JSON.stringify([...model.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
        version = createHash('sha256').update(canonical).digest('hex');
        digests.set(model, version);
      }
      const key = `${scope.spaceId}/${scope.environmentId}`;
      let hit = cache.get(key);
      if (!hit || hit.version !== version) {
        builds++;
        let schema: GraphQLSchema | GraphqlRequestError;
        try {
          schema = buildSchema(model, vendor);
        } catch (e) {
          if (!(e instanceof GraphqlRequestError)) throw e;
          schema = e;
        }
        hit = { version, schema };
        cache.set(key, hit);
      }
      if (hit.schema instanceof GraphqlRequestError) throw hit.schema;
      return hit.schema;
    },
  };
}

export type SchemaCache = ReturnType<typeof schemaCache>;
