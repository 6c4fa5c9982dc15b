import type { FieldDefinition } from './field.ts';
import { richTextStructureErrors } from './rich-text.ts';

export const SYMBOL_MAX_LENGTH = 256;
export const TEXT_MAX_LENGTH = 50_000;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An ISO-8601 date (`2024-05-01`) or date-time (`2024-05-01T10:00`, with optional seconds, fraction and offset) that exists. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return false;
  return !Number.isNaN(isoDateMillis(value));
}

/** Milliseconds since the epoch of an ISO date; a date-time without an offset is read as UTC. */
export function isoDateMillis(value: string): number {
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/.test(value) && value.includes('T');
  return Date.parse(value.length === 10 || hasOffset ? value : `${value}Z`);
}

/** True when `value` is a link `{sys: {type: "Link", linkType, id}}` of the given link type. */
export function isLinkOf(
  value: unknown,
  linkType: string,
): value is { sys: { type: 'Link'; linkType: string; id: string } } {
  if (!isPlainObject(value) || !isPlainObject(value.sys)) return false;
  const sys = value.sys;
  return sys.type === 'Link' && sys.linkType === linkType && typeof sys.id === 'string' && sys.id.length > 0;
}

function typeError(type: string, value: unknown): ShapeError {
  return { name: 'type', type, value, details: `The type of "value" is incorrect, expected type: ${type}` };
}

function lengthError(max: number, value: string): ShapeError {
  return { name: 'size', max, value, details: `Size must be at most ${max}` };
}

/**
 * Problems with one locale value of a field, as error items without a path prefix: `subPath` is appended to
 * `['fields', id, locale]` by the caller. A null value is allowed for every type.
 */
export type ShapeError = {
  name: string;
  details: string;
  value: unknown;
  [extra: string]: unknown;
  subPath?: Array<string | number>;
};

export function valueShapeErrors(field: FieldDefinition, value: unknown): ShapeError[] {
  if (value === null) return [];
  switch (field.type) {
    case 'Symbol':
      if (typeof value !== 'string') return [typeError('Symbol', value)];
      return value.length > SYMBOL_MAX_LENGTH ? [lengthError(SYMBOL_MAX_LENGTH, value)] : [];
    case 'Text':
      if (typeof value !== 'string') return [typeError('Text', value)];
      return value.length > TEXT_MAX_LENGTH ? [lengthError(TEXT_MAX_LENGTH, value)] : [];
    case 'Integer':
      return Number.isSafeInteger(value) ? [] : [typeError('Integer', value)];
    case 'Number':
      return typeof value === 'number' && Number.isFinite(value) ? [] : [typeError('Number', value)];
    case 'Boolean':
      return typeof value === 'boolean' ? [] : [typeError('Boolean', value)];
    case 'Date':
      return isIsoDate(value) ? [] : [typeError('Date', value)];
    case 'Location':
      return isLocation(value) ? [] : [typeError('Location', value)];
    case 'Object':
      return typeof value === 'object' ? [] : [typeError('Object', value)];
    case 'Link':
      return isLinkOf(value, field.linkType ?? 'Entry')
        ? []
        : [typeError(`Link to ${field.linkType ?? 'Entry'}`, value)];
    case 'RichText':
      return richTextStructureErrors(value).map((e) =>
        e.path.length === 0
          ? typeError('RichText', value)
          : { name: 'in', value: e.value, details: e.details, subPath: e.path },
      );
    case 'Array':
      return arrayErrors(field, value);
    default:
      return [typeError(field.type, value)];
  }
}

function isLocation(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  const { lat, lon } = value;
  return (
    keys.length === 2 &&
    typeof lat === 'number' &&
    typeof lon === 'number' &&
    lat >= -90 &&
    lat <= 90 &&
    lon >= -180 &&
    lon <= 180
  );
}

function arrayErrors(field: FieldDefinition, value: unknown): ShapeError[] {
  const items = field.items;
  if (!Array.isArray(value)) return [typeError('Array', value)];
  const errors: ShapeError[] = [];
  value.forEach((item, index) => {
    if (items?.type === 'Link') {
      if (!isLinkOf(item, items.linkType ?? 'Entry'))
        errors.push({ ...typeError(`Link to ${items.linkType ?? 'Entry'}`, item), subPath: [index] });
    } else if (typeof item !== 'string') {
      errors.push({ ...typeError('Symbol', item), subPath: [index] });
    } else if (item.length > SYMBOL_MAX_LENGTH) {
      errors.push({ ...lengthError(SYMBOL_MAX_LENGTH, item), subPath: [index] });
    }
  });
  return errors;
}
