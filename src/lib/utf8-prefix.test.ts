import { describe, expect, it } from 'vitest';
import { cutToUtf8Bytes, utf8Prefix } from './utf8-prefix.ts';

describe('utf8Prefix and cutToUtf8Bytes', () => {
  it('keep text that fits as it is', () => {
    const text = '€'.repeat(10);
    expect(cutToUtf8Bytes(text, 30)).toBe(text);
    expect(utf8Prefix(Buffer.from(text), 30)).toBe(text);
  });

  it('count bytes, not characters, and never cut a character in two', () => {
    const text = '€'.repeat(10); // 30 bytes
    expect(cutToUtf8Bytes(text, 29)).toBe('€'.repeat(9));
    expect(cutToUtf8Bytes(text, 27)).toBe('€'.repeat(9));
    expect(cutToUtf8Bytes(`a${'😀'.repeat(3)}`, 8)).toBe('a😀');
    expect(utf8Prefix(Buffer.from('ab€'), 4)).toBe('ab');
    expect(Buffer.byteLength(cutToUtf8Bytes('x€'.repeat(1000), 1001))).toBeLessThanOrEqual(1001);
  });
});
