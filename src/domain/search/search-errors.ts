import { AppError, type ErrorItem } from '../../errors/index.ts';

/** The message of field filters or field ordering sent without `content_type`, as the hosted service words it. */
export const CONTENT_TYPE_REQUIRED_MESSAGE =
  'When searching on references you must specify the Content Type of the reference. Please send a Content Type id as a query parameter.';

/** The names error items give to operators (`equals` for the plain `key=value`). */
export const filterName = (op: string | undefined): string => (op === undefined || op === 'eq' ? 'equals' : op);

const segments = (wire: string): string[] => wire.split('.');

export const unknownParameter = (key: string): ErrorItem => ({
  name: 'unknown',
  path: segments(key),
  details: `The parameter "${key}" is not recognized`,
});

export const unknownPath = (wire: string): ErrorItem => ({
  name: 'unknown',
  path: segments(wire),
  details: `The path "${wire}" is not recognized`,
});

export const unsupportedParameter = (key: string, why: string): ErrorItem => ({
  name: 'unsupported',
  path: [key],
  details: `The parameter "${key}" is not supported: ${why}`,
});

export const duplicateParameter = (key: string): ErrorItem => ({
  name: 'duplicate',
  path: segments(key),
  details: `The parameter "${key}" is given more than once.`,
});

export const invalidValue = (
  wire: string,
  type: string,
  op: string | undefined,
  value: string,
  expected: string,
): ErrorItem => ({
  name: 'value',
  path: segments(wire),
  type,
  filter: filterName(op),
  value,
  details: `${value} used on ${wire} is not a valid value for type ${type}${expected ? ` (${expected})` : ''}.`,
});

export const unknownOperator = (wire: string, op: string): ErrorItem => ({
  name: 'operator',
  path: segments(wire),
  filter: op,
  details: `The operator [${op}] is not recognized.`,
});

export const operatorNotApplicable = (wire: string, type: string, op: string | undefined): ErrorItem => ({
  name: 'operator',
  path: segments(wire),
  type,
  filter: filterName(op),
  details: `The filter "${filterName(op)}" cannot be used on ${wire} of type ${type}.`,
});

export const notOrderable = (wire: string, type: string): ErrorItem => ({
  name: 'order',
  path: segments(wire),
  type,
  details: `${wire} of type ${type} cannot be used for ordering.`,
});

export const contentTypeRequired = (wire: string): ErrorItem => ({
  name: 'contentTypeRequired',
  path: segments(wire),
  details: `${wire} needs the content type: send a content_type parameter (and, for a reference, fields.<field>.sys.contentType.sys.id).`,
});

export const unknownContentType = (id: string): ErrorItem => ({
  name: 'unknownContentType',
  value: id,
  details: `The content type "${id}" does not exist in this environment or is not activated.`,
});

export const invalidParameter = (key: string, value: string, details: string): ErrorItem => ({
  name: 'value',
  path: segments(key),
  value,
  details,
});

/** The 400 InvalidQuery of a search; the message follows the first kind of problem. */
export function invalidQuery(errors: ErrorItem[]): AppError {
  if (errors.some((e) => e.name === 'contentTypeRequired'))
    return new AppError('InvalidQuery', CONTENT_TYPE_REQUIRED_MESSAGE, { errors });
  if (errors.some((e) => e.name === 'unknownContentType')) {
    const ids = errors
      .filter((e) => e.name === 'unknownContentType')
      .map((e) => `"${String(e.value)}"`)
      .join(', ');
    return new AppError('InvalidQuery', `Unknown content type ${ids}.`, { errors });
  }
  return new AppError('InvalidQuery', undefined, { errors });
}

/** The hosted service's wording for a skip or limit that is not a valid number. */
export const invalidNumber = (name: 'skip' | 'limit', max?: number) =>
  new AppError(
    'InvalidQuery',
    `The value provided for "${name}" is invalid. Please provide a valid number value${max === undefined ? '' : ` between 0 and ${max}`}.`,
    { errors: [] },
  );
