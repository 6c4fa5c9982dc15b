import { applyPatch, Pointer, type Operation } from 'rfc6902';
import { AppError, type ErrorItem } from '../../errors/index.ts';
import type { EntryRecord } from '../../storage/port/index.ts';
import type { ContentInput } from '../content/content-input.ts';

/** One operation of a JSON Patch document as sent (its shape was checked against the published OpenAPI). */
export interface PatchOperation {
  op: string;
  path: string;
  value?: unknown;
  from?: string;
}

const WRITABLE = new Set(['fields', 'metadata']);
// rfc6902 skips these tokens when it evaluates a pointer (its guard against prototype pollution), so a pointer
// naming one would silently address its parent instead.
const SKIPPED_TOKENS = new Set(['__proto__', 'constructor', 'prototype']);
const NEEDS_VALUE = new Set(['add', 'replace', 'test']);
const NEEDS_FROM = new Set(['move', 'copy']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The writable representation of an entry, as a `PUT` would send it back: its draft `fields` and `metadata`. */
export function writableEntry(entry: EntryRecord): ContentInput {
  return {
    fields: entry.fields as ContentInput['fields'],
    metadata: { tags: entry.tags.map((id) => ({ sys: { type: 'Link', linkType: 'Tag', id } })) },
  };
}

/** Why `pointer` (the operation's `path` or `from`) may not be used, or undefined when it may. */
function pointerProblem(pointer: unknown, member: 'path' | 'from'): string | undefined {
  if (typeof pointer !== 'string') return `"${member}" must be a JSON Pointer.`;
  let tokens: string[];
  try {
    tokens = Pointer.fromJSON(pointer).tokens.slice(1);
  } catch {
    return `"${member}" is not a JSON Pointer: it must start with "/".`;
  }
  if (!WRITABLE.has(tokens[0] ?? ''))
    return `"${member}" must point under /fields or /metadata: "${pointer}" cannot be patched.`;
  const skipped = tokens.find((token) => SKIPPED_TOKENS.has(token));
  return skipped === undefined ? undefined : `"${member}" names "${skipped}", which cannot be patched.`;
}

/** Why the operation cannot be applied before trying it, or undefined. */
function operationProblem(operation: PatchOperation): string | undefined {
  if (!isObject(operation)) return 'An operation must be an object.';
  if (NEEDS_VALUE.has(operation.op) && !Object.hasOwn(operation, 'value')) return `"${operation.op}" needs a "value".`;
  if (NEEDS_FROM.has(operation.op))
    return pointerProblem(operation.from, 'from') ?? pointerProblem(operation.path, 'path');
  return pointerProblem(operation.path, 'path');
}

/** What the library's failure means for a client. */
function failureReason(failure: Error, operation: PatchOperation): string {
  if (failure.name === 'MissingError')
    return `Nothing exists at "${(failure as Error & { path?: string }).path ?? operation.path}".`;
  if (failure.name === 'TestError') return `The value at "${operation.path}" is not the value given.`;
  return `"${operation.op}" cannot be applied.`;
}

/** A refused patch: 422 `ValidationFailed` naming the operation by its index, as the body validator names places. */
function refused(index: number, operation: PatchOperation, name: string, reason: string): AppError {
  const label = isObject(operation) ? `${String(operation.op)} ${String(operation.path)}` : 'not an object';
  const item: ErrorItem = { name, path: [index], value: operation, details: reason };
  return new AppError(
    'ValidationFailed',
    `The JSON Patch was not applied: operation ${index} (${label}) failed. ${reason}`,
    { errors: [item] },
  );
}

/** Problems with the shape of the patched representation, as the body validator would report them for a `PUT`. */
function shapeProblems(document: ContentInput): ErrorItem[] {
  const problems: ErrorItem[] = [];
  const { fields, metadata } = document as Record<string, unknown>;
  if (fields !== undefined && !isObject(fields))
    problems.push({ name: 'type', path: ['fields'], value: fields, details: '"fields" must be an object.' });
  if (isObject(fields)) {
    for (const [id, perLocale] of Object.entries(fields)) {
      if (perLocale !== null && !isObject(perLocale))
        problems.push({
          name: 'type',
          path: ['fields', id],
          value: perLocale,
          details: `"fields.${id}" must be an object of locale codes or null.`,
        });
    }
  }
  if (metadata === undefined) return problems;
  const tags = isObject(metadata) ? metadata.tags : undefined;
  const isTagLink = (t: unknown) =>
    isObject(t) && isObject(t.sys) && t.sys.type === 'Link' && t.sys.linkType === 'Tag' && typeof t.sys.id === 'string';
  if (!isObject(metadata) || (tags !== undefined && !(Array.isArray(tags) && tags.every(isTagLink)))) {
    problems.push({
      name: 'type',
      path: ['metadata'],
      value: metadata,
      details: '"metadata" must be an object whose "tags" are links to tags.',
    });
  }
  return problems;
}

/**
 * Applies a JSON Patch (RFC 6902, with the `rfc6902` library) to an entry's writable representation, one operation
 * after the other on a copy: the first operation that cannot apply refuses the whole patch (422 `ValidationFailed`
 * naming it), and so does a result that is not a body a `PUT` could send. Nothing outside `/fields` and `/metadata`
 * can be addressed, `sys` included.
 */
export function patchedInput(current: ContentInput, operations: PatchOperation[]): ContentInput {
  const document = structuredClone(current);
  operations.forEach((operation, index) => {
    const problem = operationProblem(operation);
    if (problem) throw refused(index, operation, 'invalidOperation', problem);
    const [failure] = applyPatch(document, [operation as Operation]);
    if (failure)
      throw refused(
        index,
        operation,
        failure.name === 'TestError' ? 'testFailed' : 'notApplicable',
        failureReason(failure, operation),
      );
  });
  const problems = shapeProblems(document);
  if (problems.length) {
    throw new AppError(
      'ValidationFailed',
      `The JSON Patch was not applied: the result is not a valid entry body. ${problems.map((p) => p.details).join(' ')}`,
      { errors: problems },
    );
  }
  return document;
}
