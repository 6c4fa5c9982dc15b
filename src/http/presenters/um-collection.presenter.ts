import type { IncludedRecords } from '../../domain/shared/collection-includes.ts';
import { collection } from '../../domain/shared/paging.ts';
import { presentIncludes } from './teams.presenter.ts';

/** The collection envelope of a user-management list, with `includes` when the request named include paths. */
export function umCollection<R, T>(
  page: { items: R[]; total: number; includes?: IncludedRecords },
  query: { skip: number; limit: number },
  present: (record: R) => T,
) {
  const includes = presentIncludes(page.includes);
  return { ...collection(page.items.map(present), page.total, query), ...(includes && { includes }) };
}
