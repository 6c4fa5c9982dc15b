import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { memoizeValidatorRouteMatchers } from './validator-route-matchers.ts';

describe('memoizeValidatorRouteMatchers', () => {
  it('makes the validator\'s path-to-regexp compile each (route, options) once and match as before', () => {
    const fromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
    const module = fromValidator('path-to-regexp');
    const original = module.pathToRegexp;
    memoizeValidatorRouteMatchers();
    memoizeValidatorRouteMatchers(); // idempotent: wraps once
    const route = '/spaces/:space_id/environments/:environment_id/entries/:entry_id';
    const first = module.pathToRegexp(route, { sensitive: false, strict: false });
    expect(module.pathToRegexp(route, { sensitive: false, strict: false })).toBe(first);
    expect(module.pathToRegexp(route, { sensitive: true, strict: false })).not.toBe(first);
    const fresh = original(route, { sensitive: false, strict: false });
    expect(first.keys).toEqual(fresh.keys);
    expect(first.regexp.source).toBe(fresh.regexp.source);
    expect(first.regexp.exec('/spaces/s1/environments/master/entries/e1')?.slice(1)).toEqual(['s1', 'master', 'e1']);
    expect(first.regexp.exec('/spaces/s1/environments/master/assets/e1')).toBeNull();
    // Paths other than strings and options it does not know are compiled each time, as before.
    expect(module.pathToRegexp([route], {})).not.toBe(module.pathToRegexp([route], {}));
    expect(module.pathToRegexp(route, { other: 1 })).not.toBe(module.pathToRegexp(route, { other: 1 }));
  });
});
