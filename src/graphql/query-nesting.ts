/**
 * The deepest nesting of `{`, `[` and `(` in a query text, strings and comments skipped. graphql-js parses
 * recursively, so an 8 KB query of `{a{a{a...` (2,700 levels) overflows the stack while parsing: this is read
 * before parsing, in one pass, to refuse such a text first.
 */
export function queryNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '#') {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
    } else if (text.startsWith('"""', i)) {
      i += 3;
      while (i < text.length && !text.startsWith('"""', i)) i += text.startsWith('\\"""', i) ? 4 : 1;
      i += 2;
    } else if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"' && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
    } else if (c === '{' || c === '[' || c === '(') {
      depth++;
      deepest = Math.max(deepest, depth);
    } else if (c === '}' || c === ']' || c === ')') {
      depth = Math.max(depth - 1, 0);
    }
    i++;
  }
  return deepest;
}
