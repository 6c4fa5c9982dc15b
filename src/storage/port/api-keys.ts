import type { Audit, AuditKey, Page, PageRequest } from './records.ts';

/** What API key lists order and filter by (`previewId` is a preview key's `sys.id`). */
export type ApiKeyOrderKey = AuditKey | 'name' | 'description' | 'id' | 'previewId';

/** A delivery key with its preview key (one row: they are created, changed and deleted together). */
export interface ApiKeyRecord extends Audit {
  spaceId: string;
  id: string;
  name: string;
  description: string | null;
  accessToken: string;
  previewKeyId: string;
  previewAccessToken: string;
  version: number;
  /** Environment or alias ids, in the order given. */
  environmentIds: string[];
}

export type NewApiKey = Omit<ApiKeyRecord, 'version' | 'createdAt' | 'updatedAt' | 'updatedBy'>;
export type ApiKeyChanges = Pick<ApiKeyRecord, 'name' | 'description' | 'environmentIds'>;

/** What a delivery or preview token grants: the GraphQL and delivery APIs authenticate with this. */
export interface ApiKeyGrant {
  spaceId: string;
  /** The id of the key the token belongs to: the delivery key's, or the preview key's for a preview token. */
  keyId: string;
  kind: 'delivery' | 'preview';
  environmentIds: string[];
}

/** Delivery API keys and their preview keys. */
export interface ApiKeysRepository {
  /** Inserts the key with its environments; undefined when a key with this id already exists in the space. */
  insert(key: NewApiKey): Promise<ApiKeyRecord | undefined>;
  page(spaceId: string, page: PageRequest<ApiKeyOrderKey>): Promise<Page<ApiKeyRecord>>;
  find(spaceId: string, id: string): Promise<ApiKeyRecord | undefined>;
  findByPreviewId(spaceId: string, previewKeyId: string): Promise<ApiKeyRecord | undefined>;
  /** Replaces name, description and environments when `expectedVersion` is current; undefined otherwise. */
  update(
    spaceId: string,
    id: string,
    changes: ApiKeyChanges,
    expectedVersion: number,
    userId: string,
  ): Promise<ApiKeyRecord | undefined>;
  /** Deletes the key; its preview key goes with it. */
  delete(spaceId: string, id: string): Promise<boolean>;
  findGrant(token: string): Promise<ApiKeyGrant | undefined>;
}
