import type { FieldDefinition } from '../domain/content-model/field.ts';
import type {
  ApiKeyGrant,
  AssetRecord,
  EntryRecord,
  LocaleRecord,
  SearchScope,
  Storage,
} from '../storage/port/index.ts';
import type { Loaders } from './loaders.ts';

/** Everything the resolvers of one request share. */
export interface GraphqlContext {
  storage: Storage;
  scope: SearchScope;
  grant: ApiKeyGrant;
  locales: LocaleRecord[];
  defaultLocale: string;
  loaders: Loaders;
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

/** Per locale list, the chains with fallbacks ([0]) and without ([1]), by locale code. */
const chains = new WeakMap<LocaleRecord[], [Map<string, string[]>, Map<string, string[]>]>();

/**
 * The locale and its fallbacks, in order (a cycle ends the chain), or the locale alone without `useFallbackLocale`.
 * Remembered per locale list: the list comes from the read cache, so a chain is worked out once per environment,
 * locale and fallback use, not once per field read.
 */
export function localeChain(locales: LocaleRecord[], code: string, useFallbackLocale: boolean): string[] {
  let remembered = chains.get(locales);
  if (!remembered) chains.set(locales, (remembered = [new Map(), new Map()]));
  const byCode = remembered[useFallbackLocale ? 0 : 1];
  let chain = byCode.get(code);
  if (!chain) byCode.set(code, (chain = useFallbackLocale ? fallbacks(locales, code) : [code]));
  return chain;
}

/** The locales a field is read in: the chain of the locale when localized, else the default locale only. */
export function fieldLocales(ctx: GraphqlContext, definition: FieldDefinition, read: LocaleRead): string[] {
  return definition.localized ? localeChain(ctx.locales, read.locale, read.useFallbackLocale) : [ctx.defaultLocale];
}

function fallbacks(locales: LocaleRecord[], code: string): string[] {
  const chain: string[] = [];
  let current: string | null | undefined = code;
  while (current && !chain.includes(current)) {
    chain.push(current);
    current = locales.find((l) => l.code === current)?.fallbackCode;
  }
  return chain;
}
