import type { FieldDefinition } from '../domain/content-model/field.ts';
import {
  localeChain,
  type ApiKeyGrant,
  type AssetRecord,
  type EntryRecord,
  type LocaleRecord,
  type RequestReads,
} from '../domain/delivery/index.ts';

/** Everything the resolvers of one request share. */
export interface GraphqlContext {
  /** The request's reads (searches, batched links, linking entries, tags) under its operation budget. */
  reads: RequestReads;
  grant: ApiKeyGrant;
  locales: LocaleRecord[];
  defaultLocale: string;
  /** A stored file URL with the scheme of this server's configured base URLs. */
  completeFileUrl: (url: string) => string;
}

/** The locale a field is read in, and whether its missing values follow the locale's fallback chain. */
export interface LocaleRead {
  locale: string;
  useFallbackLocale: boolean;
}

/** How entities are read below a field: preview state, locale and fallback use, inherited unless a field sets its own. */
export interface ReadState extends LocaleRead {
  preview: boolean;
}

/** What a resolved entry or asset carries down to its fields: the record and the read state it was resolved in. */
export interface Resolved<R extends EntryRecord | AssetRecord = EntryRecord | AssetRecord> extends ReadState {
  record: R;
}

/** The locales a field is read in: the chain of the locale when localized, else the default locale only. */
export function fieldLocales(ctx: GraphqlContext, definition: FieldDefinition, read: LocaleRead): string[] {
  return definition.localized ? localeChain(ctx.locales, read.locale, read.useFallbackLocale) : [ctx.defaultLocale];
}
