import { describe, expect, it } from 'vitest';
import { parseFile, sameSource } from './file-source.ts';

const link = (id: string) => ({ sys: { type: 'Link', linkType: 'Upload', id } });

describe('asset file sources', () => {
  it('prefers uploadFrom, then upload, and sees a url-only file as processed', () => {
    expect(
      parseFile({ contentType: 'image/png', fileName: 'a.png', uploadFrom: link('u1'), upload: 'http://x/a' }, 'en-US'),
    ).toEqual({ file: { contentType: 'image/png', fileName: 'a.png', source: { kind: 'upload', uploadId: 'u1' } } });
    expect(parseFile({ contentType: 't', fileName: 'a', upload: 'https://example.com/a b' }, 'en-US')).toMatchObject({
      file: { source: { kind: 'url', url: 'https://example.com/a%20b' } },
    });
    expect(parseFile({ contentType: 't', fileName: 'a', url: '//h/a' }, 'en-US')).toMatchObject({
      file: { source: { kind: 'processed' } },
    });
  });

  it('names each problem by its path', () => {
    expect(parseFile(undefined, 'de')).toEqual({
      problems: [{ name: 'required', path: ['fields', 'file', 'de'], details: 'No file specified for locale: de' }],
    });
    const bad = parseFile({ contentType: '', uploadFrom: { sys: { id: 'x' } } }, 'en');
    expect('problems' in bad && bad.problems.map((p) => p.path)).toEqual([
      ['fields', 'file', 'en', 'contentType'],
      ['fields', 'file', 'en', 'fileName'],
      ['fields', 'file', 'en', 'uploadFrom'],
    ]);
    const ftp = parseFile({ contentType: 't', fileName: 'a', upload: 'ftp://example.com/a' }, 'en');
    expect('problems' in ftp && ftp.problems[0]).toMatchObject({
      name: 'format',
      path: ['fields', 'file', 'en', 'upload'],
    });
    const none = parseFile({ contentType: 't', fileName: 'a' }, 'en');
    expect('problems' in none && none.problems[0]).toMatchObject({
      name: 'required',
      path: ['fields', 'file', 'en', 'uploadFrom'],
    });
  });

  it('compares sources so a replaced file is never overwritten with an old result', () => {
    const a = { contentType: 't', fileName: 'a', source: { kind: 'upload', uploadId: 'u1' } } as const;
    expect(sameSource(a, { ...a })).toBe(true);
    expect(sameSource(a, { ...a, source: { kind: 'upload', uploadId: 'u2' } })).toBe(false);
    expect(sameSource(a, { ...a, fileName: 'b' })).toBe(false);
  });
});
