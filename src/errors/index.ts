export { ERRORS, SCIM_ERRORS, type ErrorId, type ErrorSpec, type ScimErrorType } from './catalogue.ts';
export { ScimError } from './scim-error.ts';
export { AppError, type ErrorItem, notFound, badRequest, validationFailed, versionMismatch } from './app-error.ts';
