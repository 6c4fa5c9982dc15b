import type { ErrorItem } from '../../errors/index.ts';
import type { LocaleRecord } from '../../storage/port/index.ts';
import type { LocalizedFields } from '../../storage/port/content.ts';
import type { ContentTypeDefinition } from './field.ts';

/** What publish-time validation needs to know about other content, answered by the storage layer in batches. */
export interface ValidationLookups {
  /** Entries that exist (in the same environment) by id, with their content type and whether they are published. */
  entries(ids: string[]): Promise<Map<string, { contentTypeId: string; published: boolean }>>;
  /** Assets that exist by id, with what asset validations check. */
  assets(ids: string[]): Promise<Map<string, { published: boolean; files: Record<string, { contentType?: string; size?: number; width?: number; height?: number }> }>>;
  /** True when another published entry of the content type has this value for the field and locale. */
  uniqueTaken(contentTypeId: string, fieldId: string, locale: string, value: unknown, exceptEntryId: string): Promise<boolean>;
}

/**
 * Save-time shape checks (422 InvalidEntry): unknown fields, values of the wrong type, unknown locales,
 * non-localized fields given in a non-default locale. Content rules (required, size, regexp, ...) are not checked here.
 */
export function checkEntryShape(_contentType: ContentTypeDefinition, _fields: LocalizedFields, _locales: LocaleRecord[]): ErrorItem[] {
  return []; // built by the content-model work; see contract in the issue notes
}

/**
 * Publish-time validation (422 ValidationFailed): required fields, every validation of every field for every locale,
 * and links that do not resolve. Returns every problem with `name`, `path` (`['fields', id, locale, ...]`) and `details`.
 */
export async function validateEntryForPublish(
  _contentType: ContentTypeDefinition, _entryId: string, _fields: LocalizedFields, _locales: LocaleRecord[], _lookups: ValidationLookups,
): Promise<ErrorItem[]> {
  return []; // built by the content-model work
}
