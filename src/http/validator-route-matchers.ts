import { createRequire } from 'node:module';

type PathToRegexp = (path: unknown, options?: Record<string, unknown>) => { regexp: RegExp; keys: Array<{ name: string }> };
const MEMOIZED = Symbol.for('tessera.memoizedPathToRegexp');
/** The options of path-to-regexp 8's pathToRegexp (and `strict`, which the validator passes and 8 ignores). */
const OPTIONS = new Set(['sensitive', 'strict', 'end', 'trailing', 'delimiter']);

/**
 * express-openapi-validator 5.6 compiles the path-to-regexp matcher of every route it scans on every request
 * (`lookupRoute`): a fifth of the server's CPU per created + published entry here; upstream's fix caches them per
 * context (cdimascio/express-openapi-validator#1217, open). Until it is released, the `pathToRegexp` of the copy of
 * path-to-regexp the validator loads is memoized by (path, options): a matcher is a pure function of them, and its
 * regular expressions carry no global flag, so sharing one is safe.
 */
export function memoizeValidatorRouteMatchers(): void {
  const fromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
  const module = fromValidator('path-to-regexp') as { pathToRegexp: PathToRegexp & { [MEMOIZED]?: true } };
  if (module.pathToRegexp[MEMOIZED]) return;
  const compile = module.pathToRegexp;
  // Called for every route scanned on every request: keyed without serialising (path, then the options that matter).
  const compiled = new Map<unknown, Map<string, ReturnType<PathToRegexp>>>();
  const memoized = Object.assign((path: unknown, options: Record<string, unknown> = {}) => {
    if (typeof path !== 'string' || Object.keys(options).some((k) => !OPTIONS.has(k))) return compile(path, options);
    const optionsKey = `${options.sensitive}|${options.strict}|${options.end}|${options.trailing}|${options.delimiter}`;
    let byOptions = compiled.get(path);
    if (!byOptions) compiled.set(path, (byOptions = new Map()));
    let matcher = byOptions.get(optionsKey);
    if (!matcher) byOptions.set(optionsKey, (matcher = compile(path, options)));
    return matcher;
  }, { [MEMOIZED]: true as const });
  module.pathToRegexp = memoized;
}
