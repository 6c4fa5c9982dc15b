import { describe, expect, it } from 'vitest';
import { validationListErrors, type ValidationTarget } from './validation-definitions.ts';

const TARGETS: ValidationTarget[] = [
  'Symbol',
  'Text',
  'RichText',
  'Integer',
  'Number',
  'Date',
  'Boolean',
  'Location',
  'Object',
  'Array',
  'Link to Entry',
  'Link to Asset',
];

/** A well-formed example of each validation, valid on every target it applies to. */
const EXAMPLES: Record<string, (target: ValidationTarget) => unknown> = {
  linkContentType: () => ['post'],
  in: (t) => (t === 'Integer' || t === 'Number' ? [1, 2] : ['a']),
  linkMimetypeGroup: () => ['image', 'pdfdocument'],
  size: () => ({ min: 0, max: 3 }),
  range: () => ({ min: -1.5 }),
  regexp: () => ({ pattern: '^x', flags: 'imsu' }),
  prohibitRegexp: () => ({ pattern: 'y' }),
  unique: () => true,
  dateRange: () => ({ after: '2020-01-01', before: '2021-01-01T00:00:00Z' }),
  assetImageDimensions: () => ({ width: { min: 1, max: 10 } }),
  assetFileSize: () => ({ min: 1 }),
  enabledNodeTypes: () => ['heading-1', 'table'],
  enabledMarks: () => ['bold', 'code'],
  nodes: () => ({
    'embedded-entry-block': [{ linkContentType: ['post'] }, { size: { max: 2 } }],
    'embedded-asset-block': [{ assetFileSize: { max: 5 } }],
  }),
};

/** The spec's table: where each validation applies. */
const APPLIES: Record<string, ValidationTarget[]> = {
  linkContentType: ['Link to Entry', 'RichText'],
  in: ['Text', 'Symbol', 'Integer', 'Number'],
  linkMimetypeGroup: ['Link to Asset'],
  size: ['Array', 'Text', 'Symbol', 'RichText'],
  range: ['Number', 'Integer'],
  regexp: ['Text', 'Symbol'],
  prohibitRegexp: ['Text', 'Symbol'],
  unique: ['Symbol', 'Integer', 'Number'],
  dateRange: ['Date'],
  assetImageDimensions: ['Link to Asset'],
  assetFileSize: ['Link to Asset'],
  enabledNodeTypes: ['RichText'],
  enabledMarks: ['RichText'],
  nodes: ['RichText'],
};

describe('validationListErrors: applicability', () => {
  for (const [key, targets] of Object.entries(APPLIES)) {
    it(`${key} applies exactly to ${targets.join(', ')}`, () => {
      for (const target of TARGETS) {
        const errors = validationListErrors([{ [key]: EXAMPLES[key]!(target) }], target, ['fields', 3, 'validations']);
        if (targets.includes(target)) {
          expect(errors, `${key} on ${target}`).toEqual([]);
        } else {
          expect(errors, `${key} on ${target}`).toEqual([
            expect.objectContaining({
              name: key,
              path: ['fields', 3, 'validations', 0],
              details: expect.stringContaining('does not apply'),
            }),
          ]);
        }
      }
    });
  }
});

describe('validationListErrors: shape', () => {
  const one = (validation: unknown, target: ValidationTarget = 'Symbol') =>
    validationListErrors([validation], target, ['v']);

  it('needs one known rule key besides message', () => {
    expect(one({ size: { max: 1 }, message: 'm' })).toEqual([]);
    expect(one({ foo: 1 })).toEqual([expect.objectContaining({ name: 'unknown', path: ['v', 0, 'foo'] })]);
    expect(one({ size: { max: 1 }, in: ['a'] })).toEqual([expect.objectContaining({ name: 'validation' })]);
    expect(one({})).toEqual([expect.objectContaining({ name: 'validation' })]);
    expect(one('size')).toEqual([expect.objectContaining({ name: 'type' })]);
    expect(one({ size: { max: 1 }, message: 2 })).toEqual([expect.objectContaining({ path: ['v', 0, 'message'] })]);
    expect(validationListErrors('x', 'Symbol', ['v'])).toEqual([
      expect.objectContaining({ name: 'type', path: ['v'] }),
    ]);
    expect(validationListErrors(undefined, 'Symbol', ['v'])).toEqual([]);
    expect(validationListErrors([{ size: { max: 1 } }, { size: { min: 0 } }], 'Symbol', ['v'])).toEqual([
      expect.objectContaining({ name: 'size', path: ['v', 1] }),
    ]);
  });

  it('refuses malformed rules', () => {
    const bad: Array<[unknown, ValidationTarget]> = [
      [{ size: { min: 3, max: 1 } }, 'Symbol'],
      [{ size: { max: 1.5 } }, 'Symbol'],
      [{ size: { max: 1, other: 2 } }, 'Symbol'],
      [{ size: 3 }, 'Symbol'],
      [{ range: {} }, 'Number'],
      [{ range: { min: 2, max: 1 } }, 'Number'],
      [{ range: { max: '1' } }, 'Integer'],
      [{ regexp: {} }, 'Symbol'],
      [{ regexp: { pattern: '(' } }, 'Symbol'],
      [{ regexp: { pattern: 'a', flags: 'g' } }, 'Text'],
      [{ prohibitRegexp: { pattern: '' } }, 'Text'],
      [{ in: [] }, 'Symbol'],
      [{ in: ['a'] }, 'Integer'],
      [{ in: [1.5] }, 'Integer'],
      [{ in: 'a' }, 'Symbol'],
      [{ unique: 1 }, 'Symbol'],
      [{ dateRange: {} }, 'Date'],
      [{ dateRange: { min: 'x' } }, 'Date'],
      [{ dateRange: { min: '2021-01-01', max: '2020-01-01' } }, 'Date'],
      [{ dateRange: { from: '2020-01-01' } }, 'Date'],
      [{ linkContentType: [] }, 'Link to Entry'],
      [{ linkContentType: [1] }, 'Link to Entry'],
      [{ linkMimetypeGroup: ['photos'] }, 'Link to Asset'],
      [{ linkMimetypeGroup: [] }, 'Link to Asset'],
      [{ assetImageDimensions: {} }, 'Link to Asset'],
      [{ assetImageDimensions: { width: { min: 5, max: 1 } } }, 'Link to Asset'],
      [{ assetImageDimensions: { depth: {} } }, 'Link to Asset'],
      [{ assetFileSize: { min: -1 } }, 'Link to Asset'],
      [{ enabledNodeTypes: ['paragraph'] }, 'RichText'],
      [{ enabledNodeTypes: 'hr' }, 'RichText'],
      [{ enabledMarks: ['blink'] }, 'RichText'],
      [{ nodes: [] }, 'RichText'],
      [{ nodes: { paragraph: [] } }, 'RichText'],
      [{ nodes: { hyperlink: 'x' } }, 'RichText'],
      [{ nodes: { 'embedded-asset-block': [{ linkContentType: ['x'] }] } }, 'RichText'],
      [{ nodes: { 'entry-hyperlink': [{ size: { min: 2, max: 1 } }] } }, 'RichText'],
    ];
    for (const [validation, target] of bad) expect(one(validation, target), JSON.stringify(validation)).not.toEqual([]);
  });

  it('accepts the edge forms', () => {
    expect(one({ linkMimetypeGroup: 'image' }, 'Link to Asset')).toEqual([]);
    expect(one({ enabledNodeTypes: [] }, 'RichText')).toEqual([]);
    expect(one({ size: { min: null, max: 2 } })).toEqual([]);
    expect(one({ unique: false })).toEqual([]);
    expect(one({ regexp: { pattern: 'a', flags: null } })).toEqual([]);
  });
});
