import { GraphQLBoolean, GraphQLFloat, GraphQLInputObjectType, GraphQLList, GraphQLString, } from 'graphql';
import { and, SYS_ID } from "../domain/search/query.js";
import { executionError } from "./errors.js";
import { DateTimeType } from "./types/shared-types.js";
const POSTFIXES = {
    '': 'eq', _not: 'ne', _exists: 'exists', _contains: 'contains', _not_contains: 'not_contains',
    _gt: 'gt', _gte: 'gte', _lt: 'lt', _lte: 'lte', _in: 'in', _not_in: 'nin',
};
const RANGE = ['eq', 'ne', 'exists', 'gt', 'gte', 'lt', 'lte', 'in', 'nin'];
/** The sys attributes `SysFilter` names, the postfixes each takes and its GraphQL type. */
const ATTRIBUTES = {
    id: { path: SYS_ID, gql: GraphQLString, ops: ['eq', 'ne', 'exists', 'contains', 'not_contains', 'in', 'nin'] },
    publishedAt: { path: { kind: 'sys', attribute: 'publishedAt', valueType: 'date' }, gql: DateTimeType, ops: RANGE },
    firstPublishedAt: { path: { kind: 'sys', attribute: 'firstPublishedAt', valueType: 'date' }, gql: DateTimeType, ops: RANGE },
    // Float as in the hosted schema; versions are integers, so fractional bounds are rounded (see `versionCondition`).
    publishedVersion: { path: { kind: 'sys', attribute: 'publishedVersion', valueType: 'integer' }, gql: GraphQLFloat, ops: RANGE },
};
const KEYS = new Map();
const FIELDS = {};
for (const [name, a] of Object.entries(ATTRIBUTES)) {
    for (const [postfix, op] of Object.entries(POSTFIXES)) {
        if (!a.ops.includes(op))
            continue;
        FIELDS[name + postfix] = { type: op === 'exists' ? GraphQLBoolean : op === 'in' || op === 'nin' ? new GraphQLList(a.gql) : a.gql };
        KEYS.set(name + postfix, { path: a.path, op });
    }
}
export const SysFilterType = new GraphQLInputObjectType({ name: 'SysFilter', fields: FIELDS });
/** The `sys_<attribute>_ASC|_DESC` values of every order enum. */
export function sysOrderValues() {
    const values = {};
    for (const [name, a] of Object.entries(ATTRIBUTES)) {
        values[`sys_${name}_ASC`] = { value: { sys: a.path, direction: 'asc' } };
        values[`sys_${name}_DESC`] = { value: { sys: a.path, direction: 'desc' } };
    }
    return values;
}
/** A `_contains` value: at least 2 characters. */
export function containsValue(value) {
    const s = String(value);
    if (s.length < 2)
        throw executionError('GRAPHQL_VALIDATION_FAILED', 'The _contains filter needs at least 2 characters', { value: s });
    return s;
}
const NEVER = { kind: 'or', conditions: [] };
const ALWAYS = and();
/** Versions are integers: a fractional bound becomes the equivalent integer one; a fractional value equals none. */
function versionCondition(path, op, v) {
    if (Number.isInteger(v))
        return { kind: 'compare', path, op: op, value: v };
    switch (op) {
        case 'gt':
        case 'gte': return { kind: 'compare', path, op: 'gte', value: Math.ceil(v) };
        case 'lt':
        case 'lte': return { kind: 'compare', path, op: 'lte', value: Math.floor(v) };
        case 'ne': return ALWAYS;
        default: return NEVER;
    }
}
function sysCondition(key, v) {
    const { path, op } = key;
    const typed = (x) => (path.valueType === 'date' ? new Date(String(x)).toISOString() : x);
    switch (op) {
        case 'exists': return { kind: 'compare', path, op: 'exists', value: v };
        case 'contains': return { kind: 'compare', path, op: 'contains', value: containsValue(v) };
        case 'not_contains': return { kind: 'not', condition: { kind: 'compare', path, op: 'contains', value: containsValue(v) } };
        case 'in':
        case 'nin': {
            let list = v.filter((x) => x !== null).map(typed);
            if (path.valueType === 'integer')
                list = list.filter((x) => Number.isInteger(x));
            if (list.length === 0)
                return op === 'in' ? NEVER : ALWAYS;
            return { kind: 'compare', path, op, value: list };
        }
        default:
            return path.valueType === 'integer' ? versionCondition(path, op, v) : { kind: 'compare', path, op, value: typed(v) };
    }
}
/** A `sys` filter compiled to conditions on the sys attributes. */
export function compileSys(sys) {
    const parts = [];
    for (const [name, v] of Object.entries(sys)) {
        if (v === undefined || v === null)
            continue;
        parts.push(sysCondition(KEYS.get(name), v));
    }
    return and(...parts);
}
