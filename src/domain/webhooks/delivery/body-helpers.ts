import { eng, removeStopwords } from 'stopword';
import { stripMarkdown } from './body-helpers-markdown.ts';

/**
 * The helpers of transformation expressions, `{ <helper> [<n>] <pointer> }`. The text helpers read the value as text
 * (`valueText`); a missing or null value, an unknown helper, or a parameter missing or given where none is taken
 * gives undefined (null in a body, empty text in a template).
 */
export const HELPERS = [
  'first-chars',
  'first-words',
  'first-paragraphs',
  'strip-stop-words',
  'strip-markdown',
  'stringify',
] as const;
export type HelperName = (typeof HELPERS)[number];

const COUNTED: ReadonlySet<string> = new Set(['first-chars', 'first-words', 'first-paragraphs']);

/** A value as template text: strings as they are, null and missing values empty, everything else as JSON. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function applyHelper(helper: string, parameter: number | undefined, value: unknown): string | undefined {
  if (!(HELPERS as readonly string[]).includes(helper)) return undefined;
  if (COUNTED.has(helper) !== (parameter !== undefined)) return undefined;
  if (value === undefined || value === null) return undefined;
  const text = valueText(value);
  switch (helper as HelperName) {
    case 'first-chars':
      return firstChars(text, parameter!);
    case 'first-words':
      return firstWords(text, parameter!);
    case 'first-paragraphs':
      return firstParagraphs(text, parameter!);
    case 'strip-stop-words':
      return stripStopWords(text);
    case 'strip-markdown':
      return stripMarkdown(text);
    case 'stringify':
      return text;
  }
}

/** The first `n` characters (code points, so a pair of surrogates is never split). */
export function firstChars(text: string, n: number): string {
  let index = 0;
  for (let count = 0; count < n && index < text.length; count++) index += text.codePointAt(index)! > 0xffff ? 2 : 1;
  return text.slice(0, index);
}

/** The text up to the end of its `n`th word (words are runs of non-space characters); all of it when shorter. */
export function firstWords(text: string, n: number): string {
  if (n === 0) return '';
  const word = /\S+/g;
  for (let count = 0; count < n; count++) {
    if (word.exec(text) === null) return text;
  }
  return text.slice(0, word.lastIndex);
}

/** The text up to the end of its `n`th paragraph (paragraphs are separated by blank lines); all of it when shorter. */
export function firstParagraphs(text: string, n: number): string {
  if (n === 0) return '';
  const separator = /\r?\n[ \t]*\r?\n\s*/g;
  separator.lastIndex = text.length - text.trimStart().length;
  let count = 0;
  for (let match = separator.exec(text); match !== null; match = separator.exec(text)) {
    if (++count === n) return text.slice(0, match.index);
  }
  return text;
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** A word without the punctuation around it (`"Over,"` -> `Over`), the form compared with the stop words. */
function bareWord(word: string): string {
  const characters = Array.from(word);
  let start = 0;
  let end = characters.length;
  while (start < end && !WORD_CHARACTER.test(characters[start])) start++;
  while (end > start && !WORD_CHARACTER.test(characters[end - 1])) end--;
  return characters.slice(start, end).join('');
}

/** The words that are not English stop words (compared without case and surrounding punctuation), one space apart. */
export function stripStopWords(text: string): string {
  const words = text.split(/\s+/).filter((word) => word !== '');
  const bare = words.map(bareWord);
  const kept = new Set(removeStopwords([...new Set(bare)], eng));
  return words.filter((_, i) => bare[i] === '' || kept.has(bare[i])).join(' ');
}
