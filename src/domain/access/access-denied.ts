import { AppError } from '../../errors/index.ts';

/**
 * 403 AccessDenied with its reason in `details.reasons`. Only `domain/access` decides access, so only it refuses: a
 * lint rule (eslint.config.js) keeps this constructor and the error id inside the folder.
 */
export const accessDenied = (message: string, reason: string) =>
  new AppError('AccessDenied', message, { reasons: [reason] });
