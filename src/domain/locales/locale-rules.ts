import type { ErrorItem } from '../../errors/index.ts';
import type { LocaleChanges, LocaleRecord } from '../../storage/port/index.ts';

/** A locale as it would be stored after a create or an update. */
export interface LocaleCandidate extends LocaleChanges {
  id: string | undefined;
  default: boolean;
}

/** Locales (other than `exceptId`) whose fallback is `code`. */
export const dependentsOf = (locales: LocaleRecord[], code: string, exceptId?: string) =>
  locales.filter((l) => l.id !== exceptId && l.fallbackCode === code);

function dependentsError(path: string, code: string, dependents: LocaleRecord[], doing: string): ErrorItem {
  const codes = dependents.map((d) => d.code);
  return {
    name: 'used as fallback',
    path,
    value: code,
    dependents: codes,
    details: `Locale "${code}" is the fallback of ${codes.map((c) => `"${c}"`).join(', ')}; change their fallbackCode before ${doing}.`,
  };
}

/** True when following fallbacks from `start` reaches `code`, with `candidate` in place of its stored version. */
function fallbackLoops(all: LocaleRecord[], candidate: LocaleCandidate): boolean {
  const fallbackOf = new Map(all.filter((l) => l.id !== candidate.id).map((l) => [l.code, l.fallbackCode]));
  fallbackOf.set(candidate.code, candidate.fallbackCode);
  const seen = new Set<string>();
  for (let code = candidate.fallbackCode; code !== null && code !== undefined; code = fallbackOf.get(code) ?? null) {
    if (code === candidate.code) return true;
    if (seen.has(code)) return false;
    seen.add(code);
  }
  return false;
}

/**
 * Every rule a locale must satisfy against the other locales of its environment. `current` is the stored locale
 * on update, undefined on create. An empty list means the locale may be written.
 */
export function localeProblems(
  all: LocaleRecord[],
  candidate: LocaleCandidate,
  current: LocaleRecord | undefined,
): ErrorItem[] {
  const problems: ErrorItem[] = [];
  const others = all.filter((l) => l.id !== candidate.id);
  if (others.some((l) => l.code === candidate.code)) {
    problems.push({
      name: 'taken',
      path: 'code',
      value: candidate.code,
      details: `A locale with code "${candidate.code}" already exists in this environment.`,
    });
  }
  if (current && current.code !== candidate.code) {
    const dependents = dependentsOf(all, current.code, current.id);
    if (dependents.length) problems.push(dependentsError('code', current.code, dependents, 'changing its code'));
  }
  if (candidate.default && candidate.optional) {
    problems.push({
      name: 'default locale cannot be optional',
      path: 'optional',
      value: true,
      details: 'The default locale must not be optional.',
    });
  }
  const fallback = candidate.fallbackCode;
  if (fallback !== null) {
    if (candidate.default) {
      problems.push({
        name: 'default locale cannot have a fallback',
        path: 'fallbackCode',
        value: fallback,
        details: 'The default locale ends every fallback chain; its fallbackCode must be null.',
      });
    } else if (fallback === candidate.code) {
      problems.push({
        name: 'fallback locale creates a loop',
        path: 'fallbackCode',
        value: fallback,
        details: 'A locale cannot be its own fallback.',
      });
    } else if (!others.some((l) => l.code === fallback)) {
      problems.push({
        name: 'unknown',
        path: 'fallbackCode',
        value: fallback,
        details: `No locale with code "${fallback}" exists in this environment.`,
      });
    } else if (fallbackLoops(all, candidate)) {
      problems.push({
        name: 'fallback locale creates a loop',
        path: 'fallbackCode',
        value: fallback,
        details: `Falling back to "${fallback}" leads back to "${candidate.code}".`,
      });
    }
  }
  return problems;
}

/** Why a locale cannot be deleted, or [] when it can. */
export function deletionProblems(all: LocaleRecord[], locale: LocaleRecord): ErrorItem[] {
  if (locale.default) {
    return [
      {
        name: 'default locale cannot be deleted',
        path: 'default',
        value: true,
        details: `Locale "${locale.code}" is the default locale of the environment.`,
      },
    ];
  }
  const dependents = dependentsOf(all, locale.code, locale.id);
  return dependents.length ? [dependentsError('code', locale.code, dependents, 'deleting it')] : [];
}
