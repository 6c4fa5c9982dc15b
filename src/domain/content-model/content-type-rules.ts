import type { ErrorItem } from '../../errors/index.ts';
import type { ContentTypeDefinition, FieldDefinition } from './field.ts';
import { readField, typeSignature } from './field-rules.ts';
import { isPlainObject } from './value-shape.ts';

export const MAX_FIELDS = 50;

/** The body of a content type create or update, as the HTTP layer passes it on. */
export interface ContentTypeInput {
  name: unknown;
  description?: unknown;
  displayField?: unknown;
  fields?: unknown;
}

/**
 * Reads a content type body into a draft definition and lists every problem (422 ValidationFailed), checked against
 * the activated definition when there is one: field types never change, and a field leaves the definition (left out
 * of the body, or `deleted: true`) only when the activated definition has it omitted.
 */
export function readContentType(
  input: ContentTypeInput,
  activated: ContentTypeDefinition | null,
): { definition: ContentTypeDefinition; errors: ErrorItem[] } {
  const errors: ErrorItem[] = [];
  if (typeof input.name !== 'string' || input.name.trim() === '' || input.name.length > 255) {
    errors.push({
      name: 'size',
      path: ['name'],
      value: input.name,
      details: 'The name must be a string of 1 to 255 characters',
    });
  }
  if (input.description !== undefined && input.description !== null && typeof input.description !== 'string') {
    errors.push({
      name: 'type',
      path: ['description'],
      value: input.description,
      details: '"description" must be a string or null',
    });
  }
  const rawFields = input.fields ?? [];
  const fields: FieldDefinition[] = [];
  if (!Array.isArray(rawFields)) {
    errors.push({ name: 'type', path: ['fields'], value: rawFields, details: '"fields" must be a list of fields' });
  } else {
    if (rawFields.length > MAX_FIELDS)
      errors.push({
        name: 'size',
        path: ['fields'],
        max: MAX_FIELDS,
        value: rawFields.length,
        details: `A content type has at most ${MAX_FIELDS} fields`,
      });
    rawFields.forEach((raw, index) => {
      const field = readField(raw, index, errors);
      if (field) fields.push(field);
    });
    errors.push(...identityErrors(fields, rawFields));
  }
  const displayField = input.displayField ?? null;
  errors.push(...displayFieldErrors(displayField, fields));
  if (activated) errors.push(...activatedDefinitionErrors(fields, rawFields, activated));
  const definition: ContentTypeDefinition = {
    name: typeof input.name === 'string' ? input.name : '',
    description: typeof input.description === 'string' ? input.description : null,
    displayField: typeof displayField === 'string' ? displayField : null,
    fields,
  };
  return { definition, errors };
}

const indexOf = (rawFields: unknown, id: string) =>
  Array.isArray(rawFields) ? rawFields.findIndex((raw) => isPlainObject(raw) && raw.id === id) : -1;

/** Field ids are unique, and so are the ids fields will have after renames. */
function identityErrors(fields: FieldDefinition[], rawFields: unknown[]): ErrorItem[] {
  const errors: ErrorItem[] = [];
  const seen = new Set<string>();
  rawFields.forEach((raw, index) => {
    if (!isPlainObject(raw) || typeof raw.id !== 'string') return;
    if (seen.has(raw.id))
      errors.push({
        name: 'taken',
        path: ['fields', index, 'id'],
        value: raw.id,
        details: `Two fields have the id "${raw.id}"`,
      });
    seen.add(raw.id);
  });
  const finalIds = new Map<string, string>();
  for (const field of fields) {
    if (field.deleted) continue;
    const finalId = field.newId ?? field.id;
    const other = finalIds.get(finalId);
    if (other !== undefined && other !== field.id) {
      errors.push({
        name: 'taken',
        path: ['fields', indexOf(rawFields, field.id), field.newId ? 'newId' : 'id'],
        value: finalId,
        details: `The field id "${finalId}" would be used twice after renaming`,
      });
    }
    finalIds.set(finalId, field.id);
  }
  return errors;
}

function displayFieldErrors(displayField: unknown, fields: FieldDefinition[]): ErrorItem[] {
  if (displayField === null) return [];
  const target = fields.find((field) => field.id === displayField);
  if (typeof displayField !== 'string' || !target || target.deleted) {
    return [
      {
        name: 'unknown',
        path: ['displayField'],
        value: displayField,
        details: 'The display field must be the id of a field of this content type that is not deleted',
      },
    ];
  }
  if (target.type !== 'Symbol' && target.type !== 'Text') {
    return [
      {
        name: 'type',
        path: ['displayField'],
        value: displayField,
        details: `The display field must be a Symbol or Text field; "${target.id}" is ${target.type}`,
      },
    ];
  }
  return [];
}

/** Rules that depend on what entries already hold: the activated definition. */
function activatedDefinitionErrors(
  fields: FieldDefinition[],
  rawFields: unknown,
  activated: ContentTypeDefinition,
): ErrorItem[] {
  const errors: ErrorItem[] = [];
  const byId = new Map(fields.map((field) => [field.id, field]));
  for (const live of activated.fields) {
    const field = byId.get(live.id);
    if (field && typeSignature(field) !== typeSignature(live)) {
      errors.push({
        name: 'immutable',
        path: ['fields', indexOf(rawFields, live.id), 'type'],
        value: field.type,
        details: `The type of field "${live.id}" cannot change (it is ${typeSignature(live).replace(/\/+$/, '').replaceAll('/', ' ')})`,
      });
    }
    const removed = !field || field.deleted;
    if (removed && !live.omitted) {
      errors.push({
        name: 'notOmitted',
        path: field ? ['fields', indexOf(rawFields, live.id), 'deleted'] : ['fields'],
        value: live.id,
        details: `Field "${live.id}" cannot be deleted: omit it and activate the content type first`,
      });
    }
  }
  return errors;
}
