import { describe, expect, it } from 'vitest';
import { spaceOrganizations } from './space-organizations.ts';

describe('space -> organization lookup', () => {
  it('asks storage once per known space, every time for unknown ones, and stays bounded', async () => {
    const asked: string[] = [];
    const orgs: Record<string, string> = { a: 'org1', b: 'org1', c: 'org2' };
    const organizationOf = spaceOrganizations(async (id) => {
      asked.push(id);
      return orgs[id];
    }, 2);
    expect(await organizationOf('a')).toBe('org1');
    expect(await organizationOf('a')).toBe('org1');
    expect(asked).toEqual(['a']);
    expect(await organizationOf('new')).toBeUndefined();
    orgs.new = 'org3';
    expect(await organizationOf('new')).toBe('org3');
    expect(asked).toEqual(['a', 'new', 'new']);
    await organizationOf('c'); // capacity 2: the oldest entry ('a') goes
    await organizationOf('a');
    expect(asked.filter((id) => id === 'a')).toHaveLength(2);
  });
});
