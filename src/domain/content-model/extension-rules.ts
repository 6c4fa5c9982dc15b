import type { ErrorItem } from '../../errors/index.ts';
import { FIELD_ID_PATTERN } from './field-rules.ts';
import { isPlainObject } from './value-shape.ts';

export const SRCDOC_MAX_BYTES = 200 * 1024;
export const MAX_PARAMETER_DEFINITIONS = 8;
const SIMPLE_FIELD_TYPES = ['Symbol', 'Text', 'RichText', 'Integer', 'Number', 'Date', 'Boolean', 'Location', 'Object'];
export const PARAMETER_TYPES = ['Symbol', 'Enum', 'Number', 'Boolean'];
const DEFINITION_KEYS = ['name', 'fieldTypes', 'src', 'srcdoc', 'sidebar', 'parameters'];

/** The body of an extension create or update, as the HTTP layer passes it on. */
export interface ExtensionInput {
  extension?: unknown;
  parameters?: unknown;
}

type Path = Array<string | number>;

/** The field types an extension may edit, as `{type, linkType?, items?}`. */
export function fieldTypeProblem(raw: unknown): string | undefined {
  const allowed =
    'Symbol, Text, RichText, Integer, Number, Date, Boolean, Location, Object, Link to Asset, Link to Entry, Array of Symbol, Array of Link to Entry or Array of Link to Asset';
  if (!isPlainObject(raw)) return `must be {type, linkType?, items?} for one of: ${allowed}`;
  const keys = Object.keys(raw);
  const ok = (expected: string[]) => keys.every((k) => expected.includes(k));
  if (SIMPLE_FIELD_TYPES.includes(raw.type as string) && ok(['type'])) return undefined;
  if (raw.type === 'Link' && (raw.linkType === 'Entry' || raw.linkType === 'Asset') && ok(['type', 'linkType']))
    return undefined;
  if (raw.type === 'Array' && ok(['type', 'items']) && isPlainObject(raw.items)) {
    const items = raw.items;
    if (items.type === 'Symbol' && Object.keys(items).every((k) => k === 'type')) return undefined;
    if (
      items.type === 'Link' &&
      (items.linkType === 'Entry' || items.linkType === 'Asset') &&
      Object.keys(items).every((k) => k === 'type' || k === 'linkType')
    )
      return undefined;
  }
  return `is not a field type extensions can edit; allowed: ${allowed}`;
}

export function srcProblem(src: unknown): string | undefined {
  if (typeof src !== 'string') return '"src" must be a URL string';
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return `"src" is not a valid URL: ${src}`;
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && local)) return undefined;
  return '"src" must be an https:// URL (http:// only for localhost)';
}

/** The value of a parameter of the given definition, or a reason it does not fit. */
function valueProblem(definition: Record<string, unknown>, value: unknown): string | undefined {
  switch (definition.type) {
    case 'Symbol':
    case 'Secret':
      return typeof value === 'string' ? undefined : 'must be a string';
    case 'Number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number';
    case 'Boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'Enum':
      return enumValues(definition.options).includes(value as string)
        ? undefined
        : `must be one of: ${enumValues(definition.options).join(', ')}`;
    default:
      return undefined;
  }
}

/** Enum options: strings, or single-key objects `{value: label}`. */
function enumValues(options: unknown): string[] {
  if (!Array.isArray(options)) return [];
  return options
    .map((o) => (typeof o === 'string' ? o : isPlainObject(o) && Object.keys(o).length === 1 ? Object.keys(o)[0]! : ''))
    .filter(Boolean);
}

export function parameterDefinitionErrors(
  list: unknown,
  path: Path,
  types: readonly string[] = PARAMETER_TYPES,
): ErrorItem[] {
  if (list === undefined) return [];
  if (!Array.isArray(list))
    return [{ name: 'type', path, value: list, details: 'Parameter definitions must be a list' }];
  const errors: ErrorItem[] = [];
  if (list.length > MAX_PARAMETER_DEFINITIONS)
    errors.push({
      name: 'size',
      path,
      max: MAX_PARAMETER_DEFINITIONS,
      value: list.length,
      details: `At most ${MAX_PARAMETER_DEFINITIONS} parameter definitions`,
    });
  const ids = new Set<string>();
  list.forEach((def, index) => {
    const at = [...path, index];
    if (!isPlainObject(def)) {
      errors.push({ name: 'type', path: at, value: def, details: 'A parameter definition must be an object' });
      return;
    }
    const problem = (key: string, details: string, name = 'type') =>
      errors.push({ name, path: [...at, key], value: def[key], details });
    if (typeof def.id !== 'string' || !FIELD_ID_PATTERN.test(def.id) || def.id.length > 64)
      problem(
        'id',
        '"id" must start with a letter and contain only letters, digits and underscores (at most 64)',
        'regexp',
      );
    else if (ids.has(def.id)) problem('id', `Two parameters have the id "${def.id}"`, 'taken');
    if (typeof def.id === 'string') ids.add(def.id);
    if (typeof def.name !== 'string' || def.name.trim() === '')
      problem('name', '"name" must be a non-empty string', 'required');
    if (def.description !== undefined && typeof def.description !== 'string')
      problem('description', '"description" must be a string');
    if (!types.includes(def.type as string)) {
      problem('type', `"type" must be one of: ${types.join(', ')}`, 'in');
      return;
    }
    if (def.type === 'Enum') {
      const values = enumValues(def.options);
      if (
        !Array.isArray(def.options) ||
        def.options.length === 0 ||
        values.length !== def.options.length ||
        new Set(values).size !== values.length
      ) {
        problem(
          'options',
          'Enum parameters need "options": a non-empty list of unique strings (or {value: label} objects)',
        );
      }
    } else if (def.options !== undefined) {
      problem('options', '"options" is only allowed on Enum parameters', 'unknown');
    }
    if (
      def.labels !== undefined &&
      (!isPlainObject(def.labels) || !Object.values(def.labels).every((l) => typeof l === 'string'))
    )
      problem('labels', '"labels" must be an object of strings');
    if (def.required !== undefined && typeof def.required !== 'boolean')
      problem('required', '"required" must be true or false');
    if (def.default !== undefined) {
      const bad = valueProblem(def, def.default);
      if (bad) problem('default', `"default" ${bad}`);
    }
  });
  return errors;
}

/** Installation parameter values: each defined, of its type; required ones without a default present. */
function installationValueErrors(values: unknown, definitions: unknown): ErrorItem[] {
  if (values === undefined || values === null) values = {};
  if (!isPlainObject(values))
    return [
      {
        name: 'type',
        path: ['parameters'],
        value: values,
        details: '"parameters" must be an object of installation parameter values',
      },
    ];
  const defs = (Array.isArray(definitions) ? definitions : []).filter(isPlainObject);
  const byId = new Map(defs.map((d) => [d.id as string, d]));
  const errors: ErrorItem[] = [];
  for (const [id, value] of Object.entries(values)) {
    const def = byId.get(id);
    if (!def)
      errors.push({
        name: 'unknown',
        path: ['parameters', id],
        value,
        details: `No installation parameter "${id}" is defined`,
      });
    else if (valueProblem(def, value))
      errors.push({ name: 'type', path: ['parameters', id], value, details: `"${id}" ${valueProblem(def, value)}` });
  }
  for (const def of defs) {
    if (def.required === true && def.default === undefined && values[def.id as string] === undefined) {
      errors.push({
        name: 'required',
        path: ['parameters', def.id as string],
        details: `The installation parameter "${def.id as string}" is required`,
      });
    }
  }
  return errors;
}

/** Every problem of an extension body (422 ValidationFailed). */
export function extensionErrors(input: ExtensionInput): ErrorItem[] {
  const ext = input.extension;
  if (!isPlainObject(ext))
    return [{ name: 'required', path: ['extension'], value: ext, details: '"extension" must be an object' }];
  const errors: ErrorItem[] = [];
  const at = (key: string): Path => ['extension', key];
  for (const key of Object.keys(ext)) {
    if (!DEFINITION_KEYS.includes(key))
      errors.push({
        name: 'unknown',
        path: at(key),
        value: ext[key],
        details: `The property "${key}" is not allowed here.`,
      });
  }
  if (typeof ext.name !== 'string' || ext.name.trim() === '' || ext.name.length > 255) {
    errors.push({
      name: 'required',
      path: at('name'),
      value: ext.name,
      details: '"name" must be a string of 1 to 255 characters',
    });
  }
  const hasSrc = ext.src !== undefined && ext.src !== null;
  const hasSrcdoc = ext.srcdoc !== undefined && ext.srcdoc !== null;
  if (hasSrc === hasSrcdoc) {
    errors.push({
      name: 'required',
      path: ['extension'],
      details: 'An extension has exactly one of "src" and "srcdoc"',
    });
  } else if (hasSrc) {
    const problem = srcProblem(ext.src);
    if (problem) errors.push({ name: 'regexp', path: at('src'), value: ext.src, details: problem });
  } else if (typeof ext.srcdoc !== 'string') {
    errors.push({ name: 'type', path: at('srcdoc'), value: ext.srcdoc, details: '"srcdoc" must be a string' });
  } else if (Buffer.byteLength(ext.srcdoc, 'utf8') > SRCDOC_MAX_BYTES) {
    errors.push({
      name: 'size',
      path: at('srcdoc'),
      max: SRCDOC_MAX_BYTES,
      details: `"srcdoc" is ${Buffer.byteLength(ext.srcdoc, 'utf8')} bytes; at most ${SRCDOC_MAX_BYTES} (200KB) are allowed`,
    });
  }
  if (ext.fieldTypes !== undefined) {
    if (!Array.isArray(ext.fieldTypes))
      errors.push({
        name: 'type',
        path: at('fieldTypes'),
        value: ext.fieldTypes,
        details: '"fieldTypes" must be a list',
      });
    else
      ext.fieldTypes.forEach((ft, i) => {
        const problem = fieldTypeProblem(ft);
        if (problem)
          errors.push({ name: 'in', path: [...at('fieldTypes'), i], value: ft, details: `The field type ${problem}` });
      });
  }
  if (ext.sidebar !== undefined && typeof ext.sidebar !== 'boolean')
    errors.push({ name: 'type', path: at('sidebar'), value: ext.sidebar, details: '"sidebar" must be true or false' });
  const params = ext.parameters;
  if (params !== undefined) {
    if (!isPlainObject(params) || Object.keys(params).some((k) => k !== 'instance' && k !== 'installation')) {
      errors.push({
        name: 'type',
        path: at('parameters'),
        value: params,
        details: '"parameters" must be {instance?: [...], installation?: [...]}',
      });
    } else {
      errors.push(...parameterDefinitionErrors(params.instance, [...at('parameters'), 'instance']));
      errors.push(...parameterDefinitionErrors(params.installation, [...at('parameters'), 'installation']));
    }
  }
  const installation = isPlainObject(params) ? params.installation : undefined;
  errors.push(...installationValueErrors(input.parameters, installation));
  return errors;
}
