import { ERRORS, type ErrorId } from './catalogue.ts';

/** The one error type of the application. Layers throw it; each surface (REST, GraphQL, SCIM) maps it. */
export class AppError extends Error {
  readonly id: ErrorId;
  readonly details: unknown;

  constructor(id: ErrorId, message?: string, details?: unknown, options?: ErrorOptions) {
    super(message ?? ERRORS[id].message, options);
    this.name = 'AppError';
    this.id = id;
    this.details = details;
  }

  get status(): number {
    return ERRORS[this.id].status;
  }
}

/** One problem in a `details.errors[]` list. */
export interface ErrorItem {
  name: string;
  path?: Array<string | number> | string;
  value?: unknown;
  details?: string;
  [extra: string]: unknown;
}

export const notFound = (type: string, id: string, extra: Record<string, string> = {}) =>
  new AppError('NotFound', undefined, { type, id, ...extra });

export const badRequest = (message: string, details?: unknown) => new AppError('BadRequest', message, details);

export const validationFailed = (errors: ErrorItem[], message?: string) =>
  new AppError('ValidationFailed', message, { errors });

export const versionMismatch = (expected: number | undefined, got: number | undefined) =>
  new AppError(
    'VersionMismatch',
    got === undefined
      ? 'Please pass the current sys.version in the version header.'
      : `Version mismatch: the current version is ${expected}, the request sent ${got}.`,
    { expected, provided: got ?? null },
  );
