import SCIMMY from 'scimmy';
import { SCIM_ERRORS, ScimError, type ScimErrorType } from '../../errors/index.ts';

/**
 * Runs a scimmy parser; its SCIM errors become catalogue `ScimError`s of the same scimType (else, or when `always`,
 * `fallback`).
 */
export async function withScimLibrary<T>(
  fallback: ScimErrorType,
  run: () => T | Promise<T>,
  always = false,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SCIMMY.Types.Error) {
      const type =
        !always && error.scimType && error.scimType in SCIM_ERRORS ? (error.scimType as ScimErrorType) : fallback;
      throw new ScimError(type, error.message, { cause: error });
    }
    if (error instanceof TypeError || error instanceof SyntaxError)
      throw new ScimError(fallback, error.message, { cause: error });
    throw error;
  }
}
