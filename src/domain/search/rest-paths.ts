import type { ErrorItem } from '../../errors/index.ts';
import { SYS_ATTRIBUTES, typeNameOf } from './operators.ts';
import type { FieldPath, SearchTarget, SysPath, TagsPath } from './query.ts';
import { contentTypeRequired, unknownPath } from './search-errors.ts';
import { resolveFieldPath, type FieldScope } from './search-schema.ts';

export type ResolvedPath =
  { ok: true; path: FieldPath | SysPath | TagsPath; typeName: string; wire: string } | { ok: false; error: ErrorItem };

/**
 * Resolves a wire path (`sys.createdAt`, `fields.title`, `fields.author.sys.id`, `metadata.tags.sys.id`) against
 * the target and the field scope. Entries have no field scope until `content_type` names one: a field path then
 * asks for it. With a `prefix` (`fields.author.`, for searches through a reference) only the `fields.*` paths
 * after the prefix resolve, against the referenced content type; errors still name the whole path.
 */
export function pathResolver(target: SearchTarget, scope: FieldScope | undefined, defaultLocale: string, prefix = '') {
  return function resolve(wire: string): ResolvedPath {
    if (prefix) {
      const local = wire.startsWith(prefix) ? wire.slice(prefix.length) : '';
      const path =
        local.startsWith('fields.') && scope
          ? resolveFieldPath(scope, local.split('.').slice(1), defaultLocale)
          : undefined;
      return path ? { ok: true, path, typeName: typeNameOf(path), wire } : { ok: false, error: unknownPath(wire) };
    }
    if (wire.startsWith('sys.')) {
      const sys = Object.hasOwn(SYS_ATTRIBUTES, wire) ? SYS_ATTRIBUTES[wire] : undefined;
      if (!sys || (sys.entriesOnly && target !== 'Entry')) return { ok: false, error: unknownPath(wire) };
      const path: SysPath = { kind: 'sys', attribute: sys.attribute, valueType: sys.valueType };
      return { ok: true, path, typeName: typeNameOf(path), wire };
    }
    if (wire === 'metadata.tags.sys.id' || wire === 'metadata.tags') {
      return { ok: true, path: { kind: 'tags' }, typeName: 'Array', wire };
    }
    if (wire.startsWith('fields.')) {
      if (!scope) return { ok: false, error: contentTypeRequired(wire) };
      const path = resolveFieldPath(scope, wire.split('.').slice(1), defaultLocale);
      if (!path) return { ok: false, error: unknownPath(wire) };
      return { ok: true, path, typeName: typeNameOf(path), wire };
    }
    return { ok: false, error: unknownPath(wire) };
  };
}

export type PathResolver = ReturnType<typeof pathResolver>;
