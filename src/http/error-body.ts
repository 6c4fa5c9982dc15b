import { AppError, ERRORS, type ErrorId } from '../errors/index.ts';

interface ValidatorErrorItem {
  path?: string;
  message?: string;
  errorCode?: string;
}
interface ValidatorError {
  status?: number;
  errors?: ValidatorErrorItem[];
  message?: string;
  type?: string;
  expose?: boolean;
}

const splitPath = (p: string | undefined) => (p ?? '').split(/[/.]/).filter(Boolean);

/** Turns express-openapi-validator and body-parser failures into catalogue errors that say what is wrong. */
function fromValidator(error: ValidatorError): AppError | undefined {
  const status = error.status;
  if (!status || status >= 500) return undefined;
  if (error.type === 'entity.parse.failed')
    return new AppError('BadRequest', `Invalid JSON in request body: ${error.message}`);
  if (error.type === 'entity.too.large') return new AppError('BadRequest', 'The request body is too large.');
  if (status === 404 || status === 405)
    return new AppError('NotFound', 'The resource could not be found.', { type: 'Route' });
  if (status === 415)
    return new AppError('BadRequest', `${error.message}. Send the vendor management media type or application/json.`);
  if (status === 400 && error.errors?.length) {
    const items = error.errors.map((e) => {
      const [location, ...rest] = splitPath(e.path);
      return {
        location,
        name: e.errorCode?.replace(/\.openapi\.validation$/, '') ?? 'invalid',
        path: rest,
        details: `${e.path}: ${e.message}`,
      };
    });
    const errors = items.map(({ location: _l, ...item }) => item);
    if (items.every((i) => i.location === 'query')) {
      return new AppError(
        'InvalidQuery',
        `The query you sent was invalid: ${error.errors.map((e) => `${e.path} ${e.message}`).join('; ')}`,
        { errors },
      );
    }
    if (items.every((i) => i.location === 'body')) {
      return new AppError(
        'ValidationFailed',
        `The body you sent is invalid: ${error.errors.map((e) => `${e.path} ${e.message}`).join('; ')}`,
        { errors },
      );
    }
    return new AppError('BadRequest', error.errors.map((e) => `${e.path} ${e.message}`).join('; '), { errors });
  }
  if (status >= 400 && status < 500)
    return new AppError(status === 401 ? 'AccessTokenInvalid' : 'BadRequest', error.message);
  return undefined;
}

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return fromValidator(error as ValidatorError) ?? new AppError('ServerError');
}

export function errorBody(error: AppError, requestId: string) {
  const body: Record<string, unknown> = { sys: { type: 'Error', id: error.id as ErrorId }, message: error.message };
  if (error.details !== undefined) body.details = error.details;
  body.requestId = requestId;
  return { status: ERRORS[error.id].status, body };
}
