import { createRequire } from 'node:module';

type PathToRegexp = (path: unknown, options?: Record<string, unknown>) => { regexp: RegExp; keys: Array<{ name: string }> };
const MEMOIZED = Symbol.for('tessera.memoizedPathToRegexp');

/**
 * express-openapi-validator 5.6 compiles the path-to-regexp matcher of every route it scans on every request
 * (`lookupRoute`), about a quarter of the server's CPU on a cheap request here; upstream's fix caches them per
 * context (cdimascio/express-openapi-validator#1217, open). Until it is released, the `pathToRegexp` of the copy of
 * path-to-regexp the validator loads is memoized by (path, options): a matcher is a pure function of them, and its
 * regular expressions carry no global flag, so sharing one is safe.
 */
export function memoizeValidatorRouteMatchers(): void {
  const fromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
  const module = fromValidator('path-to-regexp') as { pathToRegexp: PathToRegexp & { [MEMOIZED]?: true } };
  if (module.pathToRegexp[MEMOIZED]) return;
  const compile = module.pathToRegexp;
  const compiled = new Map<string, ReturnType<PathToRegexp>>();
  const memoized = Object.assign((path: unknown, options: Record<string, unknown> = {}) => {
    const key = JSON.stringify([path, options]);
    let matcher = compiled.get(key);
    if (!matcher) compiled.set(key, (matcher = compile(path, options)));
    return matcher;
  }, { [MEMOIZED]: true as const });
  module.pathToRegexp = memoized;
}
