import { readFileSync } from 'node:fs';
import {
  buildClientSchema,
  getIntrospectionQuery,
  lexicographicSortSchema,
  printSchema,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { GraphqlRequestError } from '../../src/graphql/errors.ts';
import { buildSchema } from '../../src/graphql/schema-builder.ts';
import { DB_KINDS } from '../support/databases.ts';
import { useServer } from '../support/harness.ts';
import { installModel } from './fixtures/install.ts';
import { fixtureSchema, loadModel, loadNamingErrors, SNAPSHOT_MODELS, SNAPSHOT_VENDOR } from './fixtures/models.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

/** The committed SDL snapshot of a model (written by `make graphql-snapshots`, never by this suite). */
const committed = (model: string) => readFileSync(new URL(`./snapshots/${model}.graphql`, import.meta.url), 'utf8');
const DRIFT =
  'the schema differs from the committed snapshot: run `make graphql-snapshots`, review the diff and commit it';

/** The field names of an object or input type, in schema order. */
const fieldsOf = (schema: GraphQLSchema, type: string) =>
  Object.keys((schema.getType(type) as GraphQLObjectType).getFields());

describe('GraphQL schema snapshots of the fixture models', () => {
  it.each(SNAPSHOT_MODELS)('%s: the built schema prints exactly as committed', (model) => {
    expect(printSchema(fixtureSchema(model)), DRIFT).toBe(committed(model));
  });

  it('names types PascalCase without non-alphanumerics, prefixing a digit start or a reserved name with ContentType', () => {
    const schema = buildSchema(loadModel('naming').contentTypes, SNAPSHOT_VENDOR);
    const root = Object.keys(schema.getQueryType()!.getFields());
    const names: Array<[string, string]> = [
      ['my-2content-type', 'My2ContentType'],
      ['blog_post', 'BlogPost'],
      ['product.variant', 'ProductVariant'],
      ['a', 'A'],
      ['2fast', 'ContentType2Fast'],
      ['location', 'ContentTypeLocation'],
      ['asset', 'ContentTypeAsset'],
      ['Entry', 'ContentTypeEntry'],
      ['sys', 'ContentTypeSys'],
      ['query', 'ContentTypeQuery'],
      ['circle', 'ContentTypeCircle'],
      ['rich_text', 'ContentTypeRichText'],
      ['date-time', 'ContentTypeDateTime'],
      ['image_format', 'ContentTypeImageFormat'],
    ];
    for (const [id, type] of names) {
      expect(schema.getType(type), id).toBeDefined();
      const camel = type.charAt(0).toLowerCase() + type.slice(1);
      expect(root, id).toEqual(expect.arrayContaining([camel, `${camel}Collection`]));
    }
    const fields = (type: string) => fieldsOf(schema, type);
    expect(fields('ContentTypeLocation')).toEqual([
      '_id',
      'sys',
      `${SNAPSHOT_VENDOR}Metadata`,
      'linkedFrom',
      'name',
      'point',
    ]);
    expect(fields('Location')).toEqual(['lat', 'lon']);
    expect(fields('ContentTypeEntryCollection')).toEqual(['skip', 'limit', 'total', 'items']);
    // The content type `Entry` takes `contentTypeEntryCollection`; `entryCollection` stays the one across types.
    expect(String(schema.getQueryType()!.getFields().entryCollection!.type)).toBe('EntryCollection');
    expect(fields('ContentTypeDateTime')).toEqual([
      '_id',
      'sys',
      `${SNAPSHOT_VENDOR}Metadata`,
      'linkedFrom',
      'name',
      'at',
    ]);
    expect(schema.getType('DateTime')?.name).toBe('DateTime');
  });

  it('names fields lower-camelCase without non-alphanumerics; an omitted field takes no name', () => {
    const schema = buildSchema(loadModel('naming').contentTypes, SNAPSHOT_VENDOR);
    const fields = (type: string) => fieldsOf(schema, type);
    expect(fields('BlogPost')).toEqual([
      '_id',
      'sys',
      `${SNAPSHOT_VENDOR}Metadata`,
      'linkedFrom',
      'title',
      'heroImage',
      'seoTitle',
      'field2Go',
      'linkedFromPage',
      'sysNotes',
      'myField',
    ]);
    expect(fields('My2ContentType')).toEqual([
      '_id',
      'sys',
      `${SNAPSHOT_VENDOR}Metadata`,
      'linkedFrom',
      'title',
      'place',
      'fastOnesCollection',
    ]);
    expect(String((schema.getType('My2ContentType') as GraphQLObjectType).getFields().place!.type)).toBe(
      'ContentTypeLocation',
    );
  });

  it.each(loadNamingErrors().map((c) => [c.name, c] as const))('cannot build: %s', (_name, c) => {
    let error: unknown;
    try {
      buildSchema(c.contentTypes, SNAPSHOT_VENDOR);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GraphqlRequestError);
    const { status, code, message, details } = error as GraphqlRequestError;
    expect({ status, code, message, details }).toEqual(c.error);
  });
});

for (const kind of DB_KINDS) {
  describe(`${kind}: the endpoint serves the snapshotted schema`, () => {
    const api = useServer(kind);
    const g = graphqlFixtures(api);

    it.each(SNAPSHOT_MODELS)('%s: introspection over HTTP prints as the committed snapshot', async (model) => {
      const { spaceId, delivery } = await installModel(api, loadModel(model), model);
      const res = await g.gql(spaceId, delivery, getIntrospectionQuery());
      expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
      expect(printSchema(lexicographicSortSchema(buildClientSchema(res.body.data))), DRIFT).toBe(committed(model));
    });
  });
}
