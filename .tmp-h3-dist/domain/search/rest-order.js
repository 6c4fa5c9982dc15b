import { inLocale, isOrderable } from "./operators.js";
import { notOrderable } from "./search-errors.js";
/**
 * `order=-sys.updatedAt,fields.title`: several keys, a leading `-` for descending. Fields are ordered by their
 * value in the default locale. Text, rich text, arrays, locations, objects and links (other than `fields.<link>.sys.id`)
 * cannot be ordered, nor can tags.
 */
export function parseOrder(raw, resolve, defaultLocale) {
    const keys = [];
    const errors = [];
    for (const term of raw.split(',').map((t) => t.trim()).filter(Boolean)) {
        const descending = term.startsWith('-');
        const resolved = resolve(descending ? term.slice(1) : term);
        if (!resolved.ok) {
            errors.push(resolved.error);
            continue;
        }
        const { path, typeName, wire } = resolved;
        if (path.kind === 'tags' || !isOrderable(path)) {
            errors.push(notOrderable(wire, typeName));
            continue;
        }
        keys.push({ kind: 'path', path: path.kind === 'field' ? inLocale(path, [defaultLocale]) : path, direction: descending ? 'desc' : 'asc' });
    }
    return { keys, errors };
}
