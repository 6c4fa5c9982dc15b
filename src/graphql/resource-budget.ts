import type { SearchRepository, Storage } from '../storage/port/index.ts';
import { executionError } from './errors.ts';

/** Database operations one GraphQL request may run by default (searches and link batches; each is one or two statements). */
export const DEFAULT_MAX_OPERATIONS = 200;

/**
 * The storage one request executes against: every search it runs (root fields, link batches, linkedFrom) draws on a
 * budget of `maxOperations`. Batching keeps ordinary queries far below it (operations grow with depth and with the
 * number of root fields, not with items); past it, the fields that still need data fail on their own path with
 * RESOURCES_EXHAUSTED and the rest of the answer stands.
 */
export function budgetedStorage(storage: Storage, maxOperations: number): Storage {
  let used = 0;
  const draw = () => {
    used += 1;
    if (used > maxOperations) {
      throw executionError(
        'RESOURCES_EXHAUSTED',
        'Query execution error. Query too complex to be executed in allocated resources',
        { maximumOperations: maxOperations },
      );
    }
  };
  const search = storage.repos.search;
  const budgeted: SearchRepository = {
    activatedContentTypes: (...args) => search.activatedContentTypes(...args),
    entries: (...args) => {
      draw();
      return search.entries(...args);
    },
    assets: (...args) => {
      draw();
      return search.assets(...args);
    },
    linkingEntries: (...args) => {
      draw();
      return search.linkingEntries(...args);
    },
  };
  return { ...storage, repos: { ...storage.repos, search: budgeted } } as Storage;
}
