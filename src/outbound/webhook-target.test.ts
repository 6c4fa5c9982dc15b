import { describe, expect, it } from 'vitest';
import { resolveAllowedTarget } from './webhook-target.ts';

describe('webhook target check', () => {
  it('resolves names before a call and refuses when any address is private', async () => {
    expect(await resolveAllowedTarget('http://localhost:3000/', false)).toMatchObject({
      ok: false,
      error: 'ForbiddenTargetError',
    });
    expect(await resolveAllowedTarget('http://127.0.0.1:3000/', false)).toMatchObject({
      ok: false,
      error: 'ForbiddenTargetError',
    });
    expect(await resolveAllowedTarget('http://[::1]:3000/', false)).toMatchObject({
      ok: false,
      error: 'ForbiddenTargetError',
    });
    // `localhost.` with a trailing dot and names resolving through the hosts file go through DNS resolution.
    expect(await resolveAllowedTarget('http://localhost.:3000/', false)).toMatchObject({ ok: false });
    expect(await resolveAllowedTarget('https://name.invalid/', false)).toMatchObject({
      ok: false,
      error: 'NameResolutionError',
    });
    expect(await resolveAllowedTarget('gopher://example.com/', false)).toMatchObject({
      ok: false,
      error: 'InvalidUrlError',
    });
    expect(await resolveAllowedTarget('http://127.0.0.1:3000/', true)).toMatchObject({ ok: true, addresses: [] });
    expect(await resolveAllowedTarget('https://8.8.8.8/', false)).toMatchObject({
      ok: true,
      addresses: [{ address: '8.8.8.8', family: 4 }],
    });
  });
});
