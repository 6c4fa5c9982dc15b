import { validationFailed } from '../../errors/index.ts';
import type { ContentTypeRecord, LocaleRecord, LocalizedFields, Repositories } from '../../storage/port/index.ts';
import type { ContentTypeDefinition } from '../content-model/field.ts';

/** The activation of a content type in force: its definition and its published version, which names the activation. */
export interface Activation {
  definition: ContentTypeDefinition & { id: string };
  publishedVersion: number;
  /** The environment's default locale, once validation has read the locales (the link index needs it). */
  defaultLocale?: string;
}

/**
 * The activated definition of an entry's content type, which shapes its content. A content type that does not
 * exist, or was never (or is no longer) activated, cannot take entries: 422 `ValidationFailed`.
 */
export async function activatedDefinition(
  repos: Repositories,
  spaceId: string,
  environmentId: string,
  contentTypeId: string,
): Promise<ContentTypeDefinition & { id: string }> {
  return activationOf(await repos.contentTypes.find(spaceId, environmentId, contentTypeId), contentTypeId).definition;
}

/** The activation of a content type as read (`undefined`: it does not exist); 422 `ValidationFailed` without one. */
export function activationOf(contentType: ContentTypeRecord | undefined, contentTypeId: string): Activation {
  if (contentType?.published && contentType.publishedVersion !== null) {
    return {
      definition: { ...contentType.published, id: contentTypeId },
      publishedVersion: contentType.publishedVersion,
    };
  }
  const value = { sys: { type: 'Link', linkType: 'ContentType', id: contentTypeId } };
  if (!contentType) {
    throw validationFailed(
      [
        {
          name: 'notResolvable',
          path: ['sys', 'contentType'],
          value,
          details: `The content type "${contentTypeId}" does not exist in this environment.`,
        },
      ],
      `The content type "${contentTypeId}" does not exist in this environment.`,
    );
  }
  throw validationFailed(
    [
      {
        name: 'notActivated',
        path: ['sys', 'contentType'],
        value,
        details: `The content type "${contentTypeId}" is not activated.`,
      },
    ],
    `The content type "${contentTypeId}" is not activated: activate it before creating, changing or publishing its entries.`,
  );
}

/** On create, fields left out take their `defaultValue` (in the locales that exist); fields sent, even as null, do not. */
export function withDefaults(
  definition: ContentTypeDefinition,
  fields: LocalizedFields,
  sent: Record<string, unknown>,
  locales: LocaleRecord[],
): LocalizedFields {
  const codes = new Set(locales.map((l) => l.code));
  const result = { ...fields };
  for (const field of definition.fields) {
    if (field.deleted || !field.defaultValue || Object.hasOwn(sent, field.id)) continue;
    const values = Object.fromEntries(Object.entries(field.defaultValue).filter(([code]) => codes.has(code)));
    if (Object.keys(values).length > 0) result[field.id] = values;
  }
  return result;
}

/**
 * The fields that can hold links: Link, Array of Link and Rich Text. The reverse link index is built from these
 * only, so link-shaped JSON in an Object field is not a link. A field that is not localized is read in the default
 * locale only: values stored under other locales (the official tools write them) hold no links.
 */
export function linkBearing(
  definition: ContentTypeDefinition | null | undefined,
  fields: LocalizedFields | null,
  defaultLocale: string | undefined,
): LocalizedFields {
  if (!definition || !fields) return {};
  const linking = new Map(
    definition.fields
      .filter((f) => f.type === 'Link' || f.type === 'RichText' || (f.type === 'Array' && f.items?.type === 'Link'))
      .map((f) => [f.id, f]),
  );
  const result: LocalizedFields = {};
  for (const [id, perLocale] of Object.entries(fields)) {
    const field = linking.get(id);
    if (!field) continue;
    result[id] =
      field.localized || defaultLocale === undefined || perLocale === null || typeof perLocale !== 'object'
        ? perLocale
        : Object.hasOwn(perLocale, defaultLocale)
          ? { [defaultLocale]: perLocale[defaultLocale] }
          : {};
  }
  return result;
}

/** The code of the default locale among an environment's locales. */
export const defaultLocaleOf = (locales: LocaleRecord[]): string | undefined => locales.find((l) => l.default)?.code;
