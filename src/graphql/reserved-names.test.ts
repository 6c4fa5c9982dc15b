import { describe, expect, it } from 'vitest';
import { reservedNames } from './plan/naming.ts';
import { buildSchema } from './schema-builder.ts';

describe('reserved GraphQL type names', () => {
  it('every type the schema defines itself is reserved, so no content type can generate it', () => {
    for (const vendor of ['service', 'contentful']) {
      const own = Object.keys(buildSchema(new Map(), vendor).getTypeMap()).filter((name) => !name.startsWith('__'));
      expect(own).toEqual(expect.arrayContaining(['EntryFilter', 'EntryOrder', '_Node', 'ID']));
      expect(
        own.filter((name) => !reservedNames(vendor).types.has(name)),
        vendor,
      ).toEqual([]);
    }
  });
});
