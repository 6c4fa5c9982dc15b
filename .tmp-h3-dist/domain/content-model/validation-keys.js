/** The thirteen validations of the spec, plus `nodes` (per-node-type validations inside rich text). */
export const VALIDATION_KEYS = [
    'linkContentType', 'in', 'linkMimetypeGroup', 'size', 'range', 'regexp', 'prohibitRegexp', 'unique', 'dateRange',
    'assetImageDimensions', 'assetFileSize', 'enabledNodeTypes', 'enabledMarks', 'nodes',
];
/** The rule keys of a validation object (everything but `message`). A well-formed validation has exactly one. */
export const ruleKeys = (validation) => Object.keys(validation).filter((key) => key !== 'message');
/** The single rule key of a validation already accepted at save time. */
export const ruleKey = (validation) => ruleKeys(validation)[0];
/** The custom message of a validation, when it has one. */
export const customMessage = (validation) => typeof validation.message === 'string' && validation.message !== '' ? validation.message : undefined;
/** Human text for a min/max bound, e.g. "between 1 and 5". */
export function boundsText(bounds) {
    if (bounds.min !== undefined && bounds.min !== null && bounds.max !== undefined && bounds.max !== null)
        return `between ${bounds.min} and ${bounds.max}`;
    if (bounds.min !== undefined && bounds.min !== null)
        return `at least ${bounds.min}`;
    return `at most ${bounds.max}`;
}
/** True when `n` lies within the (inclusive) bounds; absent or null bounds are open. */
export function withinBounds(n, bounds) {
    if (typeof bounds.min === 'number' && n < bounds.min)
        return false;
    if (typeof bounds.max === 'number' && n > bounds.max)
        return false;
    return true;
}
/** The min/max bounds that are set, for error items. */
export function boundsOf(bounds) {
    const out = {};
    if (typeof bounds.min === 'number')
        out.min = bounds.min;
    if (typeof bounds.max === 'number')
        out.max = bounds.max;
    return out;
}
