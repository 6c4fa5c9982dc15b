import { describe, expect, it } from 'vitest';
import type { LocaleRecord } from '../../storage/port/index.ts';
import { localeChain } from './locale-chain.ts';

const locale = (code: string, fallbackCode: string | null) => ({ code, fallbackCode }) as LocaleRecord;

describe('locale chains', () => {
  const locales = [
    locale('en-US', null),
    locale('de-DE', 'en-US'),
    locale('de-AT', 'de-DE'),
    locale('x', 'y'),
    locale('y', 'x'),
  ];

  it('follow the fallbacks, ending at a cycle; without fallback use they hold the locale alone', () => {
    expect(localeChain(locales, 'de-AT', true)).toEqual(['de-AT', 'de-DE', 'en-US']);
    expect(localeChain(locales, 'de-AT', false)).toEqual(['de-AT']);
    expect(localeChain(locales, 'x', true)).toEqual(['x', 'y']);
  });

  it('are kept per locale list, apart per fallback use, in either order of asking', () => {
    const list = [...locales];
    const without = localeChain(list, 'de-DE', false);
    const withFallbacks = localeChain(list, 'de-DE', true);
    expect([without, withFallbacks]).toEqual([['de-DE'], ['de-DE', 'en-US']]);
    expect(localeChain(list, 'de-DE', false)).toBe(without);
    expect(localeChain(list, 'de-DE', true)).toBe(withFallbacks);
    // Another list (a changed locale set) is worked out anew.
    const changed = [locale('en-US', null), locale('de-DE', null)];
    expect(localeChain(changed, 'de-DE', true)).toEqual(['de-DE']);
  });
});
