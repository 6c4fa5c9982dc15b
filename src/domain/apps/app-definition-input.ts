import { validationFailed, type ErrorItem } from '../../errors/index.ts';
import type { AppDefinitionFields } from '../../storage/port/index.ts';
import {
  fieldTypeProblem,
  PARAMETER_TYPES,
  parameterDefinitionErrors,
  srcProblem,
} from '../content-model/extension-rules.ts';
import { isPlainObject } from '../content-model/value-shape.ts';

/** Where an app renders (reference §1.17). */
export const APP_LOCATIONS = ['app-config', 'entry-sidebar', 'entry-editor', 'entry-field', 'dialog', 'page', 'home'];
const SRC_MAX_LENGTH = 2048;

function locationErrors(location: unknown, index: number, seen: Set<string>): ErrorItem[] {
  const path = ['locations', index];
  if (!isPlainObject(location) || typeof location.location !== 'string' || !APP_LOCATIONS.includes(location.location))
    return [
      {
        name: 'in',
        path: [...path, 'location'],
        value: isPlainObject(location) ? location.location : location,
        details: `A location must be one of: ${APP_LOCATIONS.join(', ')}`,
      },
    ];
  const errors: ErrorItem[] = [];
  const { location: id, fieldTypes, navigationItem } = location;
  if (seen.has(id)) errors.push({ name: 'taken', path, value: id, details: `The location ${id} is listed twice` });
  seen.add(id);
  if (id === 'entry-field') {
    if (!Array.isArray(fieldTypes) || fieldTypes.length === 0)
      errors.push({
        name: 'required',
        path: [...path, 'fieldTypes'],
        details: 'The entry-field location needs "fieldTypes": a non-empty list of field types',
      });
    else
      fieldTypes.forEach((fieldType, i) => {
        const problem = fieldTypeProblem(fieldType);
        if (problem)
          errors.push({
            name: 'in',
            path: [...path, 'fieldTypes', i],
            value: fieldType,
            details: `The field type ${problem}`,
          });
      });
  } else if (fieldTypes !== undefined)
    errors.push({
      name: 'unexpected',
      path: [...path, 'fieldTypes'],
      details: '"fieldTypes" is only allowed on entry-field',
    });
  if (navigationItem !== undefined) {
    const valid =
      id === 'page' &&
      isPlainObject(navigationItem) &&
      typeof navigationItem.name === 'string' &&
      navigationItem.name !== '' &&
      typeof navigationItem.path === 'string' &&
      navigationItem.path.startsWith('/');
    if (!valid)
      errors.push({
        name: id === 'page' ? 'type' : 'unexpected',
        path: [...path, 'navigationItem'],
        value: navigationItem,
        details: 'Only the page location takes "navigationItem": {name, path} with a path starting with "/"',
      });
  }
  return errors;
}

function parameterErrors(parameters: unknown): ErrorItem[] {
  if (parameters === undefined || parameters === null) return [];
  if (!isPlainObject(parameters) || Object.keys(parameters).some((k) => k !== 'instance' && k !== 'installation'))
    return [
      {
        name: 'type',
        path: ['parameters'],
        value: parameters,
        details: '"parameters" must be {instance?: [...], installation?: [...]}',
      },
    ];
  return [
    ...parameterDefinitionErrors(parameters.instance, ['parameters', 'instance']),
    ...parameterDefinitionErrors(
      parameters.installation,
      ['parameters', 'installation'],
      [...PARAMETER_TYPES, 'Secret'],
    ),
  ];
}

/** The fields of an app definition body, or 422 `ValidationFailed` naming every problem. */
export function appDefinitionFields(body: Record<string, unknown>): AppDefinitionFields {
  const errors: ErrorItem[] = [];
  const { name, src, locations, parameters } = body;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 255)
    errors.push({ name: 'size', path: ['name'], value: name, details: '"name" must be 1 to 255 characters' });
  if (src !== undefined && src !== null) {
    const problem = typeof src === 'string' && src.length > SRC_MAX_LENGTH ? 'is too long' : srcProblem(src);
    if (problem) errors.push({ name: 'format', path: ['src'], value: src, details: problem });
  }
  if (locations !== undefined && locations !== null) {
    if (!Array.isArray(locations))
      errors.push({ name: 'type', path: ['locations'], value: locations, details: '"locations" must be a list' });
    else {
      const seen = new Set<string>();
      locations.forEach((location, i) => errors.push(...locationErrors(location, i, seen)));
    }
  }
  errors.push(...parameterErrors(parameters));
  if (errors.length) throw validationFailed(errors);
  return {
    name: name as string,
    src: (src as string | undefined) ?? null,
    locations: (locations as unknown[] | undefined) ?? null,
    parameters: (parameters as Record<string, unknown> | undefined) ?? null,
  };
}
