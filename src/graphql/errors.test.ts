import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ContentTokenRefused, OperationBudgetExhausted } from '../domain/delivery/index.ts';
import { asRequestError, GraphqlRequestError, wireExecutionError } from './errors.ts';

describe('GraphQL answers of the read module errors', () => {
  it('answers a refused token with the catalogue code of its reason, naming unknown ids', () => {
    const answer = (reason: ContentTokenRefused['reason']) => {
      const e = asRequestError(new ContentTokenRefused(reason, 's1', 'env')) as GraphqlRequestError;
      expect(e).toBeInstanceOf(GraphqlRequestError);
      return [e.status, e.code, e.message, e.details];
    };
    expect(answer('missing')).toEqual([401, 'ACCESS_TOKEN_MISSING', 'Access token is missing.', {}]);
    expect(answer('invalid')).toEqual([
      401,
      'ACCESS_TOKEN_INVALID',
      'The access token you sent could not be found or is invalid.',
      {},
    ]);
    expect(answer('unknownSpace')).toEqual([
      400,
      'UNKNOWN_SPACE',
      "Query cannot be executed. The space 's1' does not exist",
      { spaceId: 's1' },
    ]);
    expect(answer('unknownEnvironment')).toEqual([
      400,
      'UNKNOWN_ENVIRONMENT',
      "Query cannot be executed. The environment 'env' does not exist in the space 's1'",
      { spaceId: 's1', environmentId: 'env' },
    ]);
    const other = new Error('other');
    expect(asRequestError(other)).toBe(other);
  });

  it('answers a spent operation budget as RESOURCES_EXHAUSTED on its path', () => {
    const located = new GraphQLError('raw', { path: ['a', 0, 'b'], originalError: new OperationBudgetExhausted(3) });
    expect(wireExecutionError('vendor', 'r1', located)).toEqual({
      message: 'Query execution error. Query too complex to be executed in allocated resources',
      path: ['a', 0, 'b'],
      extensions: { vendor: { code: 'RESOURCES_EXHAUSTED', requestId: 'r1', details: { maximumOperations: 3 } } },
    });
  });
});
