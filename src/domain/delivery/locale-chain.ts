import type { LocaleRecord } from '../../storage/port/index.ts';

/** Per locale list, the chains with fallbacks ([0]) and without ([1]), by locale code. */
const chains = new WeakMap<LocaleRecord[], [Map<string, string[]>, Map<string, string[]>]>();

/**
 * The locale and its fallbacks, in order (a cycle ends the chain), or the locale alone without `useFallbackLocale`.
 * Kept per locale list: the list comes from the read cache, so a chain is worked out once per environment,
 * locale and fallback use, not once per field read.
 */
export function localeChain(locales: LocaleRecord[], code: string, useFallbackLocale: boolean): string[] {
  let cached = chains.get(locales);
  if (!cached) chains.set(locales, (cached = [new Map(), new Map()]));
  const byCode = cached[useFallbackLocale ? 0 : 1];
  let chain = byCode.get(code);
  if (!chain) byCode.set(code, (chain = useFallbackLocale ? fallbacks(locales, code) : [code]));
  return chain;
}

/** The environment's default locale code (the first locale's without a default; `en-US` without locales). */
export const defaultLocaleOf = (locales: LocaleRecord[]): string =>
  locales.find((l) => l.default)?.code ?? locales[0]?.code ?? 'en-US';

function fallbacks(locales: LocaleRecord[], code: string): string[] {
  const chain: string[] = [];
  let current: string | null | undefined = code;
  while (current && !chain.includes(current)) {
    chain.push(current);
    current = locales.find((l) => l.code === current)?.fallbackCode;
  }
  return chain;
}
