import { describe, expect, it } from 'vitest';
import type { ContentTypeDefinition, FieldDefinition } from '../../domain/content-model/field.ts';
import { GraphqlRequestError } from '../errors.ts';
import { camelCase, nameContentModel, rootFieldName, typeName } from './naming.ts';

const field = (id: string, omitted = false): FieldDefinition =>
  ({ id, name: id, type: 'Symbol', localized: false, required: false, disabled: false, omitted, validations: [] });
const model = (types: Record<string, string[]>) => new Map(Object.entries(types).map(([id, fields]) =>
  [id, { id, name: id, description: null, displayField: null, fields: fields.map((f) => field(f)) } as unknown as ContentTypeDefinition]));

function failure(run: () => unknown): GraphqlRequestError {
  try { run(); } catch (e) { if (e instanceof GraphqlRequestError) return e; throw e; }
  throw new Error('expected a schema generation error');
}

describe('GraphQL naming', () => {
  it('type names: PascalCase without non-alphanumerics; digit start and reserved names get the ContentType prefix', () => {
    expect(typeName('blogPost')).toBe('BlogPost');
    expect(typeName('blog_post')).toBe('BlogPost');
    expect(typeName('my-2content-type')).toBe('My2ContentType');
    expect(typeName('A_car')).toBe('ACar');
    expect(typeName('2fast')).toBe('ContentType2Fast');
    expect(typeName('location')).toBe('ContentTypeLocation');
    expect(typeName('asset')).toBe('ContentTypeAsset');
    expect(typeName('sys')).toBe('ContentTypeSys');
    expect(typeName('query')).toBe('ContentTypeQuery');
    expect(rootFieldName(typeName('location'))).toBe('contentTypeLocation');
  });

  it('field names: lower camelCase without non-alphanumerics', () => {
    expect(camelCase('Title')).toBe('title');
    expect(camelCase('hero_image')).toBe('heroImage');
    expect(camelCase('my-field 2x')).toBe('myField2X');
  });

  it('COLLIDING_TYPE_NAMES with the colliding ids and the resulting name', () => {
    const e = failure(() => nameContentModel(model({ A_car: [], a_car_: [] })));
    expect(e.code).toBe('COLLIDING_TYPE_NAMES');
    expect(e.status).toBe(500);
    expect(e.details).toEqual({ collidingContentTypeIds: ['A_car', 'a_car_'], resultingTypeName: 'ACar' });
    expect(e.message).toBe("Schema generation failed. Type name generated for the content types 'A_car', 'a_car_' would be the same for all of them: 'ACar'");
  });

  it('COLLIDING_FIELD_NAMES and RESERVED_FIELD_NAME (sys, linkedFrom); omitted fields are hidden and never collide', () => {
    expect(failure(() => nameContentModel(model({ t: ['my_field', 'myField'] }))).details)
      .toEqual({ contentTypeId: 't', collidingFieldIds: ['my_field', 'myField'], resultingFieldName: 'myField' });
    expect(failure(() => nameContentModel(model({ t: ['my_field', 'myField'] }))).code).toBe('COLLIDING_FIELD_NAMES');
    expect(failure(() => nameContentModel(model({ t: ['sys'] }))).code).toBe('RESERVED_FIELD_NAME');
    expect(failure(() => nameContentModel(model({ t: ['linked_from'] }))).details)
      .toEqual({ contentTypeId: 't', fieldId: 'linked_from', resultingFieldName: 'linkedFrom' });
    const m = model({ t: ['a'] });
    m.get('t')!.fields.push(field('sys', true), field('A', true));
    expect(nameContentModel(m)).toEqual([{ contentTypeId: 't', typeName: 'T', fields: [{ fieldId: 'a', name: 'a' }] }]);
  });
});
