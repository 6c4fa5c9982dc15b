import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../errors/index.ts';
import type { ApiKeyGrant, Storage } from '../../storage/port/index.ts';
import { ContentTokenRefused, deliveryTokens, readsPreview } from './delivery-token.ts';

const grants: Record<string, ApiKeyGrant> = {
  delivery: { spaceId: 's1', keyId: 'k1', kind: 'delivery', environmentIds: ['master', 'live'] },
  preview: { spaceId: 's1', keyId: 'k2', kind: 'preview', environmentIds: ['staging'] },
  other: { spaceId: 's2', keyId: 'k3', kind: 'delivery', environmentIds: ['master'] },
};
const spaces: Record<string, { id: string; aliasesEnabled: boolean }> = {
  s1: { id: 's1', aliasesEnabled: true },
  s2: { id: 's2', aliasesEnabled: false },
};
const environments: Record<string, { status: string }> = {
  's1/master': { status: 'ready' },
  's1/staging': { status: 'ready' },
  's1/copying': { status: 'queued' },
  's2/master': { status: 'ready' },
};

/** A storage answering the fixtures above, counting its lookups. */
function fakeStorage() {
  const lookups: string[] = [];
  const storage = {
    repos: {
      apiKeys: { findGrant: async (token: string) => (lookups.push(`grant:${token}`), grants[token]) },
      spaces: { find: async (id: string) => (lookups.push(`space:${id}`), spaces[id]) },
      environments: {
        findAlias: async (spaceId: string, id: string) =>
          id === 'live' ? { spaceId, id, environmentId: 'master' } : undefined,
        find: async (spaceId: string, id: string) => environments[`${spaceId}/${id}`],
      },
    },
  } as unknown as Storage;
  return { tokens: deliveryTokens(storage), lookups };
}

async function refusal(promise: Promise<unknown>): Promise<ContentTokenRefused> {
  const e = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(e).toBeInstanceOf(ContentTokenRefused);
  return e as ContentTokenRefused;
}

describe('delivery and preview token rule', () => {
  it('opens a granted environment, through an alias to its target', async () => {
    const { tokens } = fakeStorage();
    expect(await tokens.authorize('delivery', 's1', 'master')).toEqual({
      grant: grants.delivery,
      spaceId: 's1',
      environmentId: 'master',
    });
    expect((await tokens.authorize('delivery', 's1', 'live')).environmentId).toBe('master');
    expect(readsPreview(await tokens.authorize('preview', 's1', 'staging'))).toBe(true);
    expect(readsPreview(await tokens.authorize('delivery', 's1', 'master'))).toBe(false);
  });

  it('refuses with the reason the catalogue maps to a REST id and a GraphQL code', async () => {
    const { tokens } = fakeStorage();
    const cases: Array<[string | undefined, string, string, string, string]> = [
      [undefined, 's1', 'master', 'missing', 'AccessTokenInvalid'],
      ['nope', 's1', 'master', 'invalid', 'AccessTokenInvalid'],
      ['delivery', 'nowhere', 'master', 'unknownSpace', 'NotFound'],
      ['other', 's1', 'master', 'invalid', 'AccessTokenInvalid'],
      ['delivery', 's1', 'gone', 'unknownEnvironment', 'NotFound'],
      ['delivery', 's1', 'copying', 'unknownEnvironment', 'NotFound'],
      ['delivery', 's1', 'staging', 'invalid', 'AccessTokenInvalid'],
    ];
    for (const [token, spaceId, environmentId, reason, id] of cases) {
      const e = await refusal(tokens.authorize(token, spaceId, environmentId));
      expect([e.reason, e.id, e.status], `${token} ${spaceId} ${environmentId}`).toEqual([
        reason,
        id,
        ERRORS[id as keyof typeof ERRORS].status,
      ]);
      expect([e.spaceId, e.environmentId]).toEqual([spaceId, environmentId]);
    }
  });

  it('answers a token or id that no database can store as unknown, without looking it up', async () => {
    const { tokens, lookups } = fakeStorage();
    expect((await refusal(tokens.authorize('bad\u0000token', 's1', 'master'))).reason).toBe('invalid');
    expect((await refusal(tokens.authorize('delivery', 's\ud800', 'master'))).reason).toBe('unknownSpace');
    expect((await refusal(tokens.authorize('delivery', 's1', 'm\u0000'))).reason).toBe('unknownEnvironment');
    expect(lookups).toEqual(['grant:delivery', 'grant:delivery', 'space:s1']);
  });
});
