import { describe, expect, it } from 'vitest';
import type { ContentTypeDefinition } from '../domain/content-model/field.ts';
import { GraphqlRequestError } from './errors.ts';
import { schemaCache } from './schema-cache.ts';

const type = (id: string, fields: string[]) =>
  ({
    id,
    name: id,
    description: null,
    displayField: null,
    fields: fields.map((f) => ({
      id: f,
      name: f,
      type: 'Symbol',
      localized: false,
      required: false,
      disabled: false,
      omitted: false,
      validations: [],
    })),
  }) as unknown as ContentTypeDefinition;

function fakeReader(model: Map<string, ContentTypeDefinition>) {
  let reads = 0;
  const reader = {
    contentModel: async () => {
      reads++;
      return new Map(model);
    },
  };
  return { reader, reads: () => reads };
}

describe('schema cache', () => {
  const scope = { spaceId: 's', environmentId: 'e' };

  it('builds once per content-model version, reads the model at every request, rebuilds when it changes', async () => {
    const model = new Map([['a', type('a', ['x'])]]);
    const { reader, reads } = fakeReader(model);
    const cache = schemaCache(reader, 'service');
    const first = await cache.schemaFor(scope);
    expect(await cache.schemaFor(scope)).toBe(first);
    expect([cache.builds, reads()]).toEqual([1, 2]);
    model.set('a', type('a', ['x', 'y']));
    const second = await cache.schemaFor(scope);
    expect(second).not.toBe(first);
    expect(cache.builds).toBe(2);
    expect(Object.keys((second.getType('A') as unknown as { getFields(): object }).getFields())).toEqual([
      '_id',
      'sys',
      'serviceMetadata',
      'linkedFrom',
      'x',
      'y',
    ]);
    expect(await cache.schemaFor({ spaceId: 's', environmentId: 'other' })).not.toBe(second);
    expect(cache.builds).toBe(3);
  });

  it('caches a schema generation failure for its version too', async () => {
    const { reader } = fakeReader(
      new Map([
        ['A_car', type('A_car', [])],
        ['a_car_', type('a_car_', [])],
      ]),
    );
    const cache = schemaCache(reader, 'service');
    await expect(cache.schemaFor(scope)).rejects.toBeInstanceOf(GraphqlRequestError);
    await expect(cache.schemaFor(scope)).rejects.toMatchObject({ code: 'COLLIDING_TYPE_NAMES' });
    expect(cache.builds).toBe(1);
  });
});
