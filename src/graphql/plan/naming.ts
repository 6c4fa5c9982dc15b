import type { ContentTypeDefinition } from '../../domain/content-model/field.ts';
import { requestError } from '../errors.ts';

/** Type names the schema defines itself; a content type whose name would equal one gets the `ContentType` prefix. */
export const RESERVED_TYPE_NAMES: ReadonlySet<string> = new Set([
  'Query', 'String', 'Int', 'Float', 'Boolean', 'Location', 'Circle', 'Rectangle', 'DateTime', 'RichText', 'Asset',
  'AssetCollection', 'AssetLinkingCollections', 'AssetFilter', 'AssetOrder', 'Entry', 'EntryCollection', 'Sys',
  'SysFilter', 'Dimension', 'HexColor', 'Quality', 'ImageResizeFocus', 'ImageResizeStrategy', 'ImageFormat',
  'ImageTransformOptions', 'JSON',
]);

export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set(['sys', 'linkedFrom']);

/** Words of an id: runs of letters or digits, split at non-alphanumerics and at letter/digit boundaries. */
function words(id: string): string[] {
  return id.match(/[0-9]+|[a-zA-Z]+/g) ?? [];
}

const upperFirst = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
const lowerFirst = (w: string) => w.charAt(0).toLowerCase() + w.slice(1);

/** PascalCase with non-alphanumerics removed: `my-2content-type` -> `My2ContentType`. */
export const pascalCase = (id: string): string => words(id).map(upperFirst).join('');

/** lower-camelCase with non-alphanumerics removed: `my_field` -> `myField`. */
export const camelCase = (id: string): string => lowerFirst(pascalCase(id));

/** The GraphQL type name of a content type id. */
export function typeName(contentTypeId: string): string {
  const name = pascalCase(contentTypeId);
  return /^[0-9]/.test(name) || RESERVED_TYPE_NAMES.has(name) || name === '' ? `ContentType${name}` : name;
}

/** The root field name of a type: its type name with a lower-case first letter. */
export const rootFieldName = (type: string): string => lowerFirst(type);

export interface NamedField { fieldId: string; name: string; }
export interface NamedContentType { contentTypeId: string; typeName: string; fields: NamedField[]; }

/**
 * Names every content type and its visible (not omitted) fields, failing schema generation with
 * COLLIDING_TYPE_NAMES, COLLIDING_FIELD_NAMES or RESERVED_FIELD_NAME.
 */
export function nameContentModel(contentTypes: ReadonlyMap<string, ContentTypeDefinition>): NamedContentType[] {
  const byName = new Map<string, string[]>();
  for (const id of [...contentTypes.keys()].sort()) {
    const name = typeName(id);
    byName.set(name, [...(byName.get(name) ?? []), id]);
  }
  for (const [name, ids] of byName) {
    if (ids.length > 1) {
      throw requestError('COLLIDING_TYPE_NAMES',
        `Schema generation failed. Type name generated for the content types ${ids.map((i) => `'${i}'`).join(', ')} would be the same for all of them: '${name}'`,
        { collidingContentTypeIds: ids, resultingTypeName: name });
    }
  }
  return [...contentTypes.keys()].sort().map((contentTypeId) => {
    const definition = contentTypes.get(contentTypeId)!;
    const fields: NamedField[] = [];
    const seen = new Map<string, string[]>();
    for (const f of definition.fields.filter((x) => !x.omitted)) {
      const name = camelCase(f.id);
      if (RESERVED_FIELD_NAMES.has(name)) {
        throw requestError('RESERVED_FIELD_NAME',
          `Schema generation failed. Field name '${name}' generated for the field '${f.id}' in the content type '${contentTypeId}' is reserved`,
          { contentTypeId, fieldId: f.id, resultingFieldName: name });
      }
      seen.set(name, [...(seen.get(name) ?? []), f.id]);
      fields.push({ fieldId: f.id, name });
    }
    for (const [name, ids] of seen) {
      if (ids.length > 1) {
        throw requestError('COLLIDING_FIELD_NAMES',
          `Schema generation failed. Field name generated for the fields ${ids.map((i) => `'${i}'`).join(', ')} in the content type '${contentTypeId}' would be the same for all of them: '${name}'`,
          { contentTypeId, collidingFieldIds: ids, resultingFieldName: name });
      }
    }
    return { contentTypeId, typeName: typeName(contentTypeId), fields };
  });
}
