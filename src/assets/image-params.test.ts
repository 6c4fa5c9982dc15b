import { describe, expect, it } from 'vitest';
import { formatOfContentType, isIdentity, normalizeParams, parseImageParams } from './image-params.ts';

const problems = (query: Record<string, unknown>, type = 'image/png') => {
  const parsed = parseImageParams(query, type);
  return 'problems' in parsed ? parsed.problems.map((p) => p.parameter) : [];
};

describe('image parameters', () => {
  it('parses every parameter of the Images API', () => {
    expect(
      parseImageParams(
        {
          w: '10',
          h: '4000',
          q: '1',
          r: '-1',
          fit: 'pad',
          f: 'bottom_left',
          bg: 'rgb:AABBcc',
          fm: 'jpg',
          fl: 'progressive',
        },
        'image/png',
      ),
    ).toEqual({
      params: { w: 10, h: 4000, q: 1, r: -1, fit: 'pad', f: 'bottom_left', bg: 'aabbcc', fm: 'jpg', fl: 'progressive' },
      format: 'jpg',
    });
  });

  it('keeps the source format without fm, and PNG for types it cannot write', () => {
    expect(formatOfContentType('image/jpeg')).toBe('jpg');
    expect(formatOfContentType('image/webp')).toBe('webp');
    expect(formatOfContentType('image/gif')).toBe('png');
    expect(parseImageParams({ fl: 'progressive' }, 'image/jpeg')).toMatchObject({ format: 'jpg' });
    expect(problems({ fl: 'progressive' }, 'image/png')).toEqual(['fl']);
    expect(problems({ fl: 'png8' }, 'image/webp')).toEqual(['fl']);
  });

  it('refuses each out-of-range or unknown value by name, all at once', () => {
    expect(problems({ w: '0', h: '4001', q: '101', r: '-2' })).toEqual(['w', 'h', 'q', 'r']);
    expect(problems({ w: '1e3', h: ' 5', q: '', r: '0x10' })).toEqual(['w', 'h', 'q', 'r']);
    expect(problems({ fit: 'FILL', f: 'middle', fm: 'gif', fl: 'lossy', bg: '#ffffff' })).toEqual([
      'fit',
      'f',
      'fm',
      'fl',
      'bg',
    ]);
    expect(problems({ w: ['1', '2'] })).toEqual(['w']);
    expect(problems({ r: '0', q: '100', w: '4000' })).toEqual([]);
  });

  it('ignores parameters it does not know', () => {
    expect(parseImageParams({ v: '3', utm: 'x' }, 'image/png')).toEqual({ params: {}, format: 'png' });
    expect(isIdentity({})).toBe(true);
    expect(isIdentity({ w: 1 })).toBe(false);
  });

  it('normalizes parameters into one cache key whatever their order', () => {
    expect(normalizeParams({ w: 5, h: 6, fit: 'fill' }, 'png')).toBe(
      normalizeParams({ fit: 'fill', h: 6, w: 5 }, 'png'),
    );
    expect(normalizeParams({ w: 5 }, 'png')).not.toBe(normalizeParams({ w: 5 }, 'webp'));
  });
});
