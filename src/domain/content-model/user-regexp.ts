import { RE2JS } from 're2js';
import { lru } from '../../lib/lru.ts';

/**
 * User patterns of `regexp` and `prohibitRegexp` validations. They are written for JavaScript (clients check them
 * with `RegExp`) but run on RE2, whose matching time is linear in the value, so no pattern can stall a publish.
 * A pattern must therefore be valid in both: JavaScript features RE2 cannot run in linear time (lookaround,
 * backreferences) are refused when the content type is saved.
 */

export type CompiledPattern = { regexp: RE2JS; problem?: undefined } | { regexp?: undefined; problem: string };

const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL, u: 0 };

/** Flags a saved validation may carry; `g` and `y` mean nothing to a yes/no test and are ignored when evaluating. */
export const SAVEABLE_FLAGS = /^[imsu]*$/;

const CACHE_SIZE = 500;
const cache = lru<CompiledPattern>(CACHE_SIZE);

/** A JavaScript construct RE2 cannot run, found by scanning outside character classes; undefined when none. */
function unsupportedConstruct(pattern: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') {
      const next = pattern[i + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || (next === 'k' && pattern[i + 2] === '<'))) return 'backreferences';
      i++;
    } else if (inClass) {
      if (char === ']') inClass = false;
    } else if (char === '[') {
      inClass = true;
    } else if (char === '(' && pattern[i + 1] === '?') {
      const after = pattern.slice(i + 2, i + 4);
      if (after[0] === '=' || after[0] === '!' || after === '<=' || after === '<!') return 'lookaround';
    }
  }
  return undefined;
}

function compileUncached(pattern: string, flags: string): CompiledPattern {
  try {
    new RegExp(pattern, flags);
  } catch (error) {
    return { problem: `"pattern" is not a valid regular expression: ${(error as Error).message}` };
  }
  const construct = unsupportedConstruct(pattern);
  if (construct)
    return {
      problem: `"pattern" is not supported: ${construct} (patterns run on linear-time RE2, which has no lookaround or backreferences)`,
    };
  let bits = 0;
  for (const flag of flags) bits |= FLAG_BITS[flag] ?? 0;
  try {
    return { regexp: RE2JS.compile(RE2JS.translateRegExp(pattern), bits) };
  } catch (error) {
    return { problem: `"pattern" is not supported: ${(error as Error).message}` };
  }
}

/**
 * Compiles a pattern with flags (any of i, m, s, u; g and y are dropped), answering the reason when it cannot be
 * used. Compiled patterns are kept in a small least-recently-used cache keyed by flags and pattern.
 */
export function compileUserPattern(pattern: string, flags = ''): CompiledPattern {
  const usable = flags.replace(/[gy]/g, '');
  const key = `${usable}/${pattern}`;
  let compiled = cache.get(key);
  if (!compiled) cache.set(key, (compiled = compileUncached(pattern, usable)));
  return compiled;
}
