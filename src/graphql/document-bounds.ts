import {
  Kind,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/** Deepest field nesting of one definition, fragments inlined (`{ a { b } }` is 2). */
export const MAX_DEPTH = 32;
/** Most selections (fields, spreads, inline fragments) one definition has once its fragments are inlined. */
export const MAX_SELECTIONS = 20_000;
/** Deepest nesting of lists and objects in an argument value or a variable value. */
export const MAX_INPUT_DEPTH = 32;
/**
 * Most fields of one response name in one selection set (inline fragments included). graphql-js's
 * OverlappingFieldsCanBeMerged compares them pairwise: 680 copies of `post { title }` (8 KB) take 70 ms to validate.
 */
export const MAX_SAME_NAME = 32;

export interface DocumentSize {
  depth: number;
  selections: number;
  inputDepth: number;
  sameName: number;
}

interface Size {
  depth: number;
  selections: number;
}

/** Saturates instead of overflowing: a document doubling at each of hundreds of levels counts as this. */
const CAP = Number.MAX_SAFE_INTEGER;
const add = (a: number, b: number) => Math.min(a + b, CAP);

/** Nesting of a literal value, iteratively (no recursion an 8 KB document of `[[[[...` could exhaust). */
export function valueDepth(value: ValueNode): number {
  let deepest = 0;
  const stack: Array<[ValueNode, number]> = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    if (node.kind === Kind.LIST) for (const v of node.values) stack.push([v, depth + 1]);
    else if (node.kind === Kind.OBJECT) for (const f of node.fields) stack.push([f.value, depth + 1]);
  }
  return deepest;
}

/**
 * The size of each definition of `document` with its fragments inlined, in one pass over the document: each
 * fragment is measured once and its size reused at every spread, so a document whose fragments each spread the
 * previous one twice is measured in linear time although its inlined form is exponential. A spread of a fragment
 * being measured (a cycle) or of an unknown fragment counts 1 (validation reports both). Answers the largest
 * depth and selection count over the definitions, and the deepest argument value.
 */
export function documentSize(document: DocumentNode): DocumentSize {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const measured = new Map<string, Size>();
  const measuring = new Set<string>();
  let inputDepth = 0;
  let sameName = 0;

  function fragmentSize(name: string): Size {
    const known = measured.get(name);
    if (known) return known;
    const fragment = fragments.get(name);
    if (!fragment || measuring.has(name)) return { depth: 0, selections: 0 };
    measuring.add(name);
    const size = setSize(fragment.selectionSet);
    measuring.delete(name);
    measured.set(name, size);
    return size;
  }

  function setSize(set: SelectionSetNode): Size {
    let depth = 0;
    let selections = 0;
    sameName = Math.max(sameName, mostOfOneName(set));
    for (const selection of set.selections) {
      selections = add(selections, 1);
      if (selection.kind === Kind.FIELD) {
        for (const arg of selection.arguments ?? []) inputDepth = Math.max(inputDepth, valueDepth(arg.value));
        const below = selection.selectionSet ? setSize(selection.selectionSet) : { depth: 0, selections: 0 };
        depth = Math.max(depth, below.depth + 1);
        selections = add(selections, below.selections);
      } else {
        const below =
          selection.kind === Kind.FRAGMENT_SPREAD
            ? fragmentSize(selection.name.value)
            : setSize(selection.selectionSet);
        depth = Math.max(depth, below.depth);
        selections = add(selections, below.selections);
      }
    }
    return { depth, selections };
  }

  const sizeOf = (d: DefinitionNode): Size => {
    if (d.kind === Kind.FRAGMENT_DEFINITION) return fragmentSize(d.name.value);
    if (d.kind === Kind.OPERATION_DEFINITION) return setSize(d.selectionSet);
    return { depth: 0, selections: 0 };
  };
  let depth = 0;
  let selections = 0;
  for (const d of document.definitions) {
    const size = sizeOf(d);
    depth = Math.max(depth, size.depth);
    selections = Math.max(selections, size.selections);
  }
  return { depth, selections, inputDepth, sameName };
}

/** The largest count of fields sharing a response name in `set` and the inline fragments directly in it. */
function mostOfOneName(set: SelectionSetNode): number {
  const counts = new Map<string, number>();
  const sets = [set];
  while (sets.length) {
    for (const selection of sets.pop()!.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) sets.push(selection.selectionSet);
      else if (selection.kind === Kind.FIELD) {
        const name = selection.alias?.value ?? selection.name.value;
        counts.set(name, (counts.get(name) ?? 0) + 1);
      }
    }
  }
  return Math.max(0, ...counts.values());
}

/** Nesting of a JSON value (variables), iteratively. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const v of Array.isArray(node) ? node : Object.values(node)) stack.push([v, depth + 1]);
  }
  return deepest;
}
