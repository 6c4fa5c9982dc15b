import type { ErrorItem } from '../../errors/index.ts';
import { duplicateParameter } from './search-errors.ts';

/** One search parameter: `path[op]=value` split into its parts (`op` undefined for plain equality). */
export interface RestParameter {
  key: string;
  path: string;
  op: string | undefined;
  value: string;
}

const KEY = /^([^[\]]+)(?:\[([^[\]]*)\])?$/;

/**
 * Splits the query string exactly as sent (form decoding: `+` is a space, `%xx` escapes). The query string is read
 * raw because bracketed keys such as `fields.title[ne]` must not be turned into nested objects. A key given twice
 * is an error: a search never silently drops one of two conditions.
 */
export function parseQueryString(raw: string): { parameters: RestParameter[]; errors: ErrorItem[] } {
  const parameters: RestParameter[] = [];
  const errors: ErrorItem[] = [];
  const seen = new Set<string>();
  for (const [key, value] of new URLSearchParams(raw)) {
    if (seen.has(key)) {
      if (!errors.some((e) => e.name === 'duplicate' && (e.path as string[]).join('.') === key))
        errors.push(duplicateParameter(key));
      continue;
    }
    seen.add(key);
    const match = KEY.exec(key);
    parameters.push(match ? { key, path: match[1]!, op: match[2], value } : { key, path: key, op: undefined, value });
  }
  return { parameters, errors };
}

/** True when the key has the `path[op]` shape (brackets anywhere else make the whole key unknown). */
export const isWellFormedKey = (key: string): boolean => KEY.test(key);
