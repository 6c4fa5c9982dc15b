import type { Audit, AuditKey, CollectionPage } from './records.ts';

export interface LocaleRecord extends Audit {
  spaceId: string;
  environmentId: string;
  id: string;
  code: string;
  name: string;
  fallbackCode: string | null;
  default: boolean;
  contentManagementApi: boolean;
  contentDeliveryApi: boolean;
  optional: boolean;
  version: number;
}

/** What locale lists order and filter by. */
export type LocaleKey =
  | AuditKey
  | 'id'
  | 'code'
  | 'name'
  | 'fallbackCode'
  | 'default'
  | 'contentManagementApi'
  | 'contentDeliveryApi'
  | 'optional';

export type NewLocale = Omit<LocaleRecord, 'version' | 'createdAt' | 'updatedAt' | 'updatedBy'>;

/** The replaceable properties of a locale (`default` never changes after creation). */
export type LocaleChanges = Pick<
  LocaleRecord,
  'code' | 'name' | 'fallbackCode' | 'contentManagementApi' | 'contentDeliveryApi' | 'optional'
>;

/** Locales of one environment. */
export interface LocalesRepository {
  insert(locale: NewLocale): Promise<LocaleRecord>;
  /** Every locale of the environment, oldest first. */
  list(spaceId: string, environmentId: string): Promise<LocaleRecord[]>;
  /**
   * Serialises locale writes of one environment until the transaction ends, so rules that span locales
   * (unique code, fallback chains, dependents) are checked against what is committed; call before reading.
   * False when the environment does not exist.
   */
  lockEnvironment(spaceId: string, environmentId: string): Promise<boolean>;
  /** A page of the locales; without an order, oldest first. */
  page(
    spaceId: string,
    environmentId: string,
    page: CollectionPage<LocaleKey>,
  ): Promise<{ items: LocaleRecord[]; total: number }>;
  find(spaceId: string, environmentId: string, id: string): Promise<LocaleRecord | undefined>;
  /** Replaces the locale when `expectedVersion` is current; undefined when it is not (or the locale is gone). */
  update(
    spaceId: string,
    environmentId: string,
    id: string,
    changes: LocaleChanges,
    expectedVersion: number,
    userId: string,
  ): Promise<LocaleRecord | undefined>;
  /** Deletes the locale and every content value in its code. */
  delete(spaceId: string, environmentId: string, id: string): Promise<boolean>;
}
