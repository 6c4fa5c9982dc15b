/** The content types a link field (or an array of links) allows by its `linkContentType` validation; [] when any. */
export function linkTargets(d) {
    const validations = (d.type === 'Array' ? d.items?.validations : d.validations) ?? [];
    const v = validations.find((x) => Array.isArray(x.linkContentType));
    return v?.linkContentType ?? [];
}
/** What a field links to: 'Entry' or 'Asset' for a Link or an Array of links, undefined for other fields. */
export function linkKind(d) {
    if (d.type === 'Link')
        return d.linkType;
    if (d.type === 'Array' && d.items?.type === 'Link')
        return d.items.linkType;
    return undefined;
}
/** Whether a link field may point at entries of `contentTypeId` (no validation allows every type). */
export function allowsEntryOf(d, contentTypeId) {
    if (linkKind(d) !== 'Entry')
        return false;
    const targets = linkTargets(d);
    return targets.length === 0 || targets.includes(contentTypeId);
}
