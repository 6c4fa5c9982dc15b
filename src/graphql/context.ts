import type { ApiKeyGrant, AssetRecord, EntryRecord, LocaleRecord, SearchScope, Storage } from '../storage/port/index.ts';
import type { Loaders } from './loaders.ts';

/** Everything the resolvers of one request share. */
export interface GraphqlContext {
  storage: Storage;
  scope: SearchScope;
  grant: ApiKeyGrant;
  locales: LocaleRecord[];
  defaultLocale: string;
  loaders: Loaders;
}

/** What a resolved entry or asset carries down to its fields: the record and the inherited preview and locale. */
export interface Resolved<R extends EntryRecord | AssetRecord = EntryRecord | AssetRecord> {
  record: R;
  preview: boolean;
  locale: string;
}

/** The locale and its fallbacks, in order (a cycle ends the chain). */
export function localeChain(locales: LocaleRecord[], code: string): string[] {
  const chain: string[] = [];
  let current: string | null | undefined = code;
  while (current && !chain.includes(current)) {
    chain.push(current);
    current = locales.find((l) => l.code === current)?.fallbackCode;
  }
  return chain;
}
