import type { ContentTypeDefinition } from '../content-model/field.ts';
import { deliveryTokens, type ContentAccess } from '../access/delivery-token.ts';
import type { ContentResponseCache, LocaleRecord, SearchScope, Storage } from '../../storage/port/index.ts';
import { requestReads, type RequestReads } from './request-reads.ts';

export interface OpenOptions {
  /** Database operations the request may run (see `DEFAULT_MAX_OPERATIONS`). */
  maxOperations: number;
}

/**
 * The one reader of published and preview content, for every content API (the GraphQL Content API now, the delivery
 * and preview REST APIs next): a request authorizes its token, reads the environment's content model and locales
 * (both answered by the read cache until a write changes them), and opens its own reads (`RequestReads`: searches by
 * the shared query representation, batched links, linking entries, tags, under an operation budget). Which state a
 * read asks for (published, or draft for preview) is the caller's; `readsPreview` says whether the token allows drafts.
 */
export function contentReader(storage: Storage) {
  const tokens = deliveryTokens(storage);
  return {
    /** Opens a space environment for a delivery or preview token, or throws `ContentTokenRefused`. */
    authorize: tokens.authorize,
    /** The activated content types of the environment, by id: the same object until the model changes. */
    contentModel(scope: SearchScope): Promise<Map<string, ContentTypeDefinition>> {
      return storage.repos.search.activatedContentTypes(scope, 'all');
    },
    /** The environment's locales: the same list until they change (see `localeChain`). */
    locales(scope: SearchScope): Promise<LocaleRecord[]> {
      return storage.repos.locales.list(scope.spaceId, scope.environmentId);
    },
    /** Rendered answers kept until the environment's content changes; undefined when responses are not cached. */
    get responses(): ContentResponseCache | undefined {
      return storage.responses;
    },
    /** The reads of one request in the environment `access` opened. */
    open(access: ContentAccess, options: OpenOptions): RequestReads {
      return requestReads(
        storage,
        { spaceId: access.spaceId, environmentId: access.environmentId },
        options.maxOperations,
      );
    },
  };
}

export type ContentReader = ReturnType<typeof contentReader>;
