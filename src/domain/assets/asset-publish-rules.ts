import type { ErrorItem } from '../../errors/index.ts';
import type { LocaleRecord, LocalizedFields } from '../../storage/port/index.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Publish-time rules of an asset (422 `ValidationFailed`): a file in the default locale, and every file processed
 * (it has the `url` processing sets), so that nothing published lacks a file to serve.
 */
export function assetPublishProblems(fields: LocalizedFields, locales: LocaleRecord[]): ErrorItem[] {
  const files = isObject(fields.file) ? fields.file : {};
  const problems: ErrorItem[] = [];
  const defaultCode = locales.find((l) => l.default)?.code;
  if (defaultCode && !isObject(files[defaultCode])) {
    problems.push({
      name: 'required',
      path: ['fields', 'file', defaultCode],
      details: `No file specified for locale: ${defaultCode}`,
    });
  }
  for (const [code, file] of Object.entries(files)) {
    if (!isObject(file) || typeof file.url === 'string') continue;
    problems.push({
      name: 'notProcessed',
      path: ['fields', 'file', code],
      details: `The file of locale "${code}" is not processed: process it (PUT .../files/${code}/process) before publishing.`,
    });
  }
  return problems;
}
