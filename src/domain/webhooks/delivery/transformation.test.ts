import { describe, expect, it } from 'vitest';
import { resolveTemplate, resolveUrlTemplate, transformationContext, transformBody } from './transformation.ts';

const payload = {
  sys: { id: 'entry-1', type: 'Entry', revision: 3, contentType: { sys: { id: 'post' } } },
  fields: {
    title: { 'en-US': 'Hello World & Friends' },
    body: { 'en-US': 'The **first** paragraph.\n\nThe second paragraph.' },
    count: { 'en-US': 42 },
    price: { 'en-US': 9.5 },
    flag: { 'en-US': false },
    nothing: { 'en-US': null },
    tags: { 'en-US': ['a', 'b'] },
    'a/b': { 'en-US': 'slash' },
    'm~n': { 'en-US': 'tilde' },
  },
};
const context = transformationContext(payload, 'ContentManagement.Entry.publish', 'user-7');

describe('transformBody', () => {
  it('replaces a string that is exactly a pointer by the value with its type kept', () => {
    const body = {
      id: '{ /payload/sys/id }',
      count: '{ /payload/fields/count/en-US }',
      price: '{/payload/fields/price/en-US}',
      flag: '{ /payload/fields/flag/en-US }',
      nothing: '{ /payload/fields/nothing/en-US }',
      tags: '{ /payload/fields/tags/en-US }',
      sys: '{ /payload/sys/contentType }',
      whole: '{ /payload/fields/title }',
    };
    expect(transformBody(body, context)).toEqual({
      id: 'entry-1',
      count: 42,
      price: 9.5,
      flag: false,
      nothing: null,
      tags: ['a', 'b'],
      sys: { sys: { id: 'post' } },
      whole: { 'en-US': 'Hello World & Friends' },
    });
  });

  it('resolves templates inside text with values as text, in nested objects and arrays, keys kept', () => {
    const body = {
      text: '{ /payload/sys/id }: { /payload/fields/title/en-US } ({ /payload/fields/count/en-US }, { /payload/fields/tags/en-US })',
      nested: [{ '{ /payload/sys/id }': 'Entry { /payload/sys/id } rev {/payload/sys/revision}' }, 7, true, null],
      missing: 'before{ /payload/fields/nope/en-US }after, null:{ /payload/fields/nothing/en-US }.',
    };
    expect(transformBody(body, context)).toEqual({
      text: 'entry-1: Hello World & Friends (42, ["a","b"])',
      nested: [{ '{ /payload/sys/id }': 'Entry entry-1 rev 3' }, 7, true, null],
      missing: 'beforeafter, null:.',
    });
  });

  it('reads the topic and the user, and escaped pointer tokens', () => {
    expect(
      transformBody(
        {
          topic: '{ /topic }',
          user: '{ /user/sys/id }',
          u: 'by { /user/sys/id }',
          s: '{ /payload/fields/a~1b/en-US }',
          t: '{ /payload/fields/m~0n/en-US }',
        },
        context,
      ),
    ).toEqual({ topic: 'ContentManagement.Entry.publish', user: 'user-7', u: 'by user-7', s: 'slash', t: 'tilde' });
    expect(transformBody('{ /user/sys/id }', transformationContext(payload, 't', null))).toBeNull();
  });

  it('applies helpers with and without parameters, in exact strings and in templates', () => {
    const body = {
      chars: '{ first-chars 5 /payload/fields/title/en-US }',
      words: '{ first-words 2 /payload/fields/title/en-US }',
      paragraphs: '{ first-paragraphs 1 /payload/fields/body/en-US }',
      stop: '{ strip-stop-words /payload/fields/title/en-US }',
      markdown: '{ strip-markdown /payload/fields/body/en-US }',
      json: '{ stringify /payload/fields/tags/en-US }',
      number: '{ stringify /payload/fields/count/en-US }',
      text: 'Title: {first-chars 5 /payload/fields/title/en-US}…',
    };
    expect(transformBody(body, context)).toEqual({
      chars: 'Hello',
      words: 'Hello World',
      paragraphs: 'The **first** paragraph.',
      stop: 'Hello World & Friends',
      markdown: 'The first paragraph.\n\nThe second paragraph.',
      json: '["a","b"]',
      number: '42',
      text: 'Title: Hello…',
    });
  });

  it('resolves an unknown helper, a wrong parameter, a malformed or missing pointer to null (empty text in a template)', () => {
    const body = {
      unknown: '{ upper-case /payload/sys/id }',
      noParameter: '{ first-chars /payload/sys/id }',
      extraParameter: '{ stringify 2 /payload/sys/id }',
      badEscape: '{ /payload/fields/m~2n }',
      missing: '{ /payload/fields/nope/en-US }',
      throughScalar: '{ /payload/sys/id/length }',
      throughNull: '{ /payload/fields/nothing/en-US/x }',
      prototype: '{ /payload/constructor }',
      helperOnMissing: '{ first-chars 3 /payload/nope }',
      template: '[{ upper-case /payload/sys/id }][{ /payload/fields/m~2n }][{ /payload/sys/id/length }]',
    };
    expect(transformBody(body, context)).toEqual({
      unknown: null,
      noParameter: null,
      extraParameter: null,
      badEscape: null,
      missing: null,
      throughScalar: null,
      throughNull: null,
      prototype: null,
      helperOnMissing: null,
      template: '[][][]',
    });
  });

  it('leaves braces that hold no pointer as text, and non-string values as they are', () => {
    expect(transformBody({ a: '{ not a pointer }', b: '{}', c: 'json {"x": 1}', d: 3.25, e: false }, context)).toEqual({
      a: '{ not a pointer }',
      b: '{}',
      c: 'json {"x": 1}',
      d: 3.25,
      e: false,
    });
    expect(transformBody(' { /payload/sys/id }', context)).toBe(' entry-1');
  });
});

describe('resolveUrlTemplate and resolveTemplate', () => {
  it('resolves URL pointers with their values URL-encoded', () => {
    expect(
      resolveUrlTemplate(
        'https://hooks.example.com/{ /payload/sys/id }?title={ /payload/fields/title/en-US }&n={/payload/fields/count/en-US}',
        context,
      ),
    ).toBe('https://hooks.example.com/entry-1?title=Hello%20World%20%26%20Friends&n=42');
    expect(resolveUrlTemplate('https://x.test/{ /payload/fields/a~1b/en-US }/{ /payload/nope }/end', context)).toBe(
      'https://x.test/slash//end',
    );
  });

  it('resolves text templates without encoding', () => {
    expect(resolveTemplate('Bearer { /payload/sys/id } { /topic }', context)).toBe(
      'Bearer entry-1 ContentManagement.Entry.publish',
    );
    expect(resolveTemplate('no pointers', context)).toBe('no pointers');
  });
});
