import type { ErrorItem } from '../../errors/index.ts';

/** Where the bytes of an asset file come from, read from its `fields.file.<locale>` object. */
export type FileSource = { kind: 'upload'; uploadId: string } | { kind: 'url'; url: string } | { kind: 'processed' };

export interface ParsedFile {
  contentType: string;
  fileName: string;
  source: FileSource;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads a file object: `uploadFrom` (a link to an Upload) wins over `upload` (an http(s) URL); a file with
 * neither but with `url` is already processed. Anything else is a list of problems naming their paths.
 */
export function parseFile(file: unknown, locale: string): { file: ParsedFile } | { problems: ErrorItem[] } {
  const path = ['fields', 'file', locale];
  if (!isObject(file))
    return { problems: [{ name: 'required', path, details: `No file specified for locale: ${locale}` }] };
  const problems: ErrorItem[] = [];
  for (const key of ['contentType', 'fileName'] as const) {
    if (typeof file[key] !== 'string' || file[key] === '') {
      problems.push({
        name: 'required',
        path: [...path, key],
        value: file[key],
        details: `The file for locale ${locale} needs a non-empty "${key}".`,
      });
    }
  }
  let source: FileSource | undefined;
  if (file.uploadFrom !== undefined) {
    const sys = isObject(file.uploadFrom) && isObject(file.uploadFrom.sys) ? file.uploadFrom.sys : undefined;
    if (sys?.type === 'Link' && sys.linkType === 'Upload' && typeof sys.id === 'string' && sys.id !== '')
      source = { kind: 'upload', uploadId: sys.id };
    else
      problems.push({
        name: 'type',
        path: [...path, 'uploadFrom'],
        value: file.uploadFrom,
        details: 'uploadFrom must be a link: {"sys":{"type":"Link","linkType":"Upload","id":"<upload id>"}}.',
      });
  } else if (file.upload !== undefined) {
    const url = typeof file.upload === 'string' ? URL.parse(file.upload) : null;
    if (url && (url.protocol === 'http:' || url.protocol === 'https:')) source = { kind: 'url', url: url.href };
    else
      problems.push({
        name: 'format',
        path: [...path, 'upload'],
        value: file.upload,
        details: 'upload must be an absolute http or https URL.',
      });
  } else if (typeof file.url === 'string' && file.url !== '') {
    source = { kind: 'processed' };
  } else {
    problems.push({
      name: 'required',
      path: [...path, 'uploadFrom'],
      details: `The file for locale ${locale} has neither "uploadFrom" nor "upload" to process.`,
    });
  }
  if (problems.length || !source) return { problems };
  return { file: { contentType: file.contentType as string, fileName: file.fileName as string, source } };
}

/** Whether two file objects name the same bytes, so a result computed for one may be applied to the other. */
export function sameSource(a: ParsedFile, b: ParsedFile): boolean {
  return (
    a.contentType === b.contentType &&
    a.fileName === b.fileName &&
    JSON.stringify(a.source) === JSON.stringify(b.source)
  );
}
