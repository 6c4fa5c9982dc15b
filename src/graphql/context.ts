import type { FieldDefinition } from '../domain/content-model/field.ts';
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

const chains = new WeakMap<LocaleRecord[], Map<string, string[]>>();

/**
 * The locale and its fallbacks, in order (a cycle ends the chain). Remembered per locale list: the list comes from
 * the read cache, so a chain is worked out once per environment and locale, not once per field read.
 */
export function localeChain(locales: LocaleRecord[], code: string): string[] {
  let byCode = chains.get(locales);
  if (!byCode) chains.set(locales, (byCode = new Map()));
  let chain = byCode.get(code);
  if (!chain) byCode.set(code, (chain = fallbacks(locales, code)));
  return chain;
}

/** The locales a field is read in: the chain of `locale` when localized, else the default locale only. */
export function fieldLocales(ctx: GraphqlContext, definition: FieldDefinition, locale: string): string[] {
  return definition.localized ? localeChain(ctx.locales, locale) : [ctx.defaultLocale];
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
