import { describe, expect, it } from 'vitest';
import { markdownPieces, MARKDOWN_PIECE_CHARS, stripMarkdown } from './body-helpers-markdown.ts';
import { applyHelper, firstChars, firstParagraphs, firstWords, stripStopWords, valueText } from './body-helpers.ts';

describe('first-chars', () => {
  it('keeps the first n characters, never splitting a surrogate pair', () => {
    expect(firstChars('Hello world', 5)).toBe('Hello');
    expect(firstChars('Hello', 0)).toBe('');
    expect(firstChars('Hi', 10)).toBe('Hi');
    expect(firstChars('a😀b😀c', 3)).toBe('a😀b');
  });
});

describe('first-words', () => {
  it('keeps the text up to the end of the nth word, spacing kept', () => {
    expect(firstWords('The quick  brown\nfox jumps', 3)).toBe('The quick  brown');
    expect(firstWords('  leading space here', 2)).toBe('  leading space');
    expect(firstWords('two words', 5)).toBe('two words');
    expect(firstWords('anything', 0)).toBe('');
  });
});

describe('first-paragraphs', () => {
  const text = 'First paragraph\nstill first.\n\nSecond one.\n  \n\nThird one.\n\nFourth.';

  it('keeps the text up to the end of the nth paragraph (paragraphs are separated by blank lines)', () => {
    expect(firstParagraphs(text, 1)).toBe('First paragraph\nstill first.');
    expect(firstParagraphs(text, 2)).toBe('First paragraph\nstill first.\n\nSecond one.');
    expect(firstParagraphs(text, 3)).toBe('First paragraph\nstill first.\n\nSecond one.\n  \n\nThird one.');
    expect(firstParagraphs(text, 9)).toBe(text);
    expect(firstParagraphs(text, 0)).toBe('');
  });

  it('reads Windows line ends and ignores blank lines before the first paragraph', () => {
    expect(firstParagraphs('\n\nOne\r\n\r\nTwo', 1)).toBe('\n\nOne');
  });
});

describe('strip-stop-words', () => {
  it('drops English stop words, whatever their case or punctuation, and joins the rest with single spaces', () => {
    expect(stripStopWords('The quick brown fox jumps over the lazy dog')).toBe('quick brown fox jumps lazy dog');
    expect(stripStopWords('This is, in fact, a Test —  of THE system.')).toBe('fact, Test — system.');
    expect(stripStopWords('')).toBe('');
  });
});

describe('strip-markdown', () => {
  it('leaves the text of headings, emphasis, links, code, lists and quotes', () => {
    const markdown =
      '# Title\n\nSome **bold** and *italic* text with a [link](https://example.com) and `code`.\n\n- one\n- two\n\n> quoted\n\n![alt text](image.png)';
    expect(stripMarkdown(markdown)).toBe(
      'Title\n\nSome bold and italic text with a link and code.\n\none\ntwo\n\nquoted\n\nalt text',
    );
  });

  it('gives the same text as one pass when the text is cut into pieces at blank lines', () => {
    const section = (i: number) =>
      `## Part ${i}\n\nA paragraph with **bold ${i}** and a [link ${i}](https://example.com/${i}).\n\n\`\`\`\ncode ${i}\n\nmore code\n\`\`\`\n\n`;
    const long = Array.from({ length: 200 }, (_, i) => section(i)).join('');
    expect(long.length).toBeGreaterThan(MARKDOWN_PIECE_CHARS * 4);
    expect(stripMarkdown(long)).toContain('Part 7\n\nA paragraph with bold 7 and a link 7.\n\ncode 7\n\nmore code\n\n');
    expect(stripMarkdown(long)).not.toMatch(/\*\*|```|\]\(/);
  });

  it('cuts text into pieces of bounded size that join back to the text, never inside fenced code when it can', () => {
    const paragraph = 'word '.repeat(120) + '\n\n';
    const fenced = '```\n' + 'line\n\n'.repeat(100) + '```\n\n';
    const text = 'intro\n\n' + paragraph + fenced + 'outro';
    const pieces = markdownPieces(text, 1_000);
    expect(pieces.join('')).toBe(text);
    expect(pieces).toEqual(['intro\n\n' + paragraph, fenced + 'outro']);
    const long = 'word '.repeat(3_000) + '\n\n' + '_a '.repeat(20_000) + '\n' + 'x'.repeat(5_000);
    const cut = markdownPieces(long, 1_000);
    expect(cut.join('')).toBe(long);
    expect(Math.max(...cut.map((piece) => piece.length))).toBeLessThanOrEqual(1_000);
    expect(
      cut.filter((piece) => piece.startsWith('word')).every((piece) => piece.endsWith(' ') || piece.endsWith('\n')),
    ).toBe(true);
  });

  it('strips a long adversarial line piece by piece (one pass over it is quadratic)', () => {
    const hostile = '_a '.repeat(20_000);
    expect(stripMarkdown(hostile).length).toBeGreaterThan(0);
  });
});

describe('applyHelper', () => {
  it('runs each helper with its parameter, reading non-string values as JSON text', () => {
    expect(applyHelper('first-chars', 3, 'abcdef')).toBe('abc');
    expect(applyHelper('first-words', 1, 'one two')).toBe('one');
    expect(applyHelper('first-paragraphs', 1, 'a\n\nb')).toBe('a');
    expect(applyHelper('strip-stop-words', undefined, 'the cat')).toBe('cat');
    expect(applyHelper('strip-markdown', undefined, '**x**')).toBe('x');
    expect(applyHelper('stringify', undefined, { a: [1, true] })).toBe('{"a":[1,true]}');
    expect(applyHelper('stringify', undefined, 'text')).toBe('text');
    expect(applyHelper('stringify', undefined, 12)).toBe('12');
    expect(applyHelper('first-chars', 4, { a: 1 })).toBe('{"a"');
  });

  it('gives undefined for an unknown helper, a missing or unexpected parameter, and a missing or null value', () => {
    expect(applyHelper('upper-case', undefined, 'x')).toBeUndefined();
    expect(applyHelper('first-chars', undefined, 'x')).toBeUndefined();
    expect(applyHelper('strip-markdown', 2, 'x')).toBeUndefined();
    expect(applyHelper('stringify', undefined, undefined)).toBeUndefined();
    expect(applyHelper('first-words', 2, null)).toBeUndefined();
  });

  it('valueText: strings as they are, null and missing empty, everything else as JSON', () => {
    expect([
      valueText('s'),
      valueText(null),
      valueText(undefined),
      valueText(1.5),
      valueText(false),
      valueText([1]),
    ]).toEqual(['s', '', '', '1.5', 'false', '[1]']);
  });
});
