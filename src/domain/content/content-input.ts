import { AppError, type ErrorItem } from '../../errors/index.ts';
import type { LocalizedFields } from '../../storage/port/index.ts';

/** The body that creates or replaces an entry or asset (validated in shape by the published OpenAPI). */
export interface ContentInput {
  fields?: Record<string, Record<string, unknown> | null>;
  metadata?: { tags?: Array<{ sys: { id: string } }> };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields to store: a field sent as `null` or without any locale value is left out (empty fields are omitted). */
export function storedFields(raw: ContentInput['fields']): LocalizedFields {
  const fields: LocalizedFields = {};
  for (const [id, perLocale] of Object.entries(raw ?? {})) {
    if (isObject(perLocale) && Object.keys(perLocale).length > 0) fields[id] = perLocale;
  }
  return fields;
}

/** Asset fields keep no `null` locale values (entries do, as sent): a file, title or description is there or not. */
export function withoutNullValues(fields: LocalizedFields): LocalizedFields {
  const result: LocalizedFields = {};
  for (const [id, perLocale] of Object.entries(fields)) {
    const kept = Object.fromEntries(Object.entries(perLocale).filter(([, value]) => value !== null));
    if (Object.keys(kept).length > 0) result[id] = kept;
  }
  return result;
}

/** The tag ids of `metadata.tags`, duplicates dropped, first order kept. */
export const tagIdsOf = (input: ContentInput): string[] => [
  ...new Set((input.metadata?.tags ?? []).map((t) => t.sys.id)),
];

/** Problems with tags that name no tag of the environment, at their first position in `metadata.tags`. */
export function unknownTagProblems(input: ContentInput, unknown: string[]): ErrorItem[] {
  const ids = (input.metadata?.tags ?? []).map((t) => t.sys.id);
  return unknown.map((id) => ({
    name: 'notResolvable',
    path: ['metadata', 'tags', ids.indexOf(id)],
    value: { sys: { type: 'Link', linkType: 'Tag', id } },
    details: `The tag "${id}" does not exist in this environment.`,
  }));
}

/**
 * Checks the tags again inside the write's transaction, where the check locks them: a tag deleted since the
 * save-time check answers the same 422, and a tag delete waiting on the lock then sees the write and refuses.
 */
export async function lockTags(
  repo: { unknownTags(s: string, e: string, ids: string[]): Promise<string[]> },
  spaceId: string,
  environmentId: string,
  input: ContentInput,
): Promise<void> {
  const tags = tagIdsOf(input);
  if (tags.length) refuseInvalid(unknownTagProblems(input, await repo.unknownTags(spaceId, environmentId, tags)));
}

/** Save-time problems answer 422 `InvalidEntry` with every problem in `details.errors`. */
export function refuseInvalid(problems: ErrorItem[]): void {
  if (problems.length) throw new AppError('InvalidEntry', undefined, { errors: problems });
}
