import type { Audit } from './records.ts';

export interface LocaleRecord extends Audit {
  spaceId: string; environmentId: string; id: string; code: string; name: string; fallbackCode: string | null;
  default: boolean; contentManagementApi: boolean; contentDeliveryApi: boolean; optional: boolean; version: number;
}

export type NewLocale = Omit<LocaleRecord, 'version' | 'createdAt' | 'updatedAt' | 'updatedBy'>;

/** Locales of one environment. */
export interface LocalesRepository {
  insert(locale: NewLocale): Promise<LocaleRecord>;
}
