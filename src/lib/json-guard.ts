/**
 * Deepest nesting of objects and arrays a request body may have (the body itself is level 1). A rich text field
 * value sits at level 4 of an entry body and each nested list adds 4 levels, so about 20 nested lists fit.
 */
export const MAX_JSON_DEPTH = 100;

export type JsonPath = Array<string | number>;

export interface JsonProblem {
  /** Where: the keys and indexes from the root to the offending key, string or container. */
  readonly path: JsonPath;
  readonly reason: 'nul' | 'lone-surrogate' | 'too-deep';
  /** Whether the offending string is an object key (then `path` ends with that key). */
  readonly inKey: boolean;
}

interface Frame {
  readonly value: object;
  readonly depth: number;
  readonly parent: Frame | undefined;
  readonly key: string | number | undefined;
}

const isWellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

/** Why a string cannot be stored as PostgreSQL text (a NUL) or is not Unicode (a lone UTF-16 surrogate), if it is either. */
export function unstorableText(text: string): 'nul' | 'lone-surrogate' | undefined {
  if (text.includes('\u0000')) return 'nul';
  return isWellFormed(text) ? undefined : 'lone-surrogate';
}

const pathOf = (frame: Frame | undefined, tail: JsonPath = []): JsonPath => {
  const path = [...tail];
  for (let f = frame; f && f.key !== undefined; f = f.parent) path.unshift(f.key);
  return path;
};

/**
 * The first problem of a parsed JSON value that no valid request contains: a NUL or a lone surrogate in a string or
 * a key, or nesting deeper than `maxDepth`. One iterative walk, so neither a deep value nor a long one can overflow
 * the stack, and the path is only built for the problem found.
 */
export function findJsonProblem(root: unknown, maxDepth = MAX_JSON_DEPTH): JsonProblem | undefined {
  if (typeof root === 'string') {
    const reason = unstorableText(root);
    return reason && { path: [], reason, inKey: false };
  }
  if (typeof root !== 'object' || root === null) return undefined;
  const stack: Frame[] = [{ value: root, depth: 1, parent: undefined, key: undefined }];
  while (stack.length) {
    const frame = stack.pop()!;
    if (frame.depth > maxDepth) return { path: pathOf(frame), reason: 'too-deep', inKey: false };
    const value = frame.value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const problem = childProblem(stack, frame, i, value[i]);
        if (problem) return problem;
      }
    } else {
      for (const key in value) {
        const reason = unstorableText(key);
        if (reason) return { path: pathOf(frame, [key]), reason, inKey: true };
        const problem = childProblem(stack, frame, key, (value as Record<string, unknown>)[key]);
        if (problem) return problem;
      }
    }
  }
  return undefined;
}

/** Checks a string child at once; pushes a container child to be walked. */
function childProblem(stack: Frame[], frame: Frame, key: string | number, child: unknown): JsonProblem | undefined {
  if (typeof child === 'string') {
    const reason = unstorableText(child);
    return reason && { path: pathOf(frame, [key]), reason, inKey: false };
  }
  if (typeof child === 'object' && child !== null)
    stack.push({ value: child, depth: frame.depth + 1, parent: frame, key });
  return undefined;
}

/** A path as people read it: `fields.title.en-US`, `items[2].name`; unprintable characters escaped as in JSON. */
export function formatJsonPath(path: JsonPath): string {
  return path
    .map((part, i) => {
      if (typeof part === 'number') return `[${part}]`;
      const text = JSON.stringify(part).slice(1, -1);
      return i === 0 ? text : `.${text}`;
    })
    .join('');
}
