import type { ContentTypeDefinition } from '../../domain/content-model/field.ts';
import type { SearchQuery } from '../../domain/search/query.ts';
import type { AssetRecord, EntryRecord } from './content.ts';
import type { Page } from './records.ts';

/** The environment a search runs in (the environment an alias targets, already resolved). */
export interface SearchScope { spaceId: string; environmentId: string; }

/** Runs searches compiled to the query representation; one statement for the page plus one for the total. */
export interface SearchRepository {
  /**
   * The activated definitions of the named content types (every activated one for `'all'`), by id; content types
   * that do not exist or are not activated are left out.
   */
  activatedContentTypes(scope: SearchScope, ids: string[] | 'all'): Promise<Map<string, ContentTypeDefinition>>;
  entries(scope: SearchScope, query: SearchQuery & { target: 'Entry' }): Promise<Page<EntryRecord>>;
  assets(scope: SearchScope, query: SearchQuery & { target: 'Asset' }): Promise<Page<AssetRecord>>;
}
