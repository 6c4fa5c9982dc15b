import { mimetypeGroupOf } from "./mimetype-groups.js";
import { boundsOf, boundsText, ruleKey, withinBounds } from "./validation-keys.js";
import { withMessage } from "./value-rules.js";
const linkOf = (link) => ({ sys: { type: 'Link', linkType: link.linkType, id: link.id } });
/** The files an asset validation looks at: the file in the entry's locale, or every file when that locale has none. */
function filesFor(asset, locale) {
    const own = asset.files[locale];
    return own ? [own] : Object.values(asset.files);
}
/** Problems of one link once its target has been looked up: `notResolvable`, then each validation. */
export function linkErrors(link, entries, assets) {
    const target = link.linkType === 'Entry' ? entries.get(link.id) : assets.get(link.id);
    if (!target) {
        return [{ name: 'notResolvable', link: { type: 'Link', linkType: link.linkType, id: link.id }, path: link.path,
                details: `The link to ${link.linkType.toLowerCase()} "${link.id}" does not resolve` }];
    }
    const errors = [];
    for (const validation of link.validations) {
        const item = link.linkType === 'Entry'
            ? entryRuleError(validation, target, link)
            : assetRuleError(validation, filesFor(target, link.locale), link);
        if (item)
            errors.push(withMessage(item, validation));
    }
    return errors;
}
function entryRuleError(validation, entry, link) {
    if (ruleKey(validation) !== 'linkContentType')
        return undefined;
    const allowed = Array.isArray(validation.linkContentType) ? validation.linkContentType : [String(validation.linkContentType)];
    if (allowed.includes(entry.contentTypeId))
        return undefined;
    return { name: 'linkContentType', contentTypeId: allowed, value: linkOf(link), path: link.path,
        details: `Link must point to an entry of content type ${allowed.map((id) => `"${id}"`).join(' or ')}, not "${entry.contentTypeId}"` };
}
function assetRuleError(validation, files, link) {
    const key = ruleKey(validation);
    const value = linkOf(link);
    if (key === 'linkMimetypeGroup') {
        const groups = [].concat(validation.linkMimetypeGroup).map(String);
        if (files.length > 0 && files.every((file) => groups.includes(mimetypeGroupOf(file.contentType))))
            return undefined;
        return { name: 'linkMimetypeGroup', mimetypeGroupName: groups, value, path: link.path,
            details: `The linked asset's file must be of type ${groups.join(' or ')}` };
    }
    if (key === 'assetFileSize') {
        const bounds = validation.assetFileSize;
        if (files.length > 0 && files.every((file) => typeof file.size === 'number' && withinBounds(file.size, bounds)))
            return undefined;
        return { name: 'assetFileSize', ...boundsOf(bounds), value, path: link.path, details: `The linked asset's file size must be ${boundsText(bounds)} bytes` };
    }
    if (key === 'assetImageDimensions') {
        const spec = validation.assetImageDimensions;
        const fits = (file) => typeof file.width === 'number' && typeof file.height === 'number'
            && withinBounds(file.width, spec.width ?? {}) && withinBounds(file.height, spec.height ?? {});
        if (files.length > 0 && files.every(fits))
            return undefined;
        const parts = [spec.width ? `width ${boundsText(spec.width)}` : '', spec.height ? `height ${boundsText(spec.height)}` : ''].filter(Boolean);
        return { name: 'assetImageDimensions', ...(spec.width ? { width: spec.width } : {}), ...(spec.height ? { height: spec.height } : {}), value, path: link.path,
            details: `The linked asset must be an image with ${parts.join(' and ')} pixels` };
    }
    return undefined;
}
