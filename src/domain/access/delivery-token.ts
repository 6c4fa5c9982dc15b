import { AppError } from '../../errors/index.ts';
import { CONTENT_TOKEN_REFUSALS, type ContentTokenRefusal } from '../../errors/catalogue.ts';
import { storable } from '../../lib/storable-text.ts';
import type { ApiKeyGrant, Storage } from '../../storage/port/index.ts';

/** What a delivery or preview token opens: its grant, and the environment it reads (an alias's target). */
export interface ContentAccess {
  grant: ApiKeyGrant;
  spaceId: string;
  environmentId: string;
}

/**
 * A token that opens no space environment, with the catalogue's REST id for its `reason`
 * (`CONTENT_TOKEN_REFUSALS` also names the GraphQL code). `spaceId` and `environmentId` are the ids as requested.
 */
export class ContentTokenRefused extends AppError {
  constructor(
    readonly reason: ContentTokenRefusal,
    readonly spaceId: string,
    readonly environmentId: string,
  ) {
    const id = CONTENT_TOKEN_REFUSALS[reason].id;
    const details =
      reason === 'unknownSpace'
        ? { type: 'Space', id: spaceId }
        : reason === 'unknownEnvironment'
          ? { type: 'Environment', id: environmentId, space: spaceId }
          : undefined;
    super(id, undefined, details);
  }
}

/** Whether an access may read drafts (preview), not only published content. */
export const readsPreview = (access: Pick<ContentAccess, 'grant'>): boolean => access.grant.kind === 'preview';

/**
 * The delivery and preview token rule of the content APIs (GraphQL now, the delivery and preview REST APIs next).
 * `authorize` opens a space environment for a token, or refuses with `ContentTokenRefused`: missing token
 * (`missing`), unknown token (`invalid`), unknown space or environment (`unknownSpace` / `unknownEnvironment`), a
 * token of another space or not granted this environment, by its id or an alias id pointing at it (`invalid`).
 * A token or id holding NUL or an unpaired surrogate names nothing stored: it is unknown without a lookup.
 */
export function deliveryTokens(storage: Storage) {
  return {
    async authorize(token: string | undefined, spaceId: string, requested: string): Promise<ContentAccess> {
      const { apiKeys, spaces, environments } = storage.repos;
      const refuse = (reason: ContentTokenRefusal) => new ContentTokenRefused(reason, spaceId, requested);
      if (!token) throw refuse('missing');
      const grant = storable(token) ? await apiKeys.findGrant(token) : undefined;
      if (!grant) throw refuse('invalid');
      const space = storable(spaceId) ? await spaces.find(spaceId) : undefined;
      if (!space) throw refuse('unknownSpace');
      if (grant.spaceId !== spaceId) throw refuse('invalid');
      const known = storable(requested);
      const alias = known && space.aliasesEnabled ? await environments.findAlias(spaceId, requested) : undefined;
      const environmentId = alias ? alias.environmentId : requested;
      const environment = known ? await environments.find(spaceId, environmentId) : undefined;
      if (!environment || environment.status !== 'ready') throw refuse('unknownEnvironment');
      if (!grant.environmentIds.includes(requested) && !grant.environmentIds.includes(environmentId))
        throw refuse('invalid');
      return { grant, spaceId, environmentId };
    },
  };
}

export type DeliveryTokens = ReturnType<typeof deliveryTokens>;
