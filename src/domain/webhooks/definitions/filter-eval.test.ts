import { describe, expect, it } from 'vitest';
import type { WebhookFilter } from '../../../storage/port/index.ts';
import { matchesFilters } from './filter-eval.ts';

const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });
const entrySys = (environment: string, contentType = 'post', id = 'entry-1') => ({
  type: 'Entry',
  id,
  environment: link('Environment', environment),
  contentType: link('ContentType', contentType),
  createdBy: link('User', 'alice'),
  updatedBy: link('User', 'bob'),
});
const assetSys = (environment: string) => ({
  type: 'Asset',
  id: 'asset-1',
  environment: link('Environment', environment),
  createdBy: link('User', 'alice'),
});

const eq = (doc: string, value: string) => ({ equals: [{ doc }, value] }) as WebhookFilter;

describe('webhook filters', () => {
  it('passes only `master` as the request named it without filters (null): the master alias, not its target by name', () => {
    expect(matchesFilters(null, entrySys('master'))).toBe(true);
    expect(matchesFilters(null, entrySys('staging'))).toBe(false);
    // `sys.environment` is the id the request named: the alias's target named directly is not `master`.
    expect(matchesFilters(null, entrySys('master-2024-01-01'))).toBe(false);
  });

  it('passes every environment with an empty list', () => {
    expect(matchesFilters([], entrySys('staging'))).toBe(true);
    expect(matchesFilters([], assetSys('master'))).toBe(true);
  });

  it('applies equals, in and regexp to every doc path, all filters together', () => {
    const sys = entrySys('staging', 'post', 'abc-123');
    expect(matchesFilters([eq('sys.id', 'abc-123')], sys)).toBe(true);
    expect(matchesFilters([eq('sys.environment.sys.id', 'staging')], sys)).toBe(true);
    expect(matchesFilters([eq('sys.contentType.sys.id', 'page')], sys)).toBe(false);
    expect(matchesFilters([eq('sys.createdBy.sys.id', 'alice'), eq('sys.updatedBy.sys.id', 'bob')], sys)).toBe(true);
    expect(matchesFilters([eq('sys.createdBy.sys.id', 'alice'), eq('sys.updatedBy.sys.id', 'alice')], sys)).toBe(false);
    expect(matchesFilters([{ in: [{ doc: 'sys.contentType.sys.id' }, ['page', 'post']] }], sys)).toBe(true);
    expect(matchesFilters([{ in: [{ doc: 'sys.contentType.sys.id' }, ['page']] }], sys)).toBe(false);
    expect(matchesFilters([{ regexp: [{ doc: 'sys.id' }, { pattern: '^abc-\\d+$' }] }], sys)).toBe(true);
    expect(matchesFilters([{ regexp: [{ doc: 'sys.id' }, { pattern: '^\\d+' }] }], sys)).toBe(false);
  });

  it('negates with not', () => {
    const sys = entrySys('staging');
    expect(matchesFilters([{ not: eq('sys.environment.sys.id', 'master') as any }], sys)).toBe(true);
    expect(matchesFilters([{ not: eq('sys.environment.sys.id', 'staging') as any }], sys)).toBe(false);
    expect(matchesFilters([{ not: { regexp: [{ doc: 'sys.id' }, { pattern: '^entry' }] } }], sys)).toBe(false);
  });

  it('is false for a filter on a property the entity lacks, with or without not', () => {
    const asset = assetSys('master');
    expect(matchesFilters([eq('sys.contentType.sys.id', 'post')], asset)).toBe(false);
    expect(matchesFilters([{ not: eq('sys.contentType.sys.id', 'post') as any }], asset)).toBe(false);
    expect(matchesFilters([{ in: [{ doc: 'sys.updatedBy.sys.id' }, ['bob']] }], asset)).toBe(false);
    expect(matchesFilters([eq('sys.id', 'asset-1')], asset)).toBe(true);
    expect(matchesFilters(null, { id: 'x' })).toBe(false);
    expect(matchesFilters([eq('sys.id', 'x')], undefined)).toBe(false);
  });
});
