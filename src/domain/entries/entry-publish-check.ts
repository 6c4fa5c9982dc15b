import { validationFailed } from '../../errors/index.ts';
import type { EntryRecord, Repositories } from '../../storage/port/index.ts';
import { checkEntryShape, validateEntryForPublish } from '../content-model/entry-validation.ts';
import type { ContentTypeDefinition } from '../content-model/field.ts';
import { defaultLocaleOf } from './entry-content-type.ts';

/**
 * The publish-time validation of an entry's draft against an activated definition (shape and content rules), in
 * `repos`; throws 422 `ValidationFailed`, answers the default locale.
 */
export async function validateForPublish(
  repos: Repositories,
  spaceId: string,
  environmentId: string,
  entry: EntryRecord,
  definition: ContentTypeDefinition,
): Promise<string | undefined> {
  const locales = await repos.locales.list(spaceId, environmentId);
  const errors = [
    ...checkEntryShape(definition, entry.fields, locales),
    ...(await validateEntryForPublish(
      definition,
      entry.id,
      entry.fields,
      locales,
      repos.entries.validationLookups(spaceId, environmentId, entry),
    )),
  ];
  if (errors.length) throw validationFailed(errors);
  return defaultLocaleOf(locales);
}
