/** The MIME type groups of `linkMimetypeGroup` and the `mimetype_group` search parameter. */
export const MIMETYPE_GROUPS = [
  'attachment',
  'plaintext',
  'image',
  'audio',
  'video',
  'richtext',
  'presentation',
  'spreadsheet',
  'pdfdocument',
  'archive',
  'code',
  'markup',
] as const;

export type MimetypeGroup = (typeof MIMETYPE_GROUPS)[number];

/** Exact MIME types with a group of their own; checked before the prefix rules below. */
const EXACT: Record<string, MimetypeGroup> = {
  'text/plain': 'plaintext',
  'application/pdf': 'pdfdocument',
  'application/rtf': 'richtext',
  'text/rtf': 'richtext',
  'application/msword': 'richtext',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'richtext',
  'application/vnd.oasis.opendocument.text': 'richtext',
  'application/vnd.apple.pages': 'richtext',
  'application/vnd.ms-powerpoint': 'presentation',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'presentation',
  'application/vnd.oasis.opendocument.presentation': 'presentation',
  'application/vnd.apple.keynote': 'presentation',
  'application/vnd.ms-excel': 'spreadsheet',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'spreadsheet',
  'application/vnd.oasis.opendocument.spreadsheet': 'spreadsheet',
  'application/vnd.apple.numbers': 'spreadsheet',
  'text/csv': 'spreadsheet',
  'application/zip': 'archive',
  'application/x-zip-compressed': 'archive',
  'application/gzip': 'archive',
  'application/x-gzip': 'archive',
  'application/x-tar': 'archive',
  'application/x-7z-compressed': 'archive',
  'application/x-rar-compressed': 'archive',
  'application/vnd.rar': 'archive',
  'application/x-bzip2': 'archive',
  'application/json': 'code',
  'application/javascript': 'code',
  'application/x-javascript': 'code',
  'text/javascript': 'code',
  'text/css': 'code',
  'application/x-sh': 'code',
  'application/x-python': 'code',
  'text/x-python': 'code',
  'text/x-c': 'code',
  'text/x-java-source': 'code',
  'application/typescript': 'code',
  'text/html': 'markup',
  'application/xhtml+xml': 'markup',
  'application/xml': 'markup',
  'text/xml': 'markup',
  'text/markdown': 'markup',
  'image/svg+xml': 'image',
};

/** Groups of whole MIME type families. */
const PREFIXES: Array<[string, MimetypeGroup]> = [
  ['image/', 'image'],
  ['audio/', 'audio'],
  ['video/', 'video'],
  ['text/', 'plaintext'],
];

/** The group of a MIME type (parameters such as `; charset=utf-8` are ignored); `attachment` for anything else. */
export function mimetypeGroupOf(contentType: string | undefined): MimetypeGroup {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const exact = EXACT[type];
  if (exact) return exact;
  for (const [prefix, group] of PREFIXES) if (type.startsWith(prefix)) return group;
  return 'attachment';
}

export const isMimetypeGroup = (value: unknown): value is MimetypeGroup =>
  typeof value === 'string' && (MIMETYPE_GROUPS as readonly string[]).includes(value);

/** Every MIME type of the table in a group (used by searches that filter on a group); prefix families are returned as `prefix*`. */
export function mimetypesOfGroup(group: MimetypeGroup): { exact: string[]; prefixes: string[] } {
  return {
    exact: Object.entries(EXACT)
      .filter(([, g]) => g === group)
      .map(([t]) => t),
    prefixes: PREFIXES.filter(([, g]) => g === group).map(([p]) => p),
  };
}
