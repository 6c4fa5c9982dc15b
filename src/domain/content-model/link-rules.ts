import type { ErrorItem } from '../../errors/index.ts';
import type { Validation } from './field.ts';
import { mimetypeGroupOf } from './mimetype-groups.ts';
import { boundsOf, boundsText, ruleKey, withinBounds, type MinMax } from './validation-keys.ts';
import { withMessage } from './value-rules.ts';

type Path = Array<string | number>;

/** One link met in an entry's fields, with the validations that apply to its target. */
export interface LinkOccurrence {
  linkType: 'Entry' | 'Asset';
  id: string;
  /** The entry locale the link was found in; asset files of that locale are checked first. */
  locale: string;
  path: Path;
  validations: Validation[];
}

export type AssetFile = { contentType?: string; size?: number; width?: number; height?: number };
export type ResolvedEntry = { contentTypeId: string; published: boolean };
export type ResolvedAsset = { published: boolean; files: Record<string, AssetFile> };

const linkOf = (link: LinkOccurrence) => ({ sys: { type: 'Link', linkType: link.linkType, id: link.id } });

/** The files an asset validation looks at: the file in the entry's locale, or every file when that locale has none. */
function filesFor(asset: ResolvedAsset, locale: string): AssetFile[] {
  const own = asset.files[locale];
  return own ? [own] : Object.values(asset.files);
}

/** Problems of one link once its target has been looked up: `notResolvable`, then each validation. */
export function linkErrors(
  link: LinkOccurrence,
  entries: Map<string, ResolvedEntry>,
  assets: Map<string, ResolvedAsset>,
): ErrorItem[] {
  const target = link.linkType === 'Entry' ? entries.get(link.id) : assets.get(link.id);
  if (!target) {
    return [
      {
        name: 'notResolvable',
        link: { type: 'Link', linkType: link.linkType, id: link.id },
        path: link.path,
        details: `The link to ${link.linkType.toLowerCase()} "${link.id}" does not resolve`,
      },
    ];
  }
  const errors: ErrorItem[] = [];
  for (const validation of link.validations) {
    const item =
      link.linkType === 'Entry'
        ? entryRuleError(validation, target as ResolvedEntry, link)
        : assetRuleError(validation, filesFor(target as ResolvedAsset, link.locale), link);
    if (item) errors.push(withMessage(item, validation));
  }
  return errors;
}

function entryRuleError(validation: Validation, entry: ResolvedEntry, link: LinkOccurrence): ErrorItem | undefined {
  if (ruleKey(validation) !== 'linkContentType') return undefined;
  const allowed = Array.isArray(validation.linkContentType)
    ? (validation.linkContentType as string[])
    : [String(validation.linkContentType)];
  if (allowed.includes(entry.contentTypeId)) return undefined;
  return {
    name: 'linkContentType',
    contentTypeId: allowed,
    value: linkOf(link),
    path: link.path,
    details: `Link must point to an entry of content type ${allowed.map((id) => `"${id}"`).join(' or ')}, not "${entry.contentTypeId}"`,
  };
}

function assetRuleError(validation: Validation, files: AssetFile[], link: LinkOccurrence): ErrorItem | undefined {
  const key = ruleKey(validation);
  const value = linkOf(link);
  if (key === 'linkMimetypeGroup') {
    const groups = ([] as unknown[]).concat(validation.linkMimetypeGroup).map(String);
    if (files.length > 0 && files.every((file) => groups.includes(mimetypeGroupOf(file.contentType)))) return undefined;
    return {
      name: 'linkMimetypeGroup',
      mimetypeGroupName: groups,
      value,
      path: link.path,
      details: `The linked asset's file must be of type ${groups.join(' or ')}`,
    };
  }
  if (key === 'assetFileSize') {
    const bounds = validation.assetFileSize as MinMax;
    if (files.length > 0 && files.every((file) => typeof file.size === 'number' && withinBounds(file.size, bounds)))
      return undefined;
    return {
      name: 'assetFileSize',
      ...boundsOf(bounds),
      value,
      path: link.path,
      details: `The linked asset's file size must be ${boundsText(bounds)} bytes`,
    };
  }
  if (key === 'assetImageDimensions') {
    const spec = validation.assetImageDimensions as { width?: MinMax; height?: MinMax };
    const fits = (file: AssetFile) =>
      typeof file.width === 'number' &&
      typeof file.height === 'number' &&
      withinBounds(file.width, spec.width ?? {}) &&
      withinBounds(file.height, spec.height ?? {});
    if (files.length > 0 && files.every(fits)) return undefined;
    const parts = [
      spec.width ? `width ${boundsText(spec.width)}` : '',
      spec.height ? `height ${boundsText(spec.height)}` : '',
    ].filter(Boolean);
    return {
      name: 'assetImageDimensions',
      ...(spec.width ? { width: spec.width } : {}),
      ...(spec.height ? { height: spec.height } : {}),
      value,
      path: link.path,
      details: `The linked asset must be an image with ${parts.join(' and ')} pixels`,
    };
  }
  return undefined;
}
