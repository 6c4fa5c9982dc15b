import { describe, expect, it } from 'vitest';
import type { ContentTypeDefinition, FieldDefinition } from '../../domain/content-model/field.ts';
import { GraphqlRequestError } from '../errors.ts';
import { camelCase, metadataNames, nameContentModel, rootFieldName, typeName } from './naming.ts';

const field = (id: string, omitted = false): FieldDefinition => ({
  id,
  name: id,
  type: 'Symbol',
  localized: false,
  required: false,
  disabled: false,
  omitted,
  validations: [],
});
const model = (types: Record<string, string[]>) =>
  new Map(
    Object.entries(types).map(([id, fields]) => [
      id,
      {
        id,
        name: id,
        description: null,
        displayField: null,
        fields: fields.map((f) => field(f)),
      } as unknown as ContentTypeDefinition,
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

describe('GraphQL naming', () => {
  it('type names: PascalCase without non-alphanumerics; digit start and reserved names get the ContentType prefix', () => {
    expect(typeName('blogPost', 'service')).toBe('BlogPost');
    expect(typeName('blog_post', 'service')).toBe('BlogPost');
    expect(typeName('my-2content-type', 'service')).toBe('My2ContentType');
    expect(typeName('A_car', 'service')).toBe('ACar');
    expect(typeName('2fast', 'service')).toBe('ContentType2Fast');
    expect(typeName('location', 'service')).toBe('ContentTypeLocation');
    expect(typeName('asset', 'service')).toBe('ContentTypeAsset');
    expect(typeName('sys', 'service')).toBe('ContentTypeSys');
    expect(typeName('query', 'service')).toBe('ContentTypeQuery');
    expect(rootFieldName(typeName('location', 'service'))).toBe('contentTypeLocation');
  });

  it('the cross-type root names are reserved: EntryFilter, EntryOrder, ID; a type `entry` never takes `entryCollection`', () => {
    expect(typeName('entry_filter', 'service')).toBe('ContentTypeEntryFilter');
    expect(typeName('entryOrder', 'service')).toBe('ContentTypeEntryOrder');
    expect(typeName('entry', 'service')).toBe('ContentTypeEntry');
    expect(`${rootFieldName(typeName('entry', 'service'))}Collection`).toBe('contentTypeEntryCollection');
    expect(typeName('ID', 'service')).toBe('ContentTypeID');
  });

  it('field names: lower camelCase without non-alphanumerics', () => {
    expect(camelCase('Title')).toBe('title');
    expect(camelCase('hero_image')).toBe('heroImage');
    expect(camelCase('my-field 2x')).toBe('myField2X');
  });

  it('COLLIDING_TYPE_NAMES with the colliding ids and the resulting name', () => {
    const e = failure(() => nameContentModel(model({ A_car: [], a_car_: [] }), 'service'));
    expect(e.code).toBe('COLLIDING_TYPE_NAMES');
    expect(e.status).toBe(500);
    expect(e.details).toEqual({ collidingContentTypeIds: ['A_car', 'a_car_'], resultingTypeName: 'ACar' });
    expect(e.message).toBe(
      "Schema generation failed. Type name generated for the content types 'A_car', 'a_car_' would be the same for all of them: 'ACar'",
    );
  });

  it('COLLIDING_FIELD_NAMES and RESERVED_FIELD_NAME (sys, linkedFrom); omitted fields are hidden and never collide', () => {
    expect(failure(() => nameContentModel(model({ t: ['my_field', 'myField'] }), 'service')).details).toEqual({
      contentTypeId: 't',
      collidingFieldIds: ['my_field', 'myField'],
      resultingFieldName: 'myField',
    });
    expect(failure(() => nameContentModel(model({ t: ['my_field', 'myField'] }), 'service')).code).toBe(
      'COLLIDING_FIELD_NAMES',
    );
    expect(failure(() => nameContentModel(model({ t: ['sys'] }), 'service')).code).toBe('RESERVED_FIELD_NAME');
    expect(failure(() => nameContentModel(model({ t: ['linked_from'] }), 'service')).details).toEqual({
      contentTypeId: 't',
      fieldId: 'linked_from',
      resultingFieldName: 'linkedFrom',
    });
    // An array of links `related` is read as `relatedCollection`: a field `related_collection` would take that name.
    const links = model({ t: ['related_collection', 'related'] });
    links.get('t')!.fields[1] = {
      ...field('related'),
      type: 'Array',
      items: { type: 'Link', linkType: 'Entry', validations: [] },
    } as FieldDefinition;
    expect(failure(() => nameContentModel(links, 'service')).details).toEqual({
      contentTypeId: 't',
      collidingFieldIds: ['related_collection', 'related'],
      resultingFieldName: 'relatedCollection',
    });
    const m = model({ t: ['a'] });
    m.get('t')!.fields.push(field('sys', true), field('A', true));
    expect(nameContentModel(m, 'service')).toEqual([
      { contentTypeId: 't', typeName: 'T', fields: [{ fieldId: 'a', name: 'a' }] },
    ]);
  });

  it('tags metadata names follow the vendor token; they are reserved type names and a reserved field name', () => {
    expect(metadataNames('contentful')).toEqual({
      field: 'contentfulMetadata',
      metadata: 'ContentfulMetadata',
      tag: 'ContentfulTag',
      filter: 'ContentfulMetadataFilter',
      tagsFilter: 'ContentfulMetadataTagsFilter',
    });
    expect(metadataNames('service')).toMatchObject({
      field: 'serviceMetadata',
      metadata: 'ServiceMetadata',
      tag: 'ServiceTag',
    });
    for (const id of ['service_metadata', 'service-tag', 'serviceMetadataFilter', 'ServiceMetadataTagsFilter']) {
      expect(typeName(id, 'service'), id).toBe(`ContentType${typeName(id, 'other')}`);
    }
    expect(typeName('contentful_tag', 'contentful')).toBe('ContentTypeContentfulTag');
    expect(typeName('contentful_tag', 'service')).toBe('ContentfulTag');
    expect(failure(() => nameContentModel(model({ t: ['service_metadata'] }), 'service')).details).toEqual({
      contentTypeId: 't',
      fieldId: 'service_metadata',
      resultingFieldName: 'serviceMetadata',
    });
    expect(failure(() => nameContentModel(model({ t: ['contentfulMetadata'] }), 'contentful')).code).toBe(
      'RESERVED_FIELD_NAME',
    );
    expect(nameContentModel(model({ t: ['contentfulMetadata'] }), 'service')[0]!.fields).toEqual([
      { fieldId: 'contentfulMetadata', name: 'contentfulMetadata' },
    ]);
  });
});
