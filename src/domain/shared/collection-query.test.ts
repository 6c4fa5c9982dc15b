import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors/index.ts';
import { compileCollectionQuery, USER_MANAGEMENT_API, type CollectionSchema } from './collection-query.ts';

/** The `details.errors[]` (and message) a refused query answers with. */
function refusal(raw: string, schema: CollectionSchema<string>) {
  try {
    compileCollectionQuery(raw, schema);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { message: error.message, errors: (error.details as { errors: unknown[] }).errors };
  }
  throw new Error(`${raw} was accepted`);
}

const oldestFirst = [{ key: 'createdAt', direction: 'asc' as const }];

// One grammar, two APIs' conventions: one declaration shape serves both; paging and the reserved names differ.
const management: CollectionSchema<string> = {
  attributes: {
    'sys.createdAt': { key: 'createdAt', type: 'date' },
    name: { key: 'name', type: 'symbol', ops: ['eq', 'ne', 'in', 'nin', 'exists', 'match'] },
    'sys.version': { key: 'version', type: 'integer', unordered: true },
  },
  defaultOrder: oldestFirst,
};

const userManagement: CollectionSchema<string> = {
  attributes: {
    role: { key: 'role', type: 'symbol', ops: ['eq', 'in'], values: ['owner', 'member'] },
    'sys.createdAt': { key: 'createdAt', type: 'date', ops: [] },
  },
  defaultOrder: oldestFirst,
  query: { key: 'text', over: ['sys.user.email'] },
  include: { 'sys.user': 'User' },
  conventions: USER_MANAGEMENT_API,
};

describe('compileCollectionQuery: the one grammar of collection endpoints', () => {
  it('compiles filters, order, query and include of a declaration', () => {
    expect(
      compileCollectionQuery(
        'role[in]=owner,member&order=-sys.createdAt&query=Ada&include=sys.user&limit=5',
        userManagement,
      ),
    ).toEqual({
      skip: 0,
      limit: 5,
      order: [{ key: 'createdAt', direction: 'desc' }],
      where: [
        { key: 'role', valueType: 'symbol', op: 'in', value: ['owner', 'member'] },
        { key: 'text', valueType: 'symbol', op: 'match', value: ['ada'] },
      ],
      include: ['sys.user'],
    });
    expect(compileCollectionQuery('name[match]=blog', management)).toMatchObject({
      limit: 100,
      order: oldestFirst,
      where: [{ key: 'name', op: 'match' }],
      include: [],
    });
  });

  it('takes each attribute by its own operators and values: an order-only attribute filters nothing', () => {
    expect(refusal('role[ne]=owner&role=guest&sys.createdAt=2020-01-01', userManagement).errors).toEqual([
      expect.objectContaining({ name: 'operator', path: ['role'] }),
      expect.objectContaining({
        name: 'value',
        path: ['role'],
        details: expect.stringContaining('one of owner, member'),
      }),
      expect.objectContaining({ name: 'unknown', path: ['sys', 'createdAt'] }),
    ]);
    expect(refusal('order=sys.version', management).errors).toEqual([expect.objectContaining({ name: 'order' })]);
  });

  it('refuses `include` and `query` as unknown where the API reserves neither, else by what is declared', () => {
    expect(refusal('include=sys.user&query=x', management).errors).toEqual([
      expect.objectContaining({ name: 'unknown', path: ['include'] }),
      expect.objectContaining({ name: 'unknown', path: ['query'] }),
    ]);
    const bare: CollectionSchema<string> = { attributes: {}, defaultOrder: [], conventions: USER_MANAGEMENT_API };
    expect(refusal('include=sys.user&query=x', bare).errors).toEqual([
      expect.objectContaining({ name: 'unknown', path: ['query'] }),
      expect.objectContaining({ name: 'value', path: ['include'], details: '"sys.user" cannot be included here.' }),
    ]);
  });

  it('answers a bad page alone on the Management API and among the other errors on the user-management API', () => {
    expect(refusal('limit=1001&name[bogus]=x', management)).toEqual({
      message: 'The value provided for "limit" is invalid. Please provide a valid number value between 0 and 1000.',
      errors: [],
    });
    expect(refusal('limit=101&role=guest', userManagement).errors).toEqual([
      expect.objectContaining({ path: ['role'] }),
      {
        name: 'value',
        path: ['limit'],
        value: '101',
        details: 'The value provided for "limit" is invalid. Please provide a valid number value between 0 and 100.',
      },
    ]);
  });
});
