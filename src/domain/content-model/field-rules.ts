import type { ErrorItem } from '../../errors/index.ts';
import type { FieldDefinition, FieldType, Validation } from './field.ts';
import { validationListErrors, type ValidationTarget } from './validation-definitions.ts';
import { isPlainObject, valueShapeErrors } from './value-shape.ts';

export const FIELD_TYPES: FieldType[] = [
  'Symbol',
  'Text',
  'RichText',
  'Integer',
  'Number',
  'Date',
  'Boolean',
  'Location',
  'Object',
  'Link',
  'Array',
];
export const FIELD_ID_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]*$/;
export const FIELD_ID_MAX = 64;
const LINK_TYPES = ['Entry', 'Asset'];
/** Field types that may carry a `defaultValue` (Array only of Symbol). */
const DEFAULT_VALUE_TYPES: FieldType[] = ['Symbol', 'Text', 'Integer', 'Number', 'Boolean', 'Date', 'Array'];

type Path = Array<string | number>;

const fieldIdProblem = (id: unknown): string | undefined => {
  if (typeof id !== 'string' || id === '') return 'must be a non-empty string';
  if (id.length > FIELD_ID_MAX) return `must be at most ${FIELD_ID_MAX} characters`;
  return FIELD_ID_PATTERN.test(id)
    ? undefined
    : 'must start with a letter and contain only letters, digits and underscores';
};

/** The validation target of a field (links split by target type). */
export function targetOf(field: Pick<FieldDefinition, 'type' | 'linkType'>): ValidationTarget {
  return field.type === 'Link' ? (field.linkType === 'Asset' ? 'Link to Asset' : 'Link to Entry') : field.type;
}

/**
 * Reads one field of a request body into a stored definition, with every flag explicit. Problems are pushed to
 * `errors` with paths under `['fields', index]`; the result is undefined when the field cannot be read at all.
 */
export function readField(raw: unknown, index: number, errors: ErrorItem[]): FieldDefinition | undefined {
  const at: Path = ['fields', index];
  if (!isPlainObject(raw)) {
    errors.push({ name: 'type', path: at, value: raw, details: 'A field must be an object' });
    return undefined;
  }
  const idProblem = fieldIdProblem(raw.id);
  if (idProblem)
    errors.push({ name: 'regexp', path: [...at, 'id'], value: raw.id, details: `The field id ${idProblem}` });
  if (typeof raw.name !== 'string' || raw.name.trim() === '' || raw.name.length > 255) {
    errors.push({
      name: 'size',
      path: [...at, 'name'],
      value: raw.name,
      details: 'The field name must be a string of 1 to 255 characters',
    });
  }
  if (!FIELD_TYPES.includes(raw.type as FieldType)) {
    errors.push({
      name: 'in',
      path: [...at, 'type'],
      value: raw.type,
      expected: FIELD_TYPES,
      details: `The field type must be one of: ${FIELD_TYPES.join(', ')}`,
    });
    return undefined;
  }
  for (const flag of ['localized', 'required', 'disabled', 'omitted', 'deleted'] as const) {
    if (raw[flag] !== undefined && raw[flag] !== null && typeof raw[flag] !== 'boolean') {
      errors.push({ name: 'type', path: [...at, flag], value: raw[flag], details: `"${flag}" must be true or false` });
    }
  }
  const type = raw.type as FieldType;
  const field: FieldDefinition = {
    id: raw.id as string,
    name: raw.name as string,
    type,
    localized: raw.localized === true,
    required: raw.required === true,
    disabled: raw.disabled === true,
    omitted: raw.omitted === true,
    validations: (Array.isArray(raw.validations) ? raw.validations : []) as Validation[],
  };
  if (raw.deleted === true) field.deleted = true;
  readLinkAndItems(raw, field, at, errors);
  errors.push(...validationListErrors(raw.validations, targetOf(field), [...at, 'validations']));
  if (raw.newId !== undefined && raw.newId !== null && raw.newId !== raw.id) {
    const problem = fieldIdProblem(raw.newId);
    if (problem)
      errors.push({ name: 'regexp', path: [...at, 'newId'], value: raw.newId, details: `"newId" ${problem}` });
    else field.newId = raw.newId as string;
  }
  readDefaultValue(raw, field, at, errors);
  return field;
}

function readLinkAndItems(raw: Record<string, unknown>, field: FieldDefinition, at: Path, errors: ErrorItem[]): void {
  if (field.type === 'Link') {
    if (!LINK_TYPES.includes(raw.linkType as string)) {
      errors.push({
        name: 'in',
        path: [...at, 'linkType'],
        value: raw.linkType,
        expected: LINK_TYPES,
        details: 'Link fields need "linkType": "Entry" or "Asset"',
      });
    } else {
      field.linkType = raw.linkType as 'Entry' | 'Asset';
    }
  } else if (raw.linkType !== undefined && raw.linkType !== null) {
    errors.push({
      name: 'unknown',
      path: [...at, 'linkType'],
      value: raw.linkType,
      details: '"linkType" is only allowed on Link fields',
    });
  }
  if (field.type !== 'Array') {
    if (raw.items !== undefined && raw.items !== null)
      errors.push({
        name: 'unknown',
        path: [...at, 'items'],
        value: raw.items,
        details: '"items" is only allowed on Array fields',
      });
    return;
  }
  const items = raw.items;
  if (!isPlainObject(items) || (items.type !== 'Symbol' && items.type !== 'Link')) {
    errors.push({
      name: 'in',
      path: [...at, 'items', 'type'],
      value: isPlainObject(items) ? items.type : items,
      expected: ['Symbol', 'Link'],
      details: 'Array fields need "items": {"type": "Symbol"} or {"type": "Link", "linkType": "Entry" | "Asset"}',
    });
    return;
  }
  field.items = {
    type: items.type,
    validations: (Array.isArray(items.validations) ? items.validations : []) as Validation[],
  };
  if (items.type === 'Link') {
    if (!LINK_TYPES.includes(items.linkType as string)) {
      errors.push({
        name: 'in',
        path: [...at, 'items', 'linkType'],
        value: items.linkType,
        expected: LINK_TYPES,
        details: 'Link items need "linkType": "Entry" or "Asset"',
      });
    } else {
      field.items.linkType = items.linkType as 'Entry' | 'Asset';
    }
  }
  const itemTarget: ValidationTarget =
    items.type === 'Symbol' ? 'Symbol' : targetOf({ type: 'Link', linkType: field.items.linkType });
  errors.push(...validationListErrors(items.validations, itemTarget, [...at, 'items', 'validations']));
}

function readDefaultValue(raw: Record<string, unknown>, field: FieldDefinition, at: Path, errors: ErrorItem[]): void {
  if (raw.defaultValue === undefined || raw.defaultValue === null) return;
  const path = [...at, 'defaultValue'];
  if (!DEFAULT_VALUE_TYPES.includes(field.type) || (field.type === 'Array' && field.items?.type !== 'Symbol')) {
    errors.push({
      name: 'unknown',
      path,
      value: raw.defaultValue,
      details: 'Default values are allowed on Symbol, Text, Integer, Number, Boolean, Date and Array of Symbol fields',
    });
    return;
  }
  if (!isPlainObject(raw.defaultValue)) {
    errors.push({
      name: 'type',
      path,
      value: raw.defaultValue,
      details: '"defaultValue" must be an object of locale codes to values',
    });
    return;
  }
  for (const [code, value] of Object.entries(raw.defaultValue)) {
    for (const { subPath, ...item } of valueShapeErrors(field, value))
      errors.push({ ...item, path: [...path, code, ...(subPath ?? [])] });
  }
  field.defaultValue = raw.defaultValue;
}

/** The type signature that can never change once activated: type, link type, item type and item link type. */
export const typeSignature = (field: FieldDefinition): string =>
  [field.type, field.linkType ?? '', field.items?.type ?? '', field.items?.linkType ?? ''].join('/');
