import { RE2JS } from 're2js';
const FLAG_BITS = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL, u: 0 };
/** Flags a saved validation may carry; `g` and `y` mean nothing to a yes/no test and are ignored when evaluating. */
export const SAVEABLE_FLAGS = /^[imsu]*$/;
const CACHE_SIZE = 500;
const cache = new Map();
/** A JavaScript construct RE2 cannot run, found by scanning outside character classes; undefined when none. */
function unsupportedConstruct(pattern) {
    let inClass = false;
    for (let i = 0; i < pattern.length; i++) {
        const char = pattern[i];
        if (char === '\\') {
            const next = pattern[i + 1] ?? '';
            if (!inClass && (/[1-9]/.test(next) || (next === 'k' && pattern[i + 2] === '<')))
                return 'backreferences';
            i++;
        }
        else if (inClass) {
            if (char === ']')
                inClass = false;
        }
        else if (char === '[') {
            inClass = true;
        }
        else if (char === '(' && pattern[i + 1] === '?') {
            const after = pattern.slice(i + 2, i + 4);
            if (after[0] === '=' || after[0] === '!' || after === '<=' || after === '<!')
                return 'lookaround';
        }
    }
    return undefined;
}
function compileUncached(pattern, flags) {
    try {
        new RegExp(pattern, flags);
    }
    catch (error) {
        return { problem: `"pattern" is not a valid regular expression: ${error.message}` };
    }
    const construct = unsupportedConstruct(pattern);
    if (construct)
        return { problem: `"pattern" is not supported: ${construct} (patterns run on linear-time RE2, which has no lookaround or backreferences)` };
    let bits = 0;
    for (const flag of flags)
        bits |= FLAG_BITS[flag] ?? 0;
    try {
        return { regexp: RE2JS.compile(RE2JS.translateRegExp(pattern), bits) };
    }
    catch (error) {
        return { problem: `"pattern" is not supported: ${error.message}` };
    }
}
/**
 * Compiles a pattern with flags (any of i, m, s, u; g and y are dropped), answering the reason when it cannot be
 * used. Compiled patterns are kept in a small least-recently-used cache keyed by flags and pattern.
 */
export function compileUserPattern(pattern, flags = '') {
    const usable = flags.replace(/[gy]/g, '');
    const key = `${usable}/${pattern}`;
    const hit = cache.get(key);
    if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return hit;
    }
    const compiled = compileUncached(pattern, usable);
    cache.set(key, compiled);
    if (cache.size > CACHE_SIZE)
        cache.delete(cache.keys().next().value);
    return compiled;
}
