import { describe, expect, it } from 'vitest';
import { fieldStatus, publishStatus } from './publish-status.ts';

describe('publish status', () => {
  it('follows the SDK rule: draft without publishedVersion, published at publishedVersion + 1, changed after', () => {
    expect(publishStatus({ version: 1, publishedVersion: null })).toBe('draft');
    expect(publishStatus({ version: 2, publishedVersion: 1 })).toBe('published');
    expect(publishStatus({ version: 3, publishedVersion: 1 })).toBe('changed');
  });

  it('gives every locale the status of the entity under "*"', () => {
    expect(fieldStatus({ version: 3, publishedVersion: 1 }, ['en-US', 'de-DE'])).toEqual({
      '*': { 'en-US': 'changed', 'de-DE': 'changed' },
    });
    expect(fieldStatus({ version: 1, publishedVersion: null }, [])).toEqual({ '*': {} });
  });
});
