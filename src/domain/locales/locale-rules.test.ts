import { describe, expect, it } from 'vitest';
import type { LocaleRecord } from '../../storage/port/index.ts';
import { deletionProblems, localeProblems } from './locale-rules.ts';

const locale = (code: string, fallbackCode: string | null, isDefault = false): LocaleRecord => ({
  spaceId: 's',
  environmentId: 'master',
  id: `id-${code}`,
  code,
  name: code,
  fallbackCode,
  default: isDefault,
  contentManagementApi: true,
  contentDeliveryApi: true,
  optional: false,
  version: 1,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-01T00:00:00Z',
  createdBy: null,
  updatedBy: null,
});

describe('locale rules', () => {
  // en <- a <- b <- c <- d
  const all = [locale('en', null, true), locale('a', 'en'), locale('b', 'a'), locale('c', 'b'), locale('d', 'c')];
  const candidate = (l: LocaleRecord, changes: Partial<LocaleRecord>) => ({ ...l, ...changes });

  it('finds a loop however long the chain', () => {
    const problems = localeProblems(all, candidate(all[1], { fallbackCode: 'd' }), all[1]);
    expect(problems).toEqual([expect.objectContaining({ name: 'fallback locale creates a loop', value: 'd' })]);
  });

  it('accepts a chain that ends at the default locale, and a re-pointed chain without a loop', () => {
    expect(localeProblems(all, candidate(all[4], { fallbackCode: 'a' }), all[4])).toEqual([]);
    expect(localeProblems(all, { ...locale('e', 'd'), id: undefined }, undefined)).toEqual([]);
  });

  it('sees a loop through the candidate’s new code', () => {
    // d renamed to z and pointed at c: c -> b -> a -> en, no loop; a pointed at d (renamed) would be unknown.
    expect(localeProblems(all, candidate(all[4], { code: 'z', fallbackCode: 'c' }), all[4])).toEqual([]);
    expect(localeProblems(all, candidate(all[1], { fallbackCode: 'zz' }), all[1])[0]).toMatchObject({
      name: 'unknown',
    });
  });

  it('names every dependent of a locale that would be deleted or re-coded', () => {
    const withSibling = [...all, locale('a2', 'a')];
    expect(deletionProblems(withSibling, withSibling[1])[0]).toMatchObject({
      name: 'used as fallback',
      dependents: ['b', 'a2'],
    });
    expect(localeProblems(withSibling, candidate(withSibling[1], { code: 'aa' }), withSibling[1])[0]).toMatchObject({
      path: 'code',
      dependents: ['b', 'a2'],
    });
    expect(deletionProblems(all, all[4])).toEqual([]);
    expect(deletionProblems(all, all[0])[0]).toMatchObject({ name: 'default locale cannot be deleted' });
  });
});
