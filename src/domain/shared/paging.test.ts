import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors/index.ts';
import { collection, parsePage } from './paging.ts';

const orderable = { 'sys.createdAt': 'createdAt', name: 'name' } as const;
const fallback = [{ key: 'createdAt' as const, direction: 'asc' as const }];

describe('parsePage', () => {
  it('defaults to skip 0, limit 100 and the default order', () => {
    expect(parsePage({}, orderable, fallback)).toEqual({ skip: 0, limit: 100, order: fallback });
  });

  it('parses several order keys with - for descending', () => {
    expect(parsePage({ order: '-name,sys.createdAt', skip: '5', limit: '7' }, orderable, fallback)).toEqual({
      skip: 5,
      limit: 7,
      order: [
        { key: 'name', direction: 'desc' },
        { key: 'createdAt', direction: 'asc' },
      ],
    });
  });

  it.each([[{ limit: '1001' }], [{ limit: '-1' }], [{ skip: 'abc' }], [{ limit: '1.5' }]])(
    'refuses %j with InvalidQuery',
    (input) => {
      expect(() => parsePage(input, orderable, fallback)).toThrow(AppError);
      try {
        parsePage(input, orderable, fallback);
      } catch (e) {
        expect((e as AppError).id).toBe('InvalidQuery');
      }
    },
  );

  it('names every unknown order attribute', () => {
    try {
      parsePage({ order: 'nope,-sys.foo' }, orderable, fallback);
      expect.unreachable();
    } catch (e) {
      expect((e as AppError).details).toMatchObject({
        errors: [
          { name: 'unknown', path: ['nope'] },
          { name: 'unknown', path: ['sys', 'foo'] },
        ],
      });
    }
  });

  it('does not treat Object prototype names as orderable', () => {
    expect(() => parsePage({ order: 'constructor' }, orderable, fallback)).toThrow(AppError);
  });

  it('builds the collection envelope echoing skip and limit', () => {
    expect(collection([1], 10, { skip: 3, limit: 1 })).toEqual({
      sys: { type: 'Array' },
      total: 10,
      skip: 3,
      limit: 1,
      items: [1],
    });
  });
});
