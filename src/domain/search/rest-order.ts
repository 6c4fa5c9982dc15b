import type { ErrorItem } from '../../errors/index.ts';
import { inLocale, isOrderable } from './operators.ts';
import type { OrderKey } from './query.ts';
import type { PathResolver } from './rest-paths.ts';
import { notOrderable } from './search-errors.ts';

/**
 * `order=-sys.updatedAt,fields.title`: several keys, a leading `-` for descending. Fields are ordered by their
 * value in the default locale. Text, rich text, arrays, locations, objects and links (other than `fields.<link>.sys.id`)
 * cannot be ordered, nor can tags.
 */
export function parseOrder(
  raw: string,
  resolve: PathResolver,
  defaultLocale: string,
): { keys: OrderKey[]; errors: ErrorItem[] } {
  const keys: OrderKey[] = [];
  const errors: ErrorItem[] = [];
  for (const term of raw
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)) {
    const descending = term.startsWith('-');
    const resolved = resolve(descending ? term.slice(1) : term);
    if (!resolved.ok) {
      errors.push(resolved.error);
      continue;
    }
    const { path, typeName, wire } = resolved;
    if (path.kind === 'tags' || !isOrderable(path)) {
      errors.push(notOrderable(wire, typeName));
      continue;
    }
    keys.push({
      kind: 'path',
      path: path.kind === 'field' ? inLocale(path, [defaultLocale]) : path,
      direction: descending ? 'desc' : 'asc',
    });
  }
  return { keys, errors };
}
