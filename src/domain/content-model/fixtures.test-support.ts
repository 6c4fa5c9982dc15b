import type { LocaleRecord, ValidationLookups } from '../../storage/port/index.ts';
import type { ContentTypeDefinition, FieldDefinition } from './field.ts';

/** Fixtures shared by the content-model unit tests (never imported by production code). */
export const locale = (code: string, options: { isDefault?: boolean; optional?: boolean } = {}): LocaleRecord => ({
  spaceId: 's',
  environmentId: 'master',
  id: `id-${code}`,
  code,
  name: code,
  fallbackCode: null,
  default: options.isDefault ?? false,
  contentManagementApi: true,
  contentDeliveryApi: true,
  optional: options.optional ?? false,
  version: 1,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-01T00:00:00Z',
  createdBy: null,
  updatedBy: null,
});

export const LOCALES = [locale('en-US', { isDefault: true }), locale('de-DE'), locale('fr-FR', { optional: true })];

export const field = (
  id: string,
  type: FieldDefinition['type'],
  extra: Partial<FieldDefinition> = {},
): FieldDefinition => ({
  id,
  name: id,
  type,
  localized: false,
  required: false,
  disabled: false,
  omitted: false,
  validations: [],
  ...extra,
});

export const contentType = (...fields: FieldDefinition[]): ContentTypeDefinition => ({
  id: 'article',
  name: 'Article',
  description: null,
  displayField: null,
  fields,
});

export const entryLink = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });
export const assetLink = (id: string) => ({ sys: { type: 'Link', linkType: 'Asset', id } });

export const doc = (...content: unknown[]) => ({ nodeType: 'document', data: {}, content });
export const paragraph = (...content: unknown[]) => ({ nodeType: 'paragraph', data: {}, content });
export const text = (value: string, ...marks: string[]) => ({
  nodeType: 'text',
  value,
  data: {},
  marks: marks.map((type) => ({ type })),
});

/** Lookups over fixed maps, recording every call so tests can check batching. */
export function fakeLookups(
  options: {
    entries?: Record<string, string>;
    assets?: Record<string, Record<string, { contentType?: string; size?: number; width?: number; height?: number }>>;
    taken?: unknown[];
  } = {},
) {
  const calls = { entries: [] as string[][], assets: [] as string[][], unique: [] as unknown[][] };
  const lookups: ValidationLookups = {
    async entries(ids) {
      calls.entries.push(ids);
      return new Map(
        ids
          .filter((id) => options.entries?.[id])
          .map((id) => [id, { contentTypeId: options.entries![id]!, published: true }]),
      );
    },
    async assets(ids) {
      calls.assets.push(ids);
      return new Map(
        ids.filter((id) => options.assets?.[id]).map((id) => [id, { published: true, files: options.assets![id]! }]),
      );
    },
    async uniqueTaken(contentTypeId, fieldId, code, value, exceptEntryId) {
      calls.unique.push([contentTypeId, fieldId, code, value, exceptEntryId]);
      return (options.taken ?? []).includes(value);
    },
  };
  return { lookups, calls };
}
