import type { ContentTypeDefinition } from '../../domain/content-model/field.ts';
import { requestError } from '../errors.ts';
import { linkTargets } from './link-targets.ts';

/** Type names the schema defines itself; a content type whose name would equal one gets the `ContentType` prefix. */
export const RESERVED_TYPE_NAMES: ReadonlySet<string> = new Set([
  'Query',
  'String',
  'Int',
  'Float',
  'Boolean',
  'Location',
  'Circle',
  'Rectangle',
  'DateTime',
  'RichText',
  'Asset',
  'AssetCollection',
  'AssetLinkingCollections',
  'AssetFilter',
  'AssetOrder',
  'Entry',
  'EntryCollection',
  'Sys',
  'SysFilter',
  'Dimension',
  'HexColor',
  'Quality',
  'ImageResizeFocus',
  'ImageResizeStrategy',
  'ImageFormat',
  'ImageTransformOptions',
  'JSON',
  'EntryFilter',
  'EntryOrder',
  '_Node',
  'ID',
]);

export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set(['sys', 'linkedFrom']);

/**
 * The names of the tags metadata of entries and assets, after the vendor token (`contentful` gives the reference's
 * `contentfulMetadata: ContentfulMetadata`, `ContentfulTag`, `ContentfulMetadataFilter`, `ContentfulMetadataTagsFilter`).
 */
export function metadataNames(vendor: string) {
  const prefix = upperFirst(vendor);
  return {
    field: `${vendor}Metadata`,
    metadata: `${prefix}Metadata`,
    tag: `${prefix}Tag`,
    filter: `${prefix}MetadataFilter`,
    tagsFilter: `${prefix}MetadataTagsFilter`,
  };
}
export type MetadataNames = ReturnType<typeof metadataNames>;

const reservedByVendor = new Map<string, { types: ReadonlySet<string>; fields: ReadonlySet<string> }>();
/** The reserved type and field names of a schema served under `vendor`: the fixed ones and the metadata ones. */
export function reservedNames(vendor: string): { types: ReadonlySet<string>; fields: ReadonlySet<string> } {
  let reserved = reservedByVendor.get(vendor);
  if (!reserved) {
    const m = metadataNames(vendor);
    reserved = {
      types: new Set([...RESERVED_TYPE_NAMES, m.metadata, m.tag, m.filter, m.tagsFilter]),
      fields: new Set([...RESERVED_FIELD_NAMES, m.field]),
    };
    reservedByVendor.set(vendor, reserved);
  }
  return reserved;
}

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

/** The GraphQL type name of a content type id in a schema served under `vendor`. */
export function typeName(contentTypeId: string, vendor: string): string {
  const name = pascalCase(contentTypeId);
  return /^[0-9]/.test(name) || reservedNames(vendor).types.has(name) || name === '' ? `ContentType${name}` : name;
}

/** The nested filter of a single link field validated to one content type: `<Type><Field>Filter`. */
export const nestedFilterName = (type: string, fieldName: string): string => `${type}${upperFirst(fieldName)}Filter`;

/** The root field name of a type: its type name with a lower-case first letter. */
export const rootFieldName = (type: string): string => lowerFirst(type);

/** The collection type of an object type: `<Type>Collection`. */
export const collectionTypeName = (type: string): string => `${type}Collection`;

/** A field reading a collection: `<root field>Collection` at the root and in `linkedFrom`, `<field>Collection` for an array of links. */
export const collectionFieldName = (name: string): string => `${name}Collection`;

/** The filter input of a type's collections: `<Type>Filter`. */
export const filterTypeName = (type: string): string => `${type}Filter`;

/** The order enum of a type's collections: `<Type>Order`. */
export const orderTypeName = (type: string): string => `${type}Order`;

/** The type of `linkedFrom` of an entry type or of Asset: `<Type>LinkingCollections`. */
export const linkingCollectionsTypeName = (type: string): string => `${type}LinkingCollections`;

/** A filter input key: a field's (or sys attribute's) name and a postfix, e.g. `title_contains`, `tags_exists`. */
export const filterKeyName = (name: string, postfix: string): string => name + postfix;

/** An order enum value: `<field>_ASC` or `<field>_DESC`. */
export const orderValueName = (name: string, direction: 'asc' | 'desc'): string =>
  `${name}_${direction === 'asc' ? 'ASC' : 'DESC'}`;

/** The order enum value of a sys attribute: `sys_<attribute>_ASC` or `sys_<attribute>_DESC`. */
export const sysOrderValueName = (attribute: string, direction: 'asc' | 'desc'): string =>
  orderValueName(`sys_${attribute}`, direction);

/** The types of a RichText field's own type `<Type><Field>`: its `links` and their `entries` and `assets`. */
export const richTextTypeNames = (richText: string) => ({
  type: richText,
  links: `${richText}Links`,
  entries: `${richText}Entries`,
  assets: `${richText}Assets`,
});

export interface NamedField {
  fieldId: string;
  name: string;
  /**
   * A link validated to several content types: the union of its targets, named after the type and the field
   * (`ArticleRelated`); for an array of links the union of the items, `<Type><Field>Item`, in `<Type><Field>Collection`.
   */
  union?: { name: string; collection?: string };
  /** A RichText field: its type `<Type><Field>` (with `Links`, `Entries`, `Assets` appended for the link types). */
  richText?: string;
  /** A single link validated to one content type: its nested filter input `<Type><Field>Filter`. */
  nestedFilter?: string;
}
export interface NamedContentType {
  contentTypeId: string;
  typeName: string;
  fields: NamedField[];
}

/** The type of a field's own generated types: the type name and the PascalCase field name, e.g. `ArticleBody`. */
const ownTypeName = (type: string, fieldName: string) => type + upperFirst(fieldName);

/** Every type name a named content type makes, for the collision check. */
function generatedNames(ct: NamedContentType): string[] {
  const t = ct.typeName;
  const names = [t, collectionTypeName(t), filterTypeName(t), orderTypeName(t), linkingCollectionsTypeName(t)];
  for (const f of ct.fields) {
    if (f.union) names.push(f.union.name, ...(f.union.collection ? [f.union.collection] : []));
    if (f.richText) names.push(...Object.values(richTextTypeNames(f.richText)));
    if (f.nestedFilter) names.push(f.nestedFilter);
  }
  return names;
}

/**
 * Two generated names that are equal (a field's own type equal to a content type's, `<Type>Filter` made twice, a
 * reserved name...) fail schema generation with COLLIDING_TYPE_NAMES, naming the content types involved.
 */
function checkGeneratedNames(named: NamedContentType[], vendor: string): void {
  const owners = new Map<string, string[]>([...reservedNames(vendor).types].map((n) => [n, []]));
  for (const ct of named) {
    for (const name of generatedNames(ct)) {
      const ids = owners.get(name);
      if (!ids) {
        owners.set(name, [ct.contentTypeId]);
        continue;
      }
      const all = [...new Set([...ids, ct.contentTypeId])].sort();
      throw requestError(
        'COLLIDING_TYPE_NAMES',
        `Schema generation failed. Type name generated for the content types ${all.map((i) => `'${i}'`).join(', ')} would be the same for all of them: '${name}'`,
        { collidingContentTypeIds: all, resultingTypeName: name },
      );
    }
  }
}

/**
 * Names every content type and its visible (not omitted) fields, failing schema generation with
 * COLLIDING_TYPE_NAMES, COLLIDING_FIELD_NAMES or RESERVED_FIELD_NAME.
 */
export function nameContentModel(
  contentTypes: ReadonlyMap<string, ContentTypeDefinition>,
  vendor: string,
): NamedContentType[] {
  const byName = new Map<string, string[]>();
  for (const id of [...contentTypes.keys()].sort()) {
    const name = typeName(id, vendor);
    byName.set(name, [...(byName.get(name) ?? []), id]);
  }
  for (const [name, ids] of byName) {
    if (ids.length > 1) {
      throw requestError(
        'COLLIDING_TYPE_NAMES',
        `Schema generation failed. Type name generated for the content types ${ids.map((i) => `'${i}'`).join(', ')} would be the same for all of them: '${name}'`,
        { collidingContentTypeIds: ids, resultingTypeName: name },
      );
    }
  }
  const named = [...contentTypes.keys()].sort().map((contentTypeId) => {
    const definition = contentTypes.get(contentTypeId)!;
    const fields: NamedField[] = [];
    const seen = new Map<string, string[]>();
    for (const f of definition.fields.filter((x) => !x.omitted)) {
      const name = camelCase(f.id);
      if (reservedNames(vendor).fields.has(name)) {
        throw requestError(
          'RESERVED_FIELD_NAME',
          `Schema generation failed. Field name '${name}' generated for the field '${f.id}' in the content type '${contentTypeId}' is reserved`,
          { contentTypeId, fieldId: f.id, resultingFieldName: name },
        );
      }
      // An array of links is read through `<name>Collection`: that is the name another field must not generate.
      const fieldName = f.type === 'Array' && f.items?.type === 'Link' ? collectionFieldName(name) : name;
      seen.set(fieldName, [...(seen.get(fieldName) ?? []), f.id]);
      const field: NamedField = { fieldId: f.id, name };
      const entryLinks =
        f.type === 'Link'
          ? f.linkType === 'Entry'
          : f.type === 'Array' && f.items?.type === 'Link' && f.items.linkType === 'Entry';
      const targets = entryLinks ? linkTargets(f) : [];
      if (targets.length > 1 && targets.some((t) => contentTypes.has(t))) {
        const own = ownTypeName(typeName(contentTypeId, vendor), name);
        field.union = f.type === 'Array' ? { name: `${own}Item`, collection: collectionTypeName(own) } : { name: own };
      }
      if (f.type === 'RichText') field.richText = ownTypeName(typeName(contentTypeId, vendor), name);
      if (f.type === 'Link' && targets.length === 1 && contentTypes.has(targets[0]!))
        field.nestedFilter = nestedFilterName(typeName(contentTypeId, vendor), name);
      fields.push(field);
    }
    for (const [name, ids] of seen) {
      if (ids.length > 1) {
        throw requestError(
          'COLLIDING_FIELD_NAMES',
          `Schema generation failed. Field name generated for the fields ${ids.map((i) => `'${i}'`).join(', ')} in the content type '${contentTypeId}' would be the same for all of them: '${name}'`,
          { contentTypeId, collidingFieldIds: ids, resultingFieldName: name },
        );
      }
    }
    return { contentTypeId, typeName: typeName(contentTypeId, vendor), fields };
  });
  checkGeneratedNames(named, vendor);
  return named;
}
