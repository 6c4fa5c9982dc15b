import removeMarkdown from 'remove-markdown';

/**
 * Characters `remove-markdown` is given at once. Its regular expressions take time quadratic in the length of a line
 * or span they scan (a 50,000-character line of `_a ` takes seconds), so the text goes through in pieces: whole
 * blocks (cut after a blank line outside fenced code) packed up to this size, and a longer block cut at a line end,
 * else at a space, else anywhere. Markdown spans never cross a blank line, so only blocks over this size can come out
 * differently; the time stays linear in the length of the text.
 */
export const MARKDOWN_PIECE_CHARS = 2_000;

export function stripMarkdown(text: string): string {
  return markdownPieces(text).map(stripPiece).join('');
}

function stripPiece(piece: string): string {
  try {
    return removeMarkdown(piece, { throwError: true });
  } catch {
    return piece;
  }
}

/** The text cut into pieces of at most `limit` characters; joined they give the text back. */
export function markdownPieces(text: string, limit = MARKDOWN_PIECE_CHARS): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const block of markdownBlocks(text)) {
    if (current !== '' && current.length + block.length > limit) {
      pieces.push(current);
      current = '';
    }
    if (block.length <= limit) current += block;
    else pieces.push(...slices(block, limit));
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Runs of lines, each ending with a blank line that is not inside fenced code (the last may end otherwise). */
function markdownBlocks(text: string): string[] {
  const blocks: string[] = [];
  let start = 0;
  let fence: string | undefined;
  for (let position = 0; position < text.length;) {
    const newline = text.indexOf('\n', position);
    const end = newline === -1 ? text.length : newline + 1;
    const line = text.slice(position, end);
    const marker = FENCE.exec(line)?.[1][0];
    if (marker !== undefined && (fence === undefined || fence === marker))
      fence = fence === undefined ? marker : undefined;
    else if (fence === undefined && line.trim() === '') {
      blocks.push(text.slice(start, end));
      start = end;
    }
    position = end;
  }
  if (start < text.length) blocks.push(text.slice(start));
  return blocks;
}

function slices(block: string, limit: number): string[] {
  const result: string[] = [];
  let rest = block;
  while (rest.length > limit) {
    const cut = cutPoint(rest, limit);
    result.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest !== '') result.push(rest);
  return result;
}

/** Where to end a slice of at most `limit` characters: after a line end, else after a space, else before a pair. */
function cutPoint(text: string, limit: number): number {
  const lineEnd = text.lastIndexOf('\n', limit - 1);
  if (lineEnd >= 0) return lineEnd + 1;
  for (let i = limit - 1; i > 0; i--) {
    if (text[i] === ' ' || text[i] === '\t') return i + 1;
  }
  const high = text.charCodeAt(limit - 1);
  return high >= 0xd800 && high <= 0xdbff ? limit - 1 : limit;
}
