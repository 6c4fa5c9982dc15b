import { describe, expect, it } from 'vitest';
import { compileUserPattern } from './user-regexp.ts';

describe('user regexps (RE2)', () => {
  it('matches as JavaScript would for the patterns both support, with flags i, m and s', () => {
    expect(compileUserPattern('^[a-z]+$').regexp!.test('slug')).toBe(true);
    expect(compileUserPattern('^[a-z]+$').regexp!.test('Slug')).toBe(false);
    expect(compileUserPattern('^[a-z]+$', 'i').regexp!.test('Slug')).toBe(true);
    expect(compileUserPattern('^b$', 'm').regexp!.test('a\nb')).toBe(true);
    expect(compileUserPattern('^b$').regexp!.test('a\nb')).toBe(false);
    expect(compileUserPattern('a.b', 's').regexp!.test('a\nb')).toBe(true);
    expect(compileUserPattern('a.b').regexp!.test('a\nb')).toBe(false);
    expect(compileUserPattern('^\\u00e9\\/(?<word>\\w+)$', 'u').regexp!.test('é/x')).toBe(true);
    expect(compileUserPattern('^a$', 'gy').regexp!.test('a')).toBe(true);
  });

  it('answers a catastrophic backtracking pattern in linear time', () => {
    expect(compileUserPattern('^(a+)+$').regexp!.test(`${'a'.repeat(20000)}b`)).toBe(false);
    expect(compileUserPattern('^(a|aa)*$').regexp!.test(`${'a'.repeat(20000)}b`)).toBe(false);
  });

  it('refuses lookaround and backreferences, naming them, and JavaScript syntax errors', () => {
    expect(compileUserPattern('foo(?=bar)').problem).toContain('not supported: lookaround');
    expect(compileUserPattern('(?<!x)y').problem).toContain('not supported: lookaround');
    expect(compileUserPattern('(a)\\1').problem).toContain('not supported: backreferences');
    expect(compileUserPattern('(?<n>a)\\k<n>').problem).toContain('not supported: backreferences');
    expect(compileUserPattern('([a-z').problem).toContain('not a valid regular expression');
    expect(compileUserPattern('a{2000}').problem).toContain('not supported');
  });

  it('does not mistake escaped or bracketed characters for those constructs', () => {
    expect(compileUserPattern('\\(?=x').regexp!.test('=x')).toBe(true);
    expect(compileUserPattern('[(?=]x').regexp!.test('=x')).toBe(true);
    expect(compileUserPattern('\\\\1').regexp!.test('\\1')).toBe(true);
  });

  it('serves a pattern compiled before from the cache', () => {
    expect(compileUserPattern('^cached$', 'i')).toBe(compileUserPattern('^cached$', 'i'));
  });
});
