import { describe, expect, it } from 'vitest';
import { AppError } from '../../../errors/index.ts';
import type { WebhookDefinitionRecord } from '../../../storage/port/index.ts';
import { parseDefinition, transformationContentTypes, type WebhookDefinitionInput } from './webhook-validation.ts';

const rules = { allowPrivateTargets: false, vendorToken: 'service' };
const valid = { name: 'Build', url: 'https://example.com/hook', topics: ['Entry.publish'] };

/** The names and paths of the problems a body has (empty when it is valid). */
function problemsOf(
  input: WebhookDefinitionInput,
  options = rules,
  existing?: WebhookDefinitionRecord,
): Array<[string, unknown]> {
  try {
    parseDefinition(input, options, existing);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).id).toBe('ValidationFailed');
    return ((error as AppError).details as { errors: Array<{ name: string; path: unknown }> }).errors.map((e) => [
      e.name,
      e.path,
    ]);
  }
}

/** The paths of the problems a body has (empty when it is valid). */
const problemPaths = (input: WebhookDefinitionInput, options = rules, existing?: WebhookDefinitionRecord): unknown[] =>
  problemsOf(input, options, existing).map(([, path]) => path);

const stored = (overrides: Partial<WebhookDefinitionRecord> = {}): WebhookDefinitionRecord => ({
  spaceId: 's',
  id: 'w',
  name: 'Build',
  url: 'https://example.com/hook',
  topics: ['Entry.publish'],
  filters: null,
  active: true,
  headers: [
    { key: 'X-Token', value: 'kept-secret', secret: true },
    { key: 'X-Plain', value: 'plain', secret: false },
  ],
  httpBasicUsername: 'user',
  httpBasicPassword: 'stored-password',
  transformation: null,
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'u',
  updatedBy: 'u',
  ...overrides,
});

describe('webhook definition validation', () => {
  it('normalises a minimal body with the defaults: master only, no headers, active, no transformation', () => {
    expect(parseDefinition(valid, rules)).toEqual({
      name: 'Build',
      url: 'https://example.com/hook',
      topics: ['Entry.publish'],
      filters: null,
      headers: [],
      httpBasicUsername: null,
      httpBasicPassword: null,
      active: true,
      transformation: null,
    });
    expect(parseDefinition({ ...valid, filters: [], active: false }, rules)).toMatchObject({
      filters: [],
      active: false,
    });
  });

  it('names a missing or non-list topics invalid_type, as the hosted service does; other missing properties are required', () => {
    expect(problemsOf({ name: 'x', url: 'https://example.com' })).toEqual([['invalid_type', ['topics']]]);
    expect(problemsOf({ ...valid, topics: 'Entry.publish' })).toEqual([['invalid_type', ['topics']]]);
    expect(problemsOf({ url: 'https://example.com', topics: ['Entry.publish'] })).toEqual([['required', ['name']]]);
  });

  it('names every problem by its path', () => {
    expect(problemPaths({})).toEqual([['name'], ['url'], ['topics']]);
    expect(problemPaths({ ...valid, name: '', topics: [] })).toEqual([['name'], ['topics']]);
    expect(problemPaths({ ...valid, name: 'x'.repeat(256) })).toEqual([['name']]);
    expect(problemPaths({ ...valid, topics: 'Entry.publish' })).toEqual([['topics']]);
    expect(problemPaths({ ...valid, topics: ['Entry.publish', 'Entry.launch', 7, 'ContentType.archive'] })).toEqual([
      ['topics', 1],
      ['topics', 2],
      ['topics', 3],
    ]);
    expect(problemPaths({ ...valid, active: 'yes' })).toEqual([['active']]);
  });

  it('refuses URLs that are not http(s), too long or private', () => {
    expect(problemPaths({ ...valid, url: 'ftp://example.com/' })).toEqual([['url']]);
    expect(problemPaths({ ...valid, url: `https://example.com/${'a'.repeat(2048)}` })).toEqual([['url']]);
    expect(problemPaths({ ...valid, url: 'http://127.0.0.1:4000/' })).toEqual([['url']]);
    expect(problemPaths({ ...valid, url: 'http://127.0.0.1:4000/' }, { ...rules, allowPrivateTargets: true })).toEqual(
      [],
    );
    expect(problemPaths({ ...valid, url: 7 })).toEqual([['url']]);
  });

  it('checks filters: operators, doc paths, operands and patterns', () => {
    const doc = (path: string) => ({ doc: path });
    const good = [
      { equals: [doc('sys.environment.sys.id'), 'staging'] },
      { in: [doc('sys.contentType.sys.id'), ['a', 'b']] },
      { regexp: [doc('sys.id'), { pattern: '^post-' }] },
      { not: { equals: [doc('sys.createdBy.sys.id'), 'u'] } },
      { not: { in: [doc('sys.updatedBy.sys.id'), ['u']] } },
    ];
    expect(parseDefinition({ ...valid, filters: good }, rules).filters).toEqual(good);
    expect(problemPaths({ ...valid, filters: {} })).toEqual([['filters']]);
    expect(
      problemPaths({
        ...valid,
        filters: [
          { equals: [doc('fields.title.en-US'), 'x'] },
          { equals: [doc('sys.id'), 7] },
          { in: [doc('sys.id'), []] },
          { regexp: [doc('sys.id'), { pattern: '(' }] },
          { regexp: [doc('sys.id'), { pattern: '(?<=a)b' }] },
          { exists: [doc('sys.id'), true] },
          { equals: [doc('sys.id'), 'a'], in: [doc('sys.id'), ['a']] },
          { not: { not: { equals: [doc('sys.id'), 'a'] } } },
          { equals: [doc('sys.id')] },
          'sys.id',
        ],
      }),
    ).toEqual([
      ['filters', 0, 'equals', 0, 'doc'],
      ['filters', 1, 'equals', 1],
      ['filters', 2, 'in', 1],
      ['filters', 3, 'regexp', 1, 'pattern'],
      ['filters', 4, 'regexp', 1, 'pattern'],
      ['filters', 5],
      ['filters', 6],
      ['filters', 7, 'not'],
      ['filters', 8, 'equals'],
      ['filters', 9],
    ]);
  });

  it('checks transformations: method, the six content types, includeContentLength, any JSON body; null means the default', () => {
    for (const contentType of transformationContentTypes('service')) {
      expect(problemPaths({ ...valid, transformation: { contentType } })).toEqual([]);
    }
    const transformation = {
      method: 'PUT',
      contentType: 'application/json',
      includeContentLength: true,
      body: { id: '{ /payload/sys/id }', n: [1, null] },
    };
    expect(parseDefinition({ ...valid, transformation }, rules).transformation).toEqual(transformation);
    expect(
      parseDefinition({ ...valid, transformation: { method: null, contentType: null, body: 'text' } }, rules)
        .transformation,
    ).toEqual({ body: 'text' });
    expect(
      problemPaths({
        ...valid,
        transformation: { method: 'HEAD', contentType: 'text/plain', includeContentLength: 'yes', extra: 1 },
      }),
    ).toEqual([
      ['transformation', 'extra'],
      ['transformation', 'method'],
      ['transformation', 'contentType'],
      ['transformation', 'includeContentLength'],
    ]);
    expect(
      problemPaths({ ...valid, transformation: { contentType: 'application/vnd.contentful.management.v1+json' } }),
    ).toEqual([['transformation', 'contentType']]);
    expect(
      problemPaths(
        { ...valid, transformation: { contentType: 'application/vnd.contentful.management.v1+json' } },
        { ...rules, vendorToken: 'contentful' },
      ),
    ).toEqual([]);
    expect(problemPaths({ ...valid, transformation: [] })).toEqual([['transformation']]);
  });

  it('checks headers: HTTP names, values, duplicates, reserved names; a new secret header needs a value', () => {
    const headers = [
      { key: 'X-Plain', value: 'a' },
      { key: 'Authorization', value: 'Bearer x', secret: true },
    ];
    expect(parseDefinition({ ...valid, headers }, rules).headers).toEqual([
      { key: 'X-Plain', value: 'a', secret: false },
      { key: 'Authorization', value: 'Bearer x', secret: true },
    ]);
    expect(
      problemPaths({
        ...valid,
        headers: [
          { key: 'Bad Header', value: 'a' },
          { key: 'X-Secret', secret: true },
          { key: 'X-Plain' },
          { key: 'X-Line', value: 'a\r\nb' },
          { key: 'content-length', value: '1' },
          { key: 'x-dup', value: 'a' },
          { key: 'X-Dup', value: 'b' },
          { key: 'X-Flag', value: 'a', secret: 'yes' },
          5,
        ],
      }),
    ).toEqual([
      ['headers', 0, 'key'],
      ['headers', 1, 'value'],
      ['headers', 2, 'value'],
      ['headers', 3, 'value'],
      ['headers', 4, 'key'],
      ['headers', 6, 'key'],
      ['headers', 7, 'secret'],
      ['headers', 8],
    ]);
  });

  it('keeps a stored secret header value and the password when an update leaves them out', () => {
    const update = parseDefinition(
      {
        ...valid,
        headers: [
          { key: 'x-token', secret: true },
          { key: 'X-Plain', value: 'new' },
        ],
        httpBasicUsername: 'user',
      },
      rules,
      stored(),
    );
    expect(update.headers).toEqual([
      { key: 'x-token', value: 'kept-secret', secret: true },
      { key: 'X-Plain', value: 'new', secret: false },
    ]);
    expect(update.httpBasicPassword).toBe('stored-password');
    // A header that was not secret, or a key never stored, has no value to keep.
    expect(
      problemPaths(
        {
          ...valid,
          headers: [
            { key: 'X-Plain', secret: true },
            { key: 'X-Other', secret: true },
          ],
        },
        rules,
        stored(),
      ),
    ).toEqual([
      ['headers', 0, 'value'],
      ['headers', 1, 'value'],
    ]);
    // Headers left out are removed; a null password or no user name removes the password.
    expect(
      parseDefinition({ ...valid, httpBasicUsername: 'user', httpBasicPassword: null }, rules, stored()),
    ).toMatchObject({ headers: [], httpBasicPassword: null });
    expect(parseDefinition(valid, rules, stored())).toMatchObject({ httpBasicUsername: null, httpBasicPassword: null });
    expect(
      parseDefinition({ ...valid, httpBasicUsername: 'other', httpBasicPassword: 'new' }, rules, stored()),
    ).toMatchObject({ httpBasicPassword: 'new' });
  });

  it('checks basic auth: strings, a user name without a colon, no password without a user name', () => {
    expect(problemPaths({ ...valid, httpBasicUsername: 'a:b', httpBasicPassword: 'p' })).toEqual([
      ['httpBasicUsername'],
      ['httpBasicUsername'],
    ]);
    expect(problemPaths({ ...valid, httpBasicPassword: 'p' })).toEqual([['httpBasicUsername']]);
    expect(problemPaths({ ...valid, httpBasicUsername: 'u', httpBasicPassword: 5 })).toEqual([['httpBasicPassword']]);
    expect(parseDefinition({ ...valid, httpBasicUsername: 'u', httpBasicPassword: 'p' }, rules)).toMatchObject({
      httpBasicUsername: 'u',
      httpBasicPassword: 'p',
    });
  });

  it('refuses cloud proxy headers that are not a pair or whose secret is not marked secret', () => {
    const keyId = { key: 'X-Service-Cloud-Proxy-Key-Id', value: 'AKIA' };
    const secret = { key: 'X-Service-Cloud-Proxy-Secret', value: 's3cr3t', secret: true };
    expect(problemPaths({ ...valid, headers: [keyId, secret] })).toEqual([]);
    expect(problemPaths({ ...valid, headers: [keyId, { ...secret, secret: false }] })).toEqual([['headers', 1]]);
    expect(problemPaths({ ...valid, headers: [keyId] })).toEqual([['headers', 0]]);
    expect(problemPaths({ ...valid, headers: [{ key: 'x', value: 'y' }, secret] })).toEqual([['headers', 1]]);
    // The names follow the configured vendor.
    expect(
      problemPaths(
        { ...valid, headers: [{ ...keyId, key: 'X-Contentful-Cloud-Proxy-Key-Id' }] },
        { ...rules, vendorToken: 'contentful' },
      ),
    ).toEqual([['headers', 0]]);
  });
});
