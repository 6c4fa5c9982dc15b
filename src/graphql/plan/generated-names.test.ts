import { describe, expect, it } from 'vitest';
import type { ContentTypeDefinition, FieldDefinition } from '../../domain/content-model/field.ts';
import { GraphqlRequestError } from '../errors.ts';
import { nameContentModel } from './naming.ts';

const base = { localized: false, required: false, disabled: false, omitted: false, validations: [] };
const symbol = (id: string): FieldDefinition => ({ ...base, id, name: id, type: 'Symbol' });
const richText = (id: string): FieldDefinition => ({ ...base, id, name: id, type: 'RichText' });
const links = (id: string, targets: string[], array = false): FieldDefinition =>
  array
    ? {
        ...base,
        id,
        name: id,
        type: 'Array',
        items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: targets }] },
      }
    : { ...base, id, name: id, type: 'Link', linkType: 'Entry', validations: [{ linkContentType: targets }] };
const model = (types: Record<string, FieldDefinition[]>) =>
  new Map(
    Object.entries(types).map(([id, fields]) => [
      id,
      { id, name: id, description: null, displayField: null, fields } as ContentTypeDefinition,
    ]),
  );

function failure(run: () => unknown): GraphqlRequestError {
  try {
    run();
  } catch (e) {
    if (e instanceof GraphqlRequestError) return e;
    throw e;
  }
  throw new Error('expected a schema generation error');
}

describe('GraphQL generated type names of fields', () => {
  it('unions for links to several existing types, rich text types; one or no existing target makes none', () => {
    const named = nameContentModel(
      model({
        a: [symbol('x')],
        b: [symbol('x')],
        article: [
          links('related', ['a', 'b']),
          links('related_items', ['a', 'b'], true),
          links('one', ['a']),
          links('ghosts', ['x', 'y']),
          richText('body'),
        ],
      }),
      'service',
    );
    expect(named.find((t) => t.contentTypeId === 'article')!.fields).toEqual([
      { fieldId: 'related', name: 'related', union: { name: 'ArticleRelated' } },
      {
        fieldId: 'related_items',
        name: 'relatedItems',
        union: { name: 'ArticleRelatedItemsItem', collection: 'ArticleRelatedItemsCollection' },
      },
      { fieldId: 'one', name: 'one', nestedFilter: 'ArticleOneFilter' },
      { fieldId: 'ghosts', name: 'ghosts' },
      { fieldId: 'body', name: 'body', richText: 'ArticleBody' },
    ]);
  });

  it('COLLIDING_TYPE_NAMES when a generated name equals another one or a reserved name', () => {
    expect(
      failure(() => nameContentModel(model({ a: [], b: [], t: [links('x', ['a', 'b'])], tX: [] }), 'service')).details,
    ).toEqual({ collidingContentTypeIds: ['t', 'tX'], resultingTypeName: 'TX' });
    expect(failure(() => nameContentModel(model({ t: [richText('filter')] }), 'service')).details).toEqual({
      collidingContentTypeIds: ['t'],
      resultingTypeName: 'TFilter',
    });
    expect(
      failure(() => nameContentModel(model({ image: [richText('transform_options')] }), 'service')).details,
    ).toEqual({ collidingContentTypeIds: ['image'], resultingTypeName: 'ImageTransformOptions' });
    expect(
      failure(() => nameContentModel(model({ tBodyLinks: [], t: [richText('body')] }), 'service')).details,
    ).toEqual({ collidingContentTypeIds: ['t', 'tBodyLinks'], resultingTypeName: 'TBodyLinks' });
    expect(failure(() => nameContentModel(model({ service: [richText('tag')] }), 'service')).details).toEqual({
      collidingContentTypeIds: ['service'],
      resultingTypeName: 'ServiceTag',
    });
    expect(failure(() => nameContentModel(model({ contentfulMetadataTags: [] }), 'contentful')).details).toEqual({
      collidingContentTypeIds: ['contentfulMetadataTags'],
      resultingTypeName: 'ContentfulMetadataTagsFilter',
    });
    expect(nameContentModel(model({ contentfulMetadataTags: [] }), 'service')[0]!.typeName).toBe(
      'ContentfulMetadataTags',
    );
  });
});
