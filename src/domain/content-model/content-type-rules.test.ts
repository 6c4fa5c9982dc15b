import { describe, expect, it } from 'vitest';
import { planActivation } from './activation.ts';
import { readContentType } from './content-type-rules.ts';
import { contentType, field } from './fixtures.test-support.ts';

const read = (
  fields: unknown[],
  extra: Record<string, unknown> = {},
  activated = null as ReturnType<typeof contentType> | null,
) => readContentType({ name: 'Post', fields, ...extra }, activated);

describe('readContentType', () => {
  it('makes every flag explicit and keeps only what the field type allows', () => {
    const { definition, errors } = read(
      [
        {
          id: 'title',
          name: 'Title',
          type: 'Symbol',
          required: true,
          validations: [{ size: { max: 5 } }],
          defaultValue: { 'en-US': 'x' },
        },
        { id: 'refs', name: 'Refs', type: 'Array', items: { type: 'Link', linkType: 'Asset' } },
      ],
      { displayField: 'title', description: 'd' },
    );
    expect(errors).toEqual([]);
    expect(definition).toEqual({
      name: 'Post',
      description: 'd',
      displayField: 'title',
      fields: [
        {
          id: 'title',
          name: 'Title',
          type: 'Symbol',
          localized: false,
          required: true,
          disabled: false,
          omitted: false,
          validations: [{ size: { max: 5 } }],
          defaultValue: { 'en-US': 'x' },
        },
        {
          id: 'refs',
          name: 'Refs',
          type: 'Array',
          localized: false,
          required: false,
          disabled: false,
          omitted: false,
          validations: [],
          items: { type: 'Link', linkType: 'Asset', validations: [] },
        },
      ],
    });
  });

  it('checks name, description, flags, ids and display field', () => {
    expect(readContentType({ name: '' }, null).errors).toEqual([expect.objectContaining({ path: ['name'] })]);
    expect(readContentType({ name: 'x', description: 3 }, null).errors).toEqual([
      expect.objectContaining({ path: ['description'] }),
    ]);
    expect(read([{ id: 'a', name: 'A', type: 'Symbol', localized: 'yes' }]).errors).toEqual([
      expect.objectContaining({ path: ['fields', 0, 'localized'] }),
    ]);
    expect(read([{ id: 'a', name: '', type: 'Symbol' }]).errors).toEqual([
      expect.objectContaining({ path: ['fields', 0, 'name'] }),
    ]);
    expect(read(['a']).errors).toEqual([expect.objectContaining({ path: ['fields', 0] })]);
    expect(
      read([
        { id: 'a_1', name: 'A', type: 'Symbol' },
        { id: 'A_1', name: 'B', type: 'Symbol' },
      ]).errors,
    ).toEqual([]);
    expect(read([{ id: 'a', name: 'A', type: 'Text' }], { displayField: 'a' }).errors).toEqual([]);
    expect(read([{ id: 'a', name: 'A', type: 'Date' }], { displayField: 'a' }).errors).toEqual([
      expect.objectContaining({ name: 'type', path: ['displayField'] }),
    ]);
    expect(read([{ id: 'a', name: 'A', type: 'Symbol' }], { displayField: 5 }).errors).toEqual([
      expect.objectContaining({ name: 'unknown', path: ['displayField'] }),
    ]);
  });

  it('refuses renames that collide, but allows a swap', () => {
    expect(
      read([
        { id: 'a', name: 'A', type: 'Symbol', newId: 'b' },
        { id: 'b', name: 'B', type: 'Symbol', newId: 'a' },
      ]).errors,
    ).toEqual([]);
    expect(
      read([
        { id: 'a', name: 'A', type: 'Symbol', newId: 'c' },
        { id: 'b', name: 'B', type: 'Symbol', newId: 'c' },
      ]).errors,
    ).toEqual([expect.objectContaining({ name: 'taken', path: ['fields', 1, 'newId'] })]);
    expect(read([{ id: 'a', name: 'A', type: 'Symbol', newId: 'a' }]).definition.fields[0]).not.toHaveProperty('newId');
  });

  it('checks against the activated definition: types stay, only omitted fields may go', () => {
    const activated = contentType(
      field('title', 'Symbol'),
      field('hidden', 'Symbol', { omitted: true }),
      field('ref', 'Link', { linkType: 'Entry' }),
    );
    const keep = [
      { id: 'title', name: 't', type: 'Symbol' },
      { id: 'ref', name: 'r', type: 'Link', linkType: 'Entry' },
    ];
    expect(read(keep, {}, activated).errors).toEqual([]);
    expect(read([...keep, { id: 'hidden', name: 'h', type: 'Symbol', deleted: true }], {}, activated).errors).toEqual(
      [],
    );
    expect(read([keep[1]], {}, activated).errors).toEqual([
      expect.objectContaining({ name: 'notOmitted', value: 'title', path: ['fields'] }),
    ]);
    expect(read([{ id: 'title', name: 't', type: 'Symbol', deleted: true }, keep[1]], {}, activated).errors).toEqual([
      expect.objectContaining({ name: 'notOmitted', path: ['fields', 0, 'deleted'] }),
    ]);
    expect(read([{ id: 'title', name: 't', type: 'Text' }, keep[1]], {}, activated).errors).toEqual([
      expect.objectContaining({ name: 'immutable', path: ['fields', 0, 'type'] }),
    ]);
    expect(read([keep[0], { id: 'ref', name: 'r', type: 'Link', linkType: 'Asset' }], {}, activated).errors).toEqual([
      expect.objectContaining({ name: 'immutable' }),
    ]);
  });
});

describe('planActivation', () => {
  it('drops deleted fields, applies renames (display field included) and lists what entries lose', () => {
    const previous = contentType(
      field('title', 'Symbol'),
      field('gone', 'Symbol', { omitted: true }),
      field('left', 'Symbol', { omitted: true }),
    );
    const draft = {
      ...contentType(
        field('title', 'Symbol', { newId: 'headline' }),
        field('gone', 'Symbol', { omitted: true, deleted: true }),
        field('fresh', 'Integer'),
      ),
      displayField: 'title',
    };
    const plan = planActivation(draft, previous);
    expect(plan.definition.fields.map((f) => f.id)).toEqual(['headline', 'fresh']);
    expect(plan.definition.fields[0]).not.toHaveProperty('newId');
    expect(plan.definition.displayField).toBe('headline');
    expect(plan.renames).toEqual([['title', 'headline']]);
    expect(plan.removedFieldIds).toEqual(['gone', 'left']);
    expect(planActivation(contentType(field('a', 'Symbol')), null)).toMatchObject({ renames: [], removedFieldIds: [] });
  });
});
