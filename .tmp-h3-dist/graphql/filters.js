import { GraphQLBoolean, GraphQLEnumType, GraphQLFloat, GraphQLInputObjectType, GraphQLInt, GraphQLList, GraphQLString, } from 'graphql';
import { and, SYS_ID } from "../domain/search/query.js";
import { linkTargets } from "./plan/link-targets.js";
import { compileSys, containsValue, SysFilterType, sysOrderValues } from "./sys-filter.js";
import { CircleType, DateTimeType, RectangleType } from "./types/shared-types.js";
const SCALAR_TYPES = {
    Symbol: { gql: GraphQLString, valueType: 'symbol' },
    Text: { gql: GraphQLString, valueType: 'text' },
    Integer: { gql: GraphQLInt, valueType: 'integer' },
    Number: { gql: GraphQLFloat, valueType: 'number' },
    Date: { gql: DateTimeType, valueType: 'date' },
    Boolean: { gql: GraphQLBoolean, valueType: 'boolean' },
};
const POSTFIXES = [
    ['', 'eq'], ['_not', 'ne'], ['_exists', 'exists'], ['_contains', 'contains'], ['_not_contains', 'not_contains'],
    ['_gt', 'gt'], ['_gte', 'gte'], ['_lt', 'lt'], ['_lte', 'lte'], ['_in', 'in'], ['_not_in', 'nin'],
];
/** Which postfixes a field type takes (spec table "Filters"). */
function postfixesFor(type) {
    const base = ['eq', 'ne', 'exists'];
    if (type === 'Symbol' || type === 'Text')
        return [...base, 'contains', 'not_contains', 'in', 'nin'];
    if (type === 'Integer' || type === 'Number' || type === 'Date')
        return [...base, 'gt', 'gte', 'lt', 'lte', 'in', 'nin'];
    return base;
}
/**
 * The `<Type>Filter` input and the map from its keys to what they compare. A nested filter (`options.name`, no
 * `targets`) has the same keys as the target type's own filter except links: one relationship level deep.
 */
export function buildFilter(typeName, fields, options = {}) {
    const keys = new Map();
    const filterType = new GraphQLInputObjectType({
        name: options.name ?? `${typeName}Filter`,
        fields: () => {
            const config = {
                sys: { type: SysFilterType },
                AND: { type: new GraphQLList(filterType) },
                OR: { type: new GraphQLList(filterType) },
            };
            const add = (name, type, key) => {
                config[name] = { type };
                keys.set(name, { array: false, ...key });
            };
            for (const field of fields) {
                const d = field.definition;
                const scalar = SCALAR_TYPES[d.type];
                if (scalar) {
                    for (const [postfix, op] of POSTFIXES) {
                        if (!postfixesFor(d.type).includes(op))
                            continue;
                        const type = op === 'exists' ? GraphQLBoolean : op === 'in' || op === 'nin' ? new GraphQLList(scalar.gql) : scalar.gql;
                        add(field.name + postfix, type, { field, op, valueType: scalar.valueType });
                    }
                }
                else if (d.type === 'RichText') {
                    add(`${field.name}_exists`, GraphQLBoolean, { field, op: 'exists', valueType: 'richtext' });
                    add(`${field.name}_contains`, GraphQLString, { field, op: 'contains', valueType: 'richtext' });
                    add(`${field.name}_not_contains`, GraphQLString, { field, op: 'not_contains', valueType: 'richtext' });
                }
                else if (d.type === 'Location') {
                    add(`${field.name}_exists`, GraphQLBoolean, { field, op: 'exists', valueType: 'location' });
                    add(`${field.name}_within_circle`, CircleType, { field, op: 'circle', valueType: 'location' });
                    add(`${field.name}_within_rectangle`, RectangleType, { field, op: 'rectangle', valueType: 'location' });
                }
                else if (d.type === 'Array' && d.items?.type === 'Symbol') {
                    add(`${field.name}_exists`, GraphQLBoolean, { field, op: 'exists', valueType: 'symbol', array: true });
                    for (const [postfix, op] of [['_contains_all', 'all'], ['_contains_some', 'some'], ['_contains_none', 'none']]) {
                        add(field.name + postfix, new GraphQLList(GraphQLString), { field, op, valueType: 'symbol', array: true });
                    }
                }
                else if (d.type === 'Link' && options.targets) {
                    add(`${field.name}_exists`, GraphQLBoolean, { field, op: 'exists', valueType: 'link' });
                    const target = field.nestedFilter ? options.targets(linkTargets(d)[0]) : undefined;
                    if (target) {
                        const nested = buildFilter(target.typeName, target.fields, { name: field.nestedFilter });
                        add(field.name, nested.filterType, { field, op: 'reference', valueType: 'link', nested: { contentTypeId: target.contentTypeId, keys: nested.keys } });
                    }
                }
                else if (d.type === 'Array' && d.items?.type === 'Link' && options.targets) {
                    add(`${field.name}Collection_exists`, GraphQLBoolean, { field, op: 'exists', valueType: 'link', array: true });
                }
            }
            return config;
        },
    });
    return { filterType, keys };
}
/** The `<Type>Order` enum: `<field>_ASC|_DESC` for orderable fields plus `sys_<attribute>_ASC|_DESC`. */
export function buildOrder(typeName, fields) {
    const values = {};
    for (const field of fields) {
        const scalar = SCALAR_TYPES[field.definition.type];
        if (!scalar || field.definition.type === 'Text')
            continue;
        values[`${field.name}_ASC`] = { value: { field, direction: 'asc' } };
        values[`${field.name}_DESC`] = { value: { field, direction: 'desc' } };
    }
    return new GraphQLEnumType({ name: `${typeName}Order`, values: { ...values, ...sysOrderValues() } });
}
function fieldPath(key, options) {
    const d = key.field.definition;
    return {
        kind: 'field', fieldId: d.id, locale: { kind: 'chain', codes: options.chainOf(d) }, subpath: key.field.subpath ?? [],
        valueType: key.valueType, array: key.array,
    };
}
function typed(key, v) {
    const value = key.field.normalize ? key.field.normalize(v) : v;
    return key.valueType === 'date' ? new Date(String(value)).toISOString() : value;
}
/** A `where` argument compiled to the query representation shared with REST search. */
export function compileWhere(where, keys, options) {
    if (!where)
        return and();
    const parts = [];
    for (const [name, value] of Object.entries(where)) {
        if (value === undefined || value === null)
            continue;
        const list = () => value.filter((w) => w !== null).map((w) => compileWhere(w, keys, options));
        if (name === 'AND')
            parts.push(and(...list()));
        else if (name === 'OR')
            parts.push({ kind: 'or', conditions: list() });
        else if (name === 'sys')
            parts.push(compileSys(value));
        else
            parts.push(compileKey(keys.get(name), value, options));
    }
    return and(...parts);
}
function compileKey(key, value, options) {
    const path = fieldPath(key, options);
    const list = () => value.filter((v) => v !== null).map((v) => typed(key, v));
    const contains = () => ({ kind: 'compare', path, op: 'contains', value: containsValue(typed(key, value)) });
    switch (key.op) {
        case 'exists': return { kind: 'compare', path, op: 'exists', value: value };
        case 'contains': return contains();
        case 'not_contains': return { kind: 'not', condition: contains() };
        case 'in':
        case 'nin':
        case 'all': return { kind: 'compare', path, op: key.op, value: list() };
        case 'some': return { kind: 'compare', path, op: 'in', value: list() };
        case 'none': return { kind: 'compare', path, op: 'nin', value: list() };
        case 'circle': {
            const c = value;
            return { kind: 'compare', path, op: 'within', value: { shape: 'circle', lat: c.lat, lon: c.lon, radiusKm: c.radius } };
        }
        case 'rectangle': {
            const r = value;
            return { kind: 'compare', path, op: 'within', value: { shape: 'rectangle', north: r.topLeftLat, west: r.topLeftLon, south: r.bottomRightLat, east: r.bottomRightLon } };
        }
        case 'reference': {
            const { contentTypeId, keys } = key.nested;
            return { kind: 'reference', field: path, contentTypeId, where: compileWhere(value, keys, options) };
        }
        default: return { kind: 'compare', path, op: key.op, value: typed(key, value) };
    }
}
/** The `order` argument compiled to order keys; none gives `sys.publishedAt` descending then `sys.id` ascending. */
export function compileOrder(order, options) {
    if (!order?.length) {
        return [
            { kind: 'path', path: { kind: 'sys', attribute: 'publishedAt', valueType: 'date' }, direction: 'desc' },
            { kind: 'path', path: SYS_ID, direction: 'asc' },
        ];
    }
    const keys = order.filter((o) => o !== null).map((o) => {
        if (!o.field)
            return { kind: 'path', path: o.sys ?? SYS_ID, direction: o.direction };
        const scalar = SCALAR_TYPES[o.field.definition.type];
        return { kind: 'path', path: fieldPath({ field: o.field, valueType: scalar.valueType, array: false }, options), direction: o.direction };
    });
    const last = keys.at(-1);
    if (last.kind === 'path' && last.path.kind === 'sys' && last.path.attribute === 'id')
        return keys;
    return [...keys, { kind: 'path', path: SYS_ID, direction: 'asc' }];
}
