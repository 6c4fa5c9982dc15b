/** Block node types a document may hold at its top level. */
const TOP_LEVEL_BLOCKS = [
  'paragraph',
  'heading-1',
  'heading-2',
  'heading-3',
  'heading-4',
  'heading-5',
  'heading-6',
  'ordered-list',
  'unordered-list',
  'hr',
  'blockquote',
  'embedded-entry-block',
  'embedded-asset-block',
  'embedded-resource-block',
  'table',
];
const INLINES = [
  'hyperlink',
  'entry-hyperlink',
  'asset-hyperlink',
  'resource-hyperlink',
  'embedded-entry-inline',
  'embedded-resource-inline',
];
const TEXT_AND_INLINES = ['text', ...INLINES];
const LIST_ITEM_CHILDREN = [
  'paragraph',
  'heading-1',
  'heading-2',
  'heading-3',
  'heading-4',
  'heading-5',
  'heading-6',
  'ordered-list',
  'unordered-list',
  'hr',
  'blockquote',
  'embedded-entry-block',
  'embedded-asset-block',
  'embedded-resource-block',
];

/** Which node types each node type may contain. */
const CHILDREN: Record<string, string[]> = {
  document: TOP_LEVEL_BLOCKS,
  paragraph: TEXT_AND_INLINES,
  'heading-1': TEXT_AND_INLINES,
  'heading-2': TEXT_AND_INLINES,
  'heading-3': TEXT_AND_INLINES,
  'heading-4': TEXT_AND_INLINES,
  'heading-5': TEXT_AND_INLINES,
  'heading-6': TEXT_AND_INLINES,
  'ordered-list': ['list-item'],
  'unordered-list': ['list-item'],
  'list-item': LIST_ITEM_CHILDREN,
  blockquote: ['paragraph'],
  hr: [],
  'embedded-entry-block': [],
  'embedded-asset-block': [],
  'embedded-resource-block': [],
  table: ['table-row'],
  'table-row': ['table-cell', 'table-header-cell'],
  'table-cell': ['paragraph'],
  'table-header-cell': ['paragraph'],
  hyperlink: ['text'],
  'entry-hyperlink': ['text'],
  'asset-hyperlink': ['text'],
  'resource-hyperlink': ['text'],
  'embedded-entry-inline': [],
  'embedded-resource-inline': [],
};

/** Node types that carry `data.target`, a link to an entry or an asset. */
export const LINK_NODE_TYPES: Record<string, 'Entry' | 'Asset'> = {
  'embedded-entry-block': 'Entry',
  'embedded-entry-inline': 'Entry',
  'entry-hyperlink': 'Entry',
  'embedded-asset-block': 'Asset',
  'asset-hyperlink': 'Asset',
};

/** Node types `enabledNodeTypes` can name (the structural ones are always allowed). */
export const ENABLEABLE_NODE_TYPES = [
  'heading-1',
  'heading-2',
  'heading-3',
  'heading-4',
  'heading-5',
  'heading-6',
  'ordered-list',
  'unordered-list',
  'hr',
  'blockquote',
  'embedded-entry-block',
  'embedded-asset-block',
  'embedded-resource-block',
  'table',
  'hyperlink',
  'entry-hyperlink',
  'asset-hyperlink',
  'resource-hyperlink',
  'embedded-entry-inline',
  'embedded-resource-inline',
];

/** Marks `enabledMarks` can name. */
export const MARKS = ['bold', 'italic', 'underline', 'code', 'superscript', 'subscript', 'strikethrough'];

export type RichTextPath = Array<string | number>;

/** One node of a document met during a walk, with its path relative to the document (`['content', 0, ...]`). */
export interface VisitedNode {
  node: Record<string, unknown>;
  nodeType: string;
  path: RichTextPath;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Structural problems of a rich text document (save time): the root must be a `document`, every node a known type
 * holding only the node types it may hold, text nodes need a string `value` and `marks` of `{type}`, link nodes a
 * `data.target` link of the right type. Paths are relative to the field value.
 */
export function richTextStructureErrors(
  value: unknown,
): Array<{ path: RichTextPath; details: string; value: unknown }> {
  const errors: Array<{ path: RichTextPath; details: string; value: unknown }> = [];
  if (!isObject(value) || value.nodeType !== 'document' || !Array.isArray(value.content)) {
    return [
      {
        path: [],
        value,
        details: 'A rich text value must be a document: {"nodeType": "document", "data": {}, "content": [...]}',
      },
    ];
  }
  const visit = (node: Record<string, unknown>, path: RichTextPath): void => {
    if (node.data !== undefined && !isObject(node.data))
      errors.push({ path: [...path, 'data'], value: node.data, details: '"data" must be an object' });
    const allowed = CHILDREN[node.nodeType as string] ?? [];
    if (!Array.isArray(node.content)) {
      errors.push({
        path: [...path, 'content'],
        value: node.content,
        details: `"${node.nodeType as string}" nodes need a "content" array`,
      });
    } else {
      node.content.forEach((child, index) => {
        const childPath = [...path, 'content', index];
        if (!isObject(child) || typeof child.nodeType !== 'string') {
          errors.push({ path: childPath, value: child, details: 'Each node must be an object with a "nodeType"' });
        } else if (!allowed.includes(child.nodeType)) {
          const expected = allowed.length ? `one of: ${allowed.join(', ')}` : 'no children';
          errors.push({
            path: childPath,
            value: child.nodeType,
            details: `A "${child.nodeType}" node is not allowed inside "${node.nodeType as string}"; expected ${expected}`,
          });
        } else if (child.nodeType === 'text') {
          textErrors(child, childPath, errors);
        } else {
          linkTargetErrors(child, childPath, errors);
          visit(child, childPath);
        }
      });
    }
  };
  visit(value, []);
  return errors;
}

function textErrors(
  node: Record<string, unknown>,
  path: RichTextPath,
  errors: Array<{ path: RichTextPath; details: string; value: unknown }>,
): void {
  if (typeof node.value !== 'string')
    errors.push({ path: [...path, 'value'], value: node.value, details: 'Text nodes need a string "value"' });
  if (
    node.marks !== undefined &&
    (!Array.isArray(node.marks) || !node.marks.every((m) => isObject(m) && typeof m.type === 'string'))
  ) {
    errors.push({ path: [...path, 'marks'], value: node.marks, details: '"marks" must be a list of {"type": <mark>}' });
  }
}

function linkTargetErrors(
  node: Record<string, unknown>,
  path: RichTextPath,
  errors: Array<{ path: RichTextPath; details: string; value: unknown }>,
): void {
  const linkType = LINK_NODE_TYPES[node.nodeType as string];
  if (!linkType) return;
  const target = isObject(node.data) ? node.data.target : undefined;
  const sys = isObject(target) && isObject(target.sys) ? target.sys : undefined;
  if (!sys || sys.type !== 'Link' || sys.linkType !== linkType || typeof sys.id !== 'string' || sys.id === '') {
    errors.push({
      path: [...path, 'data', 'target'],
      value: target,
      details: `"${node.nodeType as string}" nodes need data.target = {"sys": {"type": "Link", "linkType": "${linkType}", "id": <id>}}`,
    });
  }
}

/** Every node of a structurally valid document below the root, depth first. */
export function walkRichText(document: Record<string, unknown>): VisitedNode[] {
  const out: VisitedNode[] = [];
  const visit = (node: Record<string, unknown>, path: RichTextPath): void => {
    if (!Array.isArray(node.content)) return;
    node.content.forEach((child, index) => {
      if (!isObject(child) || typeof child.nodeType !== 'string') return;
      const childPath = [...path, 'content', index];
      out.push({ node: child, nodeType: child.nodeType, path: childPath });
      visit(child, childPath);
    });
  };
  visit(document, []);
  return out;
}

/** The link a link node points at, or undefined for other nodes. */
export function richTextLinkTarget(
  node: Record<string, unknown>,
): { linkType: 'Entry' | 'Asset'; id: string } | undefined {
  const linkType = LINK_NODE_TYPES[node.nodeType as string];
  if (!linkType || !isObject(node.data) || !isObject(node.data.target) || !isObject(node.data.target.sys))
    return undefined;
  const id = node.data.target.sys.id;
  return typeof id === 'string' ? { linkType, id } : undefined;
}

/** The plain text of a document: the values of its text nodes joined (what `size` measures on rich text). */
export function richTextPlainText(document: Record<string, unknown>): string {
  return walkRichText(document)
    .filter((n) => n.nodeType === 'text')
    .map((n) => (typeof n.node.value === 'string' ? n.node.value : ''))
    .join('');
}
