import { MIMETYPE_GROUPS, mimetypesOfGroup, type MimetypeGroup } from '../content-model/mimetype-groups.ts';
import type { Condition, FieldPath } from './query.ts';

const FILE_CONTENT_TYPE: FieldPath = {
  kind: 'field',
  fieldId: 'file',
  locale: { kind: 'any' },
  subpath: ['contentType'],
  valueType: 'symbol',
  array: false,
};

/** Every MIME type the table names exactly: an exact entry wins over a prefix family (`text/html` is markup, not plaintext). */
const ALL_EXACT = MIMETYPE_GROUPS.flatMap((g) => mimetypesOfGroup(g).exact);

function ofGroup(group: MimetypeGroup): Condition {
  const { exact, prefixes } = mimetypesOfGroup(group);
  const conditions: Condition[] = prefixes.map((value) => ({
    kind: 'and',
    conditions: [
      { kind: 'compare', path: FILE_CONTENT_TYPE, op: 'prefix', value },
      { kind: 'compare', path: FILE_CONTENT_TYPE, op: 'nin', value: ALL_EXACT },
    ],
  }));
  if (exact.length) conditions.push({ kind: 'compare', path: FILE_CONTENT_TYPE, op: 'in', value: exact });
  return { kind: 'or', conditions };
}

/**
 * Assets with a file (in some locale) whose MIME type is in the group, by the table of `linkMimetypeGroup`;
 * `attachment` is every file whose type belongs to no other group.
 */
export function mimetypeGroupCondition(group: MimetypeGroup): Condition {
  if (group !== 'attachment') return ofGroup(group);
  const others = MIMETYPE_GROUPS.filter((g) => g !== 'attachment').map(ofGroup);
  return {
    kind: 'and',
    conditions: [
      { kind: 'compare', path: FILE_CONTENT_TYPE, op: 'exists', value: true },
      { kind: 'not', condition: { kind: 'or', conditions: others } },
    ],
  };
}
