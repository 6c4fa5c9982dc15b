import type { FieldDefinition } from '../content-model/field.ts';
import type { FieldPath, LocaleSelector, Operator, SysAttribute, SysPath, ValueType } from './query.ts';

/** Which operators each kind of value takes. Arrays (of Symbol, of Link) have their own row. */
const SCALAR_OPERATORS: Record<ValueType, readonly Operator[]> = {
  symbol: ['eq', 'ne', 'in', 'nin', 'exists', 'match', 'all', 'contains', 'prefix'],
  text: ['eq', 'ne', 'in', 'nin', 'exists', 'match', 'all', 'contains', 'prefix'],
  richtext: ['exists', 'match'],
  integer: ['eq', 'ne', 'in', 'nin', 'exists', 'lt', 'lte', 'gt', 'gte'],
  number: ['eq', 'ne', 'in', 'nin', 'exists', 'lt', 'lte', 'gt', 'gte'],
  date: ['eq', 'ne', 'in', 'nin', 'exists', 'lt', 'lte', 'gt', 'gte'],
  boolean: ['eq', 'ne', 'in', 'nin', 'exists'],
  location: ['exists', 'within'],
  object: ['exists'],
  link: ['exists'],
};
const ARRAY_OPERATORS: Partial<Record<ValueType, readonly Operator[]>> = {
  symbol: ['eq', 'ne', 'in', 'nin', 'exists', 'match', 'all', 'contains'],
  link: ['exists'],
};
const SYS_OPERATORS: Record<SysPath['valueType'], readonly Operator[]> = {
  symbol: ['eq', 'ne', 'in', 'nin', 'exists', 'contains', 'prefix'],
  integer: ['eq', 'ne', 'in', 'nin', 'exists', 'lt', 'lte', 'gt', 'gte'],
  date: ['eq', 'ne', 'in', 'nin', 'exists', 'lt', 'lte', 'gt', 'gte'],
};

const ORDERABLE: ReadonlySet<ValueType> = new Set(['symbol', 'integer', 'number', 'date', 'boolean']);

export function operatorsOf(
  path: { kind: 'field'; valueType: ValueType; array: boolean } | SysPath,
): readonly Operator[] {
  if (path.kind === 'sys') return SYS_OPERATORS[path.valueType];
  return path.array ? (ARRAY_OPERATORS[path.valueType] ?? ['exists']) : SCALAR_OPERATORS[path.valueType];
}

/** Text fields cannot be ordered, nor can arrays, locations, objects, links and rich text. */
export const isOrderable = (path: FieldPath | SysPath): boolean =>
  path.kind === 'sys' || (!path.array && ORDERABLE.has(path.valueType));

/** The content-model type name of a path, as error bodies name it (`Symbol`, `Date`, `Array`, ...). */
export function typeNameOf(path: { valueType: ValueType; array?: boolean }): string {
  if (path.array) return 'Array';
  const names: Record<ValueType, string> = {
    symbol: 'Symbol',
    text: 'Text',
    richtext: 'RichText',
    integer: 'Integer',
    number: 'Number',
    date: 'Date',
    boolean: 'Boolean',
    location: 'Location',
    object: 'Object',
    link: 'Link',
  };
  return names[path.valueType];
}

const FIELD_VALUE_TYPES: Record<string, ValueType> = {
  Symbol: 'symbol',
  Text: 'text',
  RichText: 'richtext',
  Integer: 'integer',
  Number: 'number',
  Date: 'date',
  Boolean: 'boolean',
  Location: 'location',
  Object: 'object',
  Link: 'link',
};

/**
 * The path of a content type field. A localized field matches in any locale; a field that is not localized
 * holds a value in the default locale only, so it is read there (which lets the database use a plain lookup).
 */
export function fieldPath(field: FieldDefinition, defaultLocale: string, subpath: string[] = []): FieldPath {
  const array = field.type === 'Array';
  const itemType = array ? (field.items?.type ?? 'Symbol') : field.type;
  const locale: LocaleSelector = field.localized ? { kind: 'any' } : { kind: 'chain', codes: [defaultLocale] };
  const isLinkId = itemType === 'Link' && subpath.length > 0;
  return {
    kind: 'field',
    fieldId: field.id,
    locale,
    subpath,
    valueType: isLinkId ? 'symbol' : (FIELD_VALUE_TYPES[itemType] ?? 'object'),
    array,
  };
}

/** The same path read in one locale chain (for ordering and distance). */
export const inLocale = (path: FieldPath, codes: string[]): FieldPath => ({
  ...path,
  locale: { kind: 'chain', codes },
});

/** Link fields that may point to entries (a single link or an array of links). */
export const isEntryLinkField = (field: FieldDefinition): boolean =>
  (field.type === 'Link' && field.linkType === 'Entry') ||
  (field.type === 'Array' && field.items?.type === 'Link' && field.items.linkType === 'Entry');

export const isLinkField = (field: FieldDefinition): boolean =>
  field.type === 'Link' || (field.type === 'Array' && field.items?.type === 'Link');

/** Fields whose text `query` searches: Symbol, Text, RichText and Array of Symbol. */
export const isTextField = (field: FieldDefinition): boolean =>
  ['Symbol', 'Text', 'RichText'].includes(field.type) || (field.type === 'Array' && field.items?.type === 'Symbol');

/** The sys attributes of search paths (`sys.<name>` or `sys.<name>.sys.id` for links), per target. */
export const SYS_ATTRIBUTES: Record<
  string,
  { attribute: SysAttribute; valueType: SysPath['valueType']; entriesOnly?: true }
> = {
  'sys.id': { attribute: 'id', valueType: 'symbol' },
  'sys.type': { attribute: 'type', valueType: 'symbol' },
  'sys.version': { attribute: 'version', valueType: 'integer' },
  'sys.publishedVersion': { attribute: 'publishedVersion', valueType: 'integer' },
  'sys.publishedCounter': { attribute: 'publishedCounter', valueType: 'integer' },
  'sys.revision': { attribute: 'publishedCounter', valueType: 'integer' },
  'sys.archivedVersion': { attribute: 'archivedVersion', valueType: 'integer' },
  'sys.createdAt': { attribute: 'createdAt', valueType: 'date' },
  'sys.updatedAt': { attribute: 'updatedAt', valueType: 'date' },
  'sys.publishedAt': { attribute: 'publishedAt', valueType: 'date' },
  'sys.firstPublishedAt': { attribute: 'firstPublishedAt', valueType: 'date' },
  'sys.archivedAt': { attribute: 'archivedAt', valueType: 'date' },
  'sys.contentType.sys.id': { attribute: 'contentType', valueType: 'symbol', entriesOnly: true },
  'sys.createdBy.sys.id': { attribute: 'createdBy', valueType: 'symbol' },
  'sys.updatedBy.sys.id': { attribute: 'updatedBy', valueType: 'symbol' },
  'sys.publishedBy.sys.id': { attribute: 'publishedBy', valueType: 'symbol' },
  'sys.archivedBy.sys.id': { attribute: 'archivedBy', valueType: 'symbol' },
};
