export { ERRORS, type ErrorId, type ErrorSpec } from './catalogue.ts';
export { AppError, type ErrorItem, notFound, badRequest, validationFailed, versionMismatch } from './app-error.ts';
