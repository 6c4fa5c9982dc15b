import type { ErrorItem } from '../../errors/index.ts';
import type { TagRecord, TagVisibility } from '../../storage/port/index.ts';

export const TAG_NAME_MAX = 64;

/** A create or update body; `sys.visibility` may instead come from the tag-visibility header. */
export interface TagInput {
  name: string;
  sys?: { id?: string; visibility?: string };
}

const VISIBILITIES: readonly string[] = ['public', 'private'];

/** The visibility the request asks for (body or header; both must agree), or undefined when it names none. */
export function requestedVisibility(
  input: TagInput,
  header: string | undefined,
): { visibility?: TagVisibility; problems: ErrorItem[] } {
  const fromBody = input.sys?.visibility;
  const problems: ErrorItem[] = [];
  for (const [value, path] of [
    [fromBody, ['sys', 'visibility']],
    [header, ['header', 'Tag-Visibility']],
  ] as const) {
    if (value !== undefined && !VISIBILITIES.includes(value)) {
      problems.push({
        name: 'in',
        path: [...path],
        value,
        expected: VISIBILITIES,
        details: 'Visibility must be "public" or "private".',
      });
    }
  }
  if (fromBody !== undefined && header !== undefined && fromBody !== header) {
    problems.push({
      name: 'conflict',
      path: ['sys', 'visibility'],
      value: fromBody,
      details: `The body says "${fromBody}" but the tag-visibility header says "${header}".`,
    });
  }
  return { visibility: (fromBody ?? header) as TagVisibility | undefined, problems };
}

/** Problems with the body of a PUT for the tag `tagId` (and, on update, the tag as it is). */
export function tagProblems(
  tagId: string,
  input: TagInput,
  visibility: TagVisibility | undefined,
  current: TagRecord | undefined,
): ErrorItem[] {
  const problems: ErrorItem[] = [];
  if (typeof input.name !== 'string' || input.name.trim() === '' || input.name.length > TAG_NAME_MAX) {
    problems.push({
      name: 'size',
      path: ['name'],
      value: input.name,
      max: TAG_NAME_MAX,
      details: `The name must have 1 to ${TAG_NAME_MAX} characters, not only spaces.`,
    });
  }
  if (input.sys?.id !== undefined && input.sys.id !== tagId) {
    problems.push({
      name: 'immutable',
      path: ['sys', 'id'],
      value: input.sys.id,
      details: `The id of a tag is the one in the path ("${tagId}") and cannot change.`,
    });
  }
  if (current && visibility !== undefined && visibility !== current.visibility) {
    problems.push({
      name: 'immutable',
      path: ['sys', 'visibility'],
      value: visibility,
      details: `The visibility of a tag cannot change; this tag is ${current.visibility}.`,
    });
  }
  return problems;
}

export const nameTaken = (name: string): ErrorItem => ({
  name: 'taken',
  path: ['name'],
  value: name,
  details: `Another tag of this environment is named "${name}".`,
});
