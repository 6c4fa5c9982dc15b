import type { ErrorItem } from '../../errors/index.ts';
import type { LocaleRecord } from '../../storage/port/index.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const ASSET_FIELDS = ['title', 'description', 'file'];
const FILE_KEYS = ['contentType', 'fileName', 'upload', 'uploadFrom', 'url', 'details'];

const typeError = (path: Array<string | number>, value: unknown, type: string, what = 'value'): ErrorItem => ({
  name: 'type',
  path,
  value,
  type,
  details: `The type of "${what}" is incorrect, expected type: ${type}`,
});
const unknownKey = (path: Array<string | number>, value: unknown): ErrorItem => ({
  name: 'unknown',
  path,
  value,
  details: `The property "${path[path.length - 1]}" is not allowed here.`,
});

const isUploadLink = (v: unknown) =>
  isObject(v) &&
  isObject(v.sys) &&
  v.sys.type === 'Link' &&
  v.sys.linkType === 'Upload' &&
  typeof v.sys.id === 'string' &&
  v.sys.id.length > 0;

function isHttpUrl(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}

function detailsProblems(details: unknown, path: Array<string | number>): ErrorItem[] {
  if (!isObject(details)) return [typeError(path, details, 'Object', 'details')];
  const problems: ErrorItem[] = [];
  if (details.size !== undefined && !(Number.isInteger(details.size) && (details.size as number) >= 0)) {
    problems.push(typeError([...path, 'size'], details.size, 'Integer', 'size'));
  }
  if (details.image !== undefined) {
    const image = details.image;
    const dimension = (v: unknown) => Number.isInteger(v) && (v as number) > 0;
    if (!isObject(image) || !dimension(image.width) || !dimension(image.height)) {
      problems.push({
        name: 'type',
        path: [...path, 'image'],
        value: image,
        details: 'The image details must be {width, height} in positive whole pixels.',
      });
    }
  }
  return problems;
}

/** Problems with the file of one locale: `{contentType, fileName}` and its source (`upload`, `uploadFrom`) or processed `url`. */
function fileProblems(file: unknown, path: Array<string | number>): ErrorItem[] {
  if (!isObject(file)) return [typeError(path, file, 'Object', 'file')];
  const problems: ErrorItem[] = [];
  for (const key of Object.keys(file))
    if (!FILE_KEYS.includes(key)) problems.push(unknownKey([...path, key], file[key]));
  for (const key of ['contentType', 'fileName']) {
    if (file[key] === undefined)
      problems.push({ name: 'required', path: [...path, key], details: `The property "${key}" is required here` });
    else if (typeof file[key] !== 'string' || file[key] === '')
      problems.push(typeError([...path, key], file[key], 'Symbol', key));
  }
  if (file.upload !== undefined && !isHttpUrl(file.upload)) {
    problems.push({
      name: 'type',
      path: [...path, 'upload'],
      value: file.upload,
      details: 'The "upload" must be an http or https URL the file can be fetched from.',
    });
  }
  if (file.uploadFrom !== undefined && !isUploadLink(file.uploadFrom)) {
    problems.push({
      name: 'type',
      path: [...path, 'uploadFrom'],
      value: file.uploadFrom,
      details:
        'The "uploadFrom" must be a link to an upload: {"sys": {"type": "Link", "linkType": "Upload", "id": "..."}}.',
    });
  }
  if (file.url !== undefined && (typeof file.url !== 'string' || file.url === ''))
    problems.push(typeError([...path, 'url'], file.url, 'Symbol', 'url'));
  if (file.details !== undefined) problems.push(...detailsProblems(file.details, [...path, 'details']));
  if (file.upload === undefined && file.uploadFrom === undefined && file.url === undefined) {
    problems.push({
      name: 'required',
      path: [...path, 'upload'],
      details: 'A file needs a source: "upload" (a URL) or "uploadFrom" (a link to an upload).',
    });
  }
  return problems;
}

/**
 * Save-time shape checks of asset fields (422 `InvalidEntry`): only `title`, `description` (strings) and `file`,
 * each an object of existing locale codes. A field sent as `null`, and a `null` value of a locale, are accepted.
 */
export function checkAssetShape(fields: unknown, locales: LocaleRecord[]): ErrorItem[] {
  if (fields === undefined) return [];
  if (!isObject(fields)) return [typeError(['fields'], fields, 'Object', 'fields')];
  const codes = new Set(locales.map((l) => l.code));
  const problems: ErrorItem[] = [];
  for (const [fieldId, perLocale] of Object.entries(fields)) {
    const path = ['fields', fieldId];
    if (!ASSET_FIELDS.includes(fieldId)) {
      problems.push(unknownKey(path, perLocale));
      continue;
    }
    if (perLocale === null) continue;
    if (!isObject(perLocale)) {
      problems.push({
        ...typeError(path, perLocale, 'Object', fieldId),
        details: `The type of "${fieldId}" is incorrect, expected an object of locale codes`,
      });
      continue;
    }
    for (const [code, value] of Object.entries(perLocale)) {
      const at = [...path, code];
      if (!codes.has(code))
        problems.push({
          ...unknownKey(at, value),
          details: `The property "${code}" is not allowed here: there is no locale with this code.`,
        });
      else if (value === null) continue;
      else if (fieldId === 'file') problems.push(...fileProblems(value, at));
      else if (typeof value !== 'string') problems.push(typeError(at, value, fieldId === 'title' ? 'Symbol' : 'Text'));
    }
  }
  return problems;
}
