import type { ContentTypeDefinition, FieldDefinition } from '../content-model/field.ts';
import { fieldPath, isLinkField, isTextField } from './operators.ts';
import type { FieldPath, SearchTarget, ValueType } from './query.ts';

/** What the parser needs to know about the content model: the default locale and the activated content types it named. */
export interface SearchSchema {
  target: SearchTarget;
  defaultLocale: string;
  /** Activated definitions by id: the ones the query names, or every one when a full-text query has no content_type. */
  contentTypes: ReadonlyMap<string, ContentTypeDefinition>;
}

/** Where `fields.*` paths are looked up: the fields of one content type, or the fixed fields of assets. */
export type FieldScope = { kind: 'entry'; contentType: ContentTypeDefinition } | { kind: 'asset' };

const ASSET_FIELDS: Record<string, ValueType> = { title: 'symbol', description: 'text', file: 'object' };
const ASSET_FILE_PATHS: Record<string, ValueType> = {
  contentType: 'symbol',
  fileName: 'symbol',
  url: 'symbol',
  'details.size': 'integer',
  'details.image.width': 'integer',
  'details.image.height': 'integer',
};

/** A field of a content type by id; deleted fields are gone. */
export const findField = (contentType: ContentTypeDefinition, id: string): FieldDefinition | undefined =>
  contentType.fields.find((f) => f.id === id && !f.deleted);

/**
 * The path that `fields.<segments...>` names in a scope, or undefined when it names nothing searchable.
 * Entries: `fields.<f>` and, for link fields, `fields.<f>.sys.id`. Assets: `title`, `description`, `file` and
 * `file.contentType`, `file.fileName`, `file.url`, `file.details.size`, `file.details.image.width|height`.
 */
export function resolveFieldPath(scope: FieldScope, segments: string[], defaultLocale: string): FieldPath | undefined {
  const [id, ...rest] = segments;
  if (id === undefined || id === '') return undefined;
  if (scope.kind === 'asset') {
    const any = { kind: 'any' } as const;
    if (rest.length === 0) {
      const valueType = Object.hasOwn(ASSET_FIELDS, id) ? ASSET_FIELDS[id] : undefined;
      return valueType && { kind: 'field', fieldId: id, locale: any, subpath: [], valueType, array: false };
    }
    const sub = rest.join('.');
    if (id !== 'file' || !Object.hasOwn(ASSET_FILE_PATHS, sub)) return undefined;
    return {
      kind: 'field',
      fieldId: 'file',
      locale: any,
      subpath: rest,
      valueType: ASSET_FILE_PATHS[sub]!,
      array: false,
    };
  }
  const field = findField(scope.contentType, id);
  if (!field) return undefined;
  if (rest.length === 0) return fieldPath(field, defaultLocale);
  if (isLinkField(field) && rest.length === 2 && rest[0] === 'sys' && rest[1] === 'id')
    return fieldPath(field, defaultLocale, ['sys', 'id']);
  return undefined;
}

/** The paths a full-text `query` searches in a scope: the Symbol, Text, RichText and Array of Symbol fields; for assets title, description and file name. */
export function textPaths(scope: FieldScope, defaultLocale: string): FieldPath[] {
  if (scope.kind === 'asset') {
    return [['title'], ['description'], ['file', 'fileName']].map((s) => resolveFieldPath(scope, s, defaultLocale)!);
  }
  return scope.contentType.fields.filter((f) => !f.deleted && isTextField(f)).map((f) => fieldPath(f, defaultLocale));
}
