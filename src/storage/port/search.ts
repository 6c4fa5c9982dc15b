import type { ContentTypeDefinition } from '../../domain/content-model/field.ts';
import type { ContentState, SearchQuery } from '../../domain/search/query.ts';
import type { AssetRecord, EntryRecord } from './content.ts';
import type { Page } from './records.ts';

/** The environment a search runs in (the environment an alias targets, already resolved). */
export interface SearchScope {
  spaceId: string;
  environmentId: string;
}

/**
 * The entries that link to some targets (GraphQL `linkedFrom`), through the listed fields only. A link in a localized
 * field counts when it is stored under one of `locales`; in a field that is not localized, when it is the value of
 * `defaultLocale` (the one value such a field has).
 */
export interface LinkingQuery {
  state: ContentState;
  targetType: 'Entry' | 'Asset';
  targetIds: string[];
  via: Array<{ contentTypeId: string; fieldId: string; localized: boolean }>;
  locales: string[];
  defaultLocale: string;
  skip: number;
  limit: number;
}

/**
 * `total: false` skips counting (one statement fewer) and answers a total of 0: for callers that never show it.
 * `linkedEntriesOf` names link fields of the found entries: the entries they link to (in any locale, in the state
 * searched) come back in `linkedEntries`, read in the page's own statement, for callers about to resolve those links.
 */
export interface SearchOptions {
  total?: boolean;
  linkedEntriesOf?: string[];
}

/** A page of a search; `linkedEntries` when `linkedEntriesOf` asked for them (the ones found: missing targets are left out). */
export interface SearchPage<T> extends Page<T> {
  linkedEntries?: EntryRecord[];
}

/** Runs searches compiled to the query representation; one statement for the page plus one for the total. */
export interface SearchRepository {
  /**
   * The activated definitions of the named content types (every activated one for `'all'`), by id; content types
   * that do not exist or are not activated are left out.
   */
  activatedContentTypes(scope: SearchScope, ids: string[] | 'all'): Promise<Map<string, ContentTypeDefinition>>;
  entries(
    scope: SearchScope,
    query: SearchQuery & { target: 'Entry' },
    options?: SearchOptions,
  ): Promise<SearchPage<EntryRecord>>;
  assets(
    scope: SearchScope,
    query: SearchQuery & { target: 'Asset' },
    options?: SearchOptions,
  ): Promise<SearchPage<AssetRecord>>;
  /**
   * Per target id, a page of the entries linking to it (latest published first, then by id) and their exact total,
   * all in one statement whatever the number of targets.
   */
  linkingEntries(scope: SearchScope, query: LinkingQuery): Promise<Map<string, Page<EntryRecord>>>;
}
