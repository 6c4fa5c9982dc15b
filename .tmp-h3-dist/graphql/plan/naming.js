import { requestError } from "../errors.js";
import { linkTargets } from "./link-targets.js";
/** Type names the schema defines itself; a content type whose name would equal one gets the `ContentType` prefix. */
export const RESERVED_TYPE_NAMES = new Set([
    'Query', 'String', 'Int', 'Float', 'Boolean', 'Location', 'Circle', 'Rectangle', 'DateTime', 'RichText', 'Asset',
    'AssetCollection', 'AssetLinkingCollections', 'AssetFilter', 'AssetOrder', 'Entry', 'EntryCollection', 'Sys',
    'SysFilter', 'Dimension', 'HexColor', 'Quality', 'ImageResizeFocus', 'ImageResizeStrategy', 'ImageFormat',
    'ImageTransformOptions', 'JSON',
]);
export const RESERVED_FIELD_NAMES = new Set(['sys', 'linkedFrom']);
/** Words of an id: runs of letters or digits, split at non-alphanumerics and at letter/digit boundaries. */
function words(id) {
    return id.match(/[0-9]+|[a-zA-Z]+/g) ?? [];
}
const upperFirst = (w) => w.charAt(0).toUpperCase() + w.slice(1);
const lowerFirst = (w) => w.charAt(0).toLowerCase() + w.slice(1);
/** PascalCase with non-alphanumerics removed: `my-2content-type` -> `My2ContentType`. */
export const pascalCase = (id) => words(id).map(upperFirst).join('');
/** lower-camelCase with non-alphanumerics removed: `my_field` -> `myField`. */
export const camelCase = (id) => lowerFirst(pascalCase(id));
/** The GraphQL type name of a content type id. */
export function typeName(contentTypeId) {
    const name = pascalCase(contentTypeId);
    return /^[0-9]/.test(name) || RESERVED_TYPE_NAMES.has(name) || name === '' ? `ContentType${name}` : name;
}
/** The nested filter of a single link field validated to one content type: `<Type><Field>Filter`. */
export const nestedFilterName = (type, fieldName) => `${type}${upperFirst(fieldName)}Filter`;
/** The root field name of a type: its type name with a lower-case first letter. */
export const rootFieldName = (type) => lowerFirst(type);
/** The type of a field's own generated types: the type name and the PascalCase field name, e.g. `ArticleBody`. */
const ownTypeName = (type, fieldName) => type + upperFirst(fieldName);
/** Every type name a named content type makes, for the collision check. */
function generatedNames(ct) {
    const names = ['', 'Collection', 'Filter', 'Order', 'LinkingCollections'].map((suffix) => ct.typeName + suffix);
    for (const f of ct.fields) {
        if (f.union)
            names.push(f.union.name, ...(f.union.collection ? [f.union.collection] : []));
        if (f.richText)
            names.push(...['', 'Links', 'Entries', 'Assets'].map((suffix) => f.richText + suffix));
        if (f.nestedFilter)
            names.push(f.nestedFilter);
    }
    return names;
}
/**
 * Two generated names that are equal (a field's own type equal to a content type's, `<Type>Filter` made twice, a
 * reserved name...) fail schema generation with COLLIDING_TYPE_NAMES, naming the content types involved.
 */
function checkGeneratedNames(named) {
    const owners = new Map([...RESERVED_TYPE_NAMES].map((n) => [n, []]));
    for (const ct of named) {
        for (const name of generatedNames(ct)) {
            const ids = owners.get(name);
            if (!ids) {
                owners.set(name, [ct.contentTypeId]);
                continue;
            }
            const all = [...new Set([...ids, ct.contentTypeId])].sort();
            throw requestError('COLLIDING_TYPE_NAMES', `Schema generation failed. Type name generated for the content types ${all.map((i) => `'${i}'`).join(', ')} would be the same for all of them: '${name}'`, { collidingContentTypeIds: all, resultingTypeName: name });
        }
    }
}
/**
 * Names every content type and its visible (not omitted) fields, failing schema generation with
 * COLLIDING_TYPE_NAMES, COLLIDING_FIELD_NAMES or RESERVED_FIELD_NAME.
 */
export function nameContentModel(contentTypes) {
    const byName = new Map();
    for (const id of [...contentTypes.keys()].sort()) {
        const name = typeName(id);
        byName.set(name, [...(byName.get(name) ?? []), id]);
    }
    for (const [name, ids] of byName) {
        if (ids.length > 1) {
            throw requestError('COLLIDING_TYPE_NAMES', `Schema generation failed. Type name generated for the content types ${ids.map((i) => `'${i}'`).join(', ')} would be the same for all of them: '${name}'`, { collidingContentTypeIds: ids, resultingTypeName: name });
        }
    }
    const named = [...contentTypes.keys()].sort().map((contentTypeId) => {
        const definition = contentTypes.get(contentTypeId);
        const fields = [];
        const seen = new Map();
        for (const f of definition.fields.filter((x) => !x.omitted)) {
            const name = camelCase(f.id);
            if (RESERVED_FIELD_NAMES.has(name)) {
                throw requestError('RESERVED_FIELD_NAME', `Schema generation failed. Field name '${name}' generated for the field '${f.id}' in the content type '${contentTypeId}' is reserved`, { contentTypeId, fieldId: f.id, resultingFieldName: name });
            }
            seen.set(name, [...(seen.get(name) ?? []), f.id]);
            const field = { fieldId: f.id, name };
            const entryLinks = f.type === 'Link' ? f.linkType === 'Entry' : f.type === 'Array' && f.items?.type === 'Link' && f.items.linkType === 'Entry';
            const targets = entryLinks ? linkTargets(f) : [];
            if (targets.length > 1 && targets.some((t) => contentTypes.has(t))) {
                const own = ownTypeName(typeName(contentTypeId), name);
                field.union = f.type === 'Array' ? { name: `${own}Item`, collection: `${own}Collection` } : { name: own };
            }
            if (f.type === 'RichText')
                field.richText = ownTypeName(typeName(contentTypeId), name);
            if (f.type === 'Link' && targets.length === 1 && contentTypes.has(targets[0]))
                field.nestedFilter = nestedFilterName(typeName(contentTypeId), name);
            fields.push(field);
        }
        for (const [name, ids] of seen) {
            if (ids.length > 1) {
                throw requestError('COLLIDING_FIELD_NAMES', `Schema generation failed. Field name generated for the fields ${ids.map((i) => `'${i}'`).join(', ')} in the content type '${contentTypeId}' would be the same for all of them: '${name}'`, { contentTypeId, collidingFieldIds: ids, resultingFieldName: name });
            }
        }
        return { contentTypeId, typeName: typeName(contentTypeId), fields };
    });
    checkGeneratedNames(named);
    return named;
}
