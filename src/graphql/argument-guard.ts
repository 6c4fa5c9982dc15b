import {
  defaultFieldResolver,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { storable } from '../lib/storable-text.ts';
import { executionError } from './errors.ts';

type Path = Array<string | number>;

/**
 * The path (inside the arguments) of the first string no database could store, following the argument types
 * iteratively: lists and input objects are entered, enums (internal values) skipped, scalars' strings tested.
 */
export function unstorablePath(args: Record<string, unknown>, defs: readonly GraphQLArgument[]): Path | undefined {
  const stack: Array<[unknown, GraphQLInputType | undefined, Path]> = defs.map((d) => [args[d.name], d.type, [d.name]]);
  while (stack.length) {
    const [value, type, path] = stack.pop()!;
    if (value === null || value === undefined) continue;
    const nullable = type && getNullableType(type);
    if (typeof value === 'string') {
      if (!storable(value)) return path;
    } else if (nullable && isEnumType(nullable)) {
      continue;
    } else if (Array.isArray(value)) {
      const item = nullable && isListType(nullable) ? (nullable.ofType as GraphQLInputType) : undefined;
      value.forEach((v, i) => stack.push([v, item, [...path, i]]));
    } else if (typeof value === 'object') {
      const fields = nullable && isInputObjectType(nullable) ? nullable.getFields() : undefined;
      for (const [k, v] of Object.entries(value)) stack.push([v, fields?.[k]?.type, [...path, k]]);
    }
  }
  return undefined;
}

const guarded = new WeakSet<GraphQLField<unknown, unknown>>();

/**
 * Wraps every resolver that takes arguments so a string argument holding NUL or an unpaired surrogate (literal or
 * variable, at any depth of `where`) fails that field's path with GRAPHQL_VALIDATION_FAILED before anything reaches
 * storage. Types shared between schemas are wrapped once.
 */
export function guardArguments(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.args.length || guarded.has(field)) continue;
      guarded.add(field);
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        const path = unstorablePath(args, field.args);
        if (path) {
          throw executionError(
            'GRAPHQL_VALIDATION_FAILED',
            `The argument "${path.join('.')}" holds a character that cannot be stored (NUL or an unpaired surrogate)`,
            { argumentPath: path },
          );
        }
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}
