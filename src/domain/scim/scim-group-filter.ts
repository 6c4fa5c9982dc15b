import SCIMMY from 'scimmy';
import { ScimError } from '../../errors/index.ts';
import { withScimLibrary } from './scim-library-errors.ts';

const UNSUPPORTED = 'Only the filter displayName eq "<name>" is supported.';

/**
 * The team name a `/Groups` filter selects. Only `displayName eq "<string>"` (what Okta and Entra send, reference
 * §7) is supported: any other expression, operator or attribute answers 400 invalidFilter.
 */
export async function displayNameOfFilter(filter: string): Promise<string> {
  const parsed = await withScimLibrary('invalidFilter', () => new SCIMMY.Types.Filter(filter));
  const expressions = [...parsed] as Array<Record<string, unknown>>;
  if (expressions.length !== 1) throw new ScimError('invalidFilter', UNSUPPORTED);
  const entries = Object.entries(expressions[0]);
  if (entries.length !== 1) throw new ScimError('invalidFilter', UNSUPPORTED);
  const [attribute, comparison] = entries[0];
  if (attribute.toLowerCase() !== 'displayname' || !Array.isArray(comparison)) throw new ScimError('invalidFilter', UNSUPPORTED);
  const [operator, value, ...rest] = comparison as unknown[];
  if (operator !== 'eq' || typeof value !== 'string' || rest.length) throw new ScimError('invalidFilter', UNSUPPORTED);
  return value;
}
