import { describe, expect, it } from 'vitest';
import type { SearchQuery } from '../search/query.ts';
import type { Storage } from '../../storage/port/index.ts';
import { OperationBudgetExhausted } from './operation-budget.ts';
import { requestReads } from './request-reads.ts';

const scope = { spaceId: 's', environmentId: 'e' };

/** A storage whose searches answer the ids asked (`sys.id in [...]`), recording each search. */
function fakeStorage() {
  const searches: string[] = [];
  let tagReads = 0;
  const idsOf = (query: SearchQuery) => (query.where as { value?: string[] }).value ?? [];
  const storage = {
    repos: {
      search: {
        entries: async (_scope: unknown, query: SearchQuery) => {
          searches.push(`entries ${query.state} ${idsOf(query).join(',')}`);
          return { items: idsOf(query).map((id) => ({ id })), total: 0 };
        },
        assets: async (_scope: unknown, query: SearchQuery) => {
          searches.push(`assets ${query.state} ${idsOf(query).join(',')}`);
          return { items: [], total: 0 };
        },
        linkingEntries: async (_scope: unknown, query: { targetIds: string[] }) => {
          searches.push(`linking ${query.targetIds.join(',')}`);
          return new Map([[query.targetIds[0]!, { items: [{ id: 'l' }], total: 1 }]]);
        },
      },
      tags: {
        list: async () => {
          tagReads++;
          return [
            { id: 'pub', visibility: 'public' },
            { id: 'priv', visibility: 'private' },
          ];
        },
      },
    },
  } as unknown as Storage;
  return { storage, searches, tagReads: () => tagReads };
}

const linking = {
  state: 'published' as const,
  targetType: 'Entry' as const,
  via: [],
  locales: ['en-US'],
  defaultLocale: 'en-US',
  skip: 0,
  limit: 10,
};

describe('the reads of one content request', () => {
  it('batch the loads of a tick into one search per target and state; a primed record costs none', async () => {
    const { storage, searches } = fakeStorage();
    const reads = requestReads(storage, scope, 10);
    reads.prime('Entry', 'published', { id: 'p' } as never);
    const loaded = await Promise.all([
      reads.load('Entry', 'published', 'a'),
      reads.load('Entry', 'published', 'b'),
      reads.load('Entry', 'draft', 'a'),
      reads.load('Asset', 'published', 'x'),
      reads.load('Entry', 'published', 'p'),
    ]);
    expect(loaded.map((r) => r?.id)).toEqual(['a', 'b', 'a', undefined, 'p']);
    expect(searches).toEqual(['entries published a,b', 'entries draft a', 'assets published x']);
  });

  it('batch linking entries per tick and read the public tags once', async () => {
    const { storage, searches, tagReads } = fakeStorage();
    const reads = requestReads(storage, scope, 10);
    const pages = await Promise.all([
      reads.linkingEntries(linking, 'v', 't1'),
      reads.linkingEntries(linking, 'v', 't2'),
    ]);
    expect(pages.map((p) => p.total)).toEqual([1, 0]);
    expect(searches).toEqual(['linking t1,t2']);
    const [first, second] = await Promise.all([reads.publicTags(), reads.publicTags()]);
    expect([...first.keys()]).toEqual(['pub']);
    expect([second, tagReads()]).toEqual([first, 1]);
  });

  it('draw every search on the budget: past it, the searches that still need data throw', async () => {
    const { storage, searches } = fakeStorage();
    const reads = requestReads(storage, scope, 2);
    const page = { target: 'Entry' as const, state: 'published' as const, order: [], skip: 0, limit: 1 };
    await reads.entries({ ...page, where: { kind: 'and', conditions: [] } });
    await reads.load('Entry', 'published', 'a');
    expect(() => reads.assets({ ...page, target: 'Asset', where: { kind: 'and', conditions: [] } })).toThrow(
      OperationBudgetExhausted,
    );
    await expect(reads.linkingEntries(linking, 'v', 't')).rejects.toMatchObject({ maximumOperations: 2 });
    await expect(reads.load('Entry', 'draft', 'b')).rejects.toBeInstanceOf(OperationBudgetExhausted);
    expect(searches).toHaveLength(2);
    // Tags are no database operation of the budget.
    expect((await reads.publicTags()).size).toBe(1);
  });
});
