import SCIMMY from 'scimmy';
import { ScimError } from '../../errors/index.ts';
import { withScimLibrary } from './scim-library-errors.ts';

/**
 * The value a SCIM list filter selects, when the filter is exactly `<attribute> eq "<string>"` (what Okta and Entra
 * send, reference §7: `userName` on /Users, `displayName` on /Groups). Parsed by scimmy; any other expression,
 * operator or attribute answers 400 invalidFilter.
 */
export async function eqFilterValue(filter: string, attribute: string): Promise<string> {
  const unsupported = () => new ScimError('invalidFilter', `Only the filter ${attribute} eq "<value>" is supported.`);
  const parsed = await withScimLibrary('invalidFilter', () => new SCIMMY.Types.Filter(filter));
  const expressions = [...parsed] as Array<Record<string, unknown>>;
  if (expressions.length !== 1) throw unsupported();
  const entries = Object.entries(expressions[0]);
  if (entries.length !== 1) throw unsupported();
  const [name, comparison] = entries[0];
  if (name.toLowerCase() !== attribute.toLowerCase() || !Array.isArray(comparison)) throw unsupported();
  const [operator, value, ...rest] = comparison as unknown[];
  if (operator !== 'eq' || typeof value !== 'string' || rest.length) throw unsupported();
  return value;
}
