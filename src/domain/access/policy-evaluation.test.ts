import { describe, expect, it } from 'vitest';
import { changedPaths } from './entity-access.ts';
import type { Policy } from './policy.ts';
import { decide } from './policy-evaluation.ts';
import { readableCondition } from './policy-query.ts';

const ofType = (id: string) => ({ op: 'equals', path: 'sys.contentType.sys.id', value: id }) as const;
const mine = { op: 'equals', path: 'sys.createdBy.sys.id', value: 'User.current()' } as const;
const article = {
  type: 'Entry',
  id: 'e1',
  contentTypeId: 'article',
  createdBy: 'u1',
  updatedBy: 'u1',
  tagIds: ['news'],
} as const;

describe('policy evaluation', () => {
  it('allows when an allow policy matches and no deny policy does (deny over allow)', () => {
    const policies: Policy[] = [
      { effect: 'allow', actions: 'all', constraint: undefined },
      { effect: 'deny', actions: ['delete'], constraint: { op: 'in', path: 'metadata.tags.sys.id', values: ['news'] } },
    ];
    expect(decide(policies, 'publish', article, 'u1').allowed).toBe(true);
    expect(decide(policies, 'delete', article, 'u1').allowed).toBe(false);
    expect(decide(policies, 'delete', { ...article, tagIds: [] }, 'u1').allowed).toBe(true);
  });

  it('resolves User.current() to the actor and answers maybe on a partly known entity', () => {
    const policies: Policy[] = [
      { effect: 'allow', actions: ['update'], constraint: { op: 'and', of: [ofType('article'), mine] } },
    ];
    expect(decide(policies, 'update', article, 'u1').allowed).toBe(true);
    expect(decide(policies, 'update', article, 'u2').allowed).toBe(false);
    expect(decide(policies, 'update', { type: 'Entry' }, 'u1')).toEqual({ allowed: false, maybe: true });
    expect(decide(policies, 'update', { type: 'Asset' }, 'u1')).toEqual({ allowed: false, maybe: false });
  });

  it('limits updates to the allowed field paths; a deny on a path does not deny the entity', () => {
    const policies: Policy[] = [
      {
        effect: 'allow',
        actions: ['update'],
        constraint: {
          op: 'paths',
          paths: [
            { field: 'title', locale: '%' },
            { field: '%', locale: 'de' },
          ],
        },
      },
      { effect: 'deny', actions: ['update'], constraint: { op: 'paths', paths: [{ field: 'slug', locale: '%' }] } },
    ];
    expect(decide(policies, 'update', article, 'u1').allowed).toBe(true);
    expect(decide(policies, 'update', article, 'u1', { field: 'title', locale: 'en-US' }).allowed).toBe(true);
    expect(decide(policies, 'update', article, 'u1', { field: 'body', locale: 'de' }).allowed).toBe(true);
    expect(decide(policies, 'update', article, 'u1', { field: 'body', locale: 'en-US' }).allowed).toBe(false);
    expect(decide(policies, 'update', article, 'u1', { field: 'slug', locale: 'de' }).allowed).toBe(false);
  });

  it('lists the field values a write changes', () => {
    expect(
      changedPaths(
        { title: { 'en-US': 'a' }, body: { 'en-US': { x: [1] } } },
        { title: { 'en-US': 'a', de: 'b' }, body: { 'en-US': { x: [1] } } },
      ),
    ).toEqual([{ field: 'title', locale: 'de' }]);
    expect(changedPaths({ gone: { 'en-US': 1 } }, {})).toEqual([{ field: 'gone', locale: 'en-US' }]);
  });
});

describe('read policies as a search condition', () => {
  it('compiles allow policies into an or, deny policies into not(...), with User.current() bound', () => {
    const policies: Policy[] = [
      {
        effect: 'allow',
        actions: ['read'],
        constraint: { op: 'and', of: [{ op: 'equals', path: 'sys.type', value: 'Entry' }, ofType('article')] },
      },
      { effect: 'allow', actions: ['update'], constraint: undefined },
      { effect: 'deny', actions: 'all', constraint: mine },
    ];
    expect(readableCondition(policies, 'Entry', 'u1')).toEqual({
      kind: 'and',
      conditions: [
        {
          kind: 'or',
          conditions: [
            {
              kind: 'and',
              conditions: [
                { kind: 'and', conditions: [] },
                {
                  kind: 'compare',
                  path: { kind: 'sys', attribute: 'contentType', valueType: 'symbol' },
                  op: 'eq',
                  value: 'article',
                },
              ],
            },
          ],
        },
        {
          kind: 'not',
          condition: {
            kind: 'or',
            conditions: [
              {
                kind: 'compare',
                path: { kind: 'sys', attribute: 'createdBy', valueType: 'symbol' },
                op: 'eq',
                value: 'u1',
              },
            ],
          },
        },
      ],
    });
    // Assets have no content type: the entry policy reads none of them.
    expect(readableCondition(policies.slice(0, 1), 'Asset', 'u1')).toEqual({
      kind: 'or',
      conditions: [
        {
          kind: 'and',
          conditions: [
            { kind: 'or', conditions: [] },
            { kind: 'or', conditions: [] },
          ],
        },
      ],
    });
    expect(readableCondition([], 'Entry', 'u1')).toEqual({ kind: 'or', conditions: [] });
  });
});
