import { duplicateParameter } from "./search-errors.js";
const KEY = /^([^[\]]+)(?:\[([^[\]]*)\])?$/;
/**
 * Splits the query string exactly as sent (form decoding: `+` is a space, `%xx` escapes). The query string is read
 * raw because bracketed keys such as `fields.title[ne]` must not be turned into nested objects. A key given twice
 * is an error: a search never silently drops one of two conditions.
 */
export function parseQueryString(raw) {
    const parameters = [];
    const errors = [];
    const seen = new Set();
    for (const [key, value] of new URLSearchParams(raw)) {
        if (seen.has(key)) {
            if (!errors.some((e) => e.name === 'duplicate' && e.path.join('.') === key))
                errors.push(duplicateParameter(key));
            continue;
        }
        seen.add(key);
        const match = KEY.exec(key);
        parameters.push(match ? { key, path: match[1], op: match[2], value } : { key, path: key, op: undefined, value });
    }
    return { parameters, errors };
}
/** True when the key has the `path[op]` shape (brackets anywhere else make the whole key unknown). */
export const isWellFormedKey = (key) => KEY.test(key);
