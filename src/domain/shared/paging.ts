import { AppError } from '../../errors/index.ts';
import type { PageRequest } from '../../storage/port/index.ts';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

export interface CollectionQueryInput {
  skip?: unknown;
  limit?: unknown;
  order?: unknown;
}

function integer(name: string, raw: unknown, fallback: number, max?: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isInteger(value) || value < 0 || (max !== undefined && value > max)) {
    throw new AppError(
      'InvalidQuery',
      `The value provided for "${name}" is invalid. Please provide a valid number value${max !== undefined ? ` between 0 and ${max}` : ''}.`,
      { errors: [] },
    );
  }
  return value;
}

/**
 * Parses `skip`, `limit` and `order`. `orderable` maps wire attributes (`sys.createdAt`, `name`) to storage keys;
 * an unknown attribute is refused with `InvalidQuery`, so a typo never silently changes the paging order.
 */
export function parsePage<Key extends string>(
  input: CollectionQueryInput,
  orderable: Record<string, Key>,
  defaultOrder: PageRequest<Key>['order'],
  maxLimit = MAX_LIMIT,
): PageRequest<Key> {
  const skip = integer('skip', input.skip, 0);
  const limit = integer('limit', input.limit, DEFAULT_LIMIT, maxLimit);
  if (input.order === undefined || input.order === '') return { skip, limit, order: defaultOrder };
  const order: PageRequest<Key>['order'] = [];
  const errors: Array<Record<string, unknown>> = [];
  for (const term of String(input.order)
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)) {
    const descending = term.startsWith('-');
    const attribute = descending ? term.slice(1) : term;
    const key = Object.hasOwn(orderable, attribute) ? orderable[attribute] : undefined;
    if (key === undefined) {
      errors.push({
        name: 'unknown',
        path: attribute.split('.'),
        details: `The path "${attribute}" cannot be used for ordering here. Use one of: ${Object.keys(orderable).join(', ')}.`,
      });
    } else {
      order.push({ key, direction: descending ? 'desc' : 'asc' });
    }
  }
  if (errors.length) throw new AppError('InvalidQuery', undefined, { errors });
  return { skip, limit, order };
}

/** The collection envelope every list answers with; `skip` and `limit` echo the request. */
export const collection = <T>(items: T[], total: number, page: { skip: number; limit: number }) => ({
  sys: { type: 'Array' as const },
  total,
  skip: page.skip,
  limit: page.limit,
  items,
});
