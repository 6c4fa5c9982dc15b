import SCIMMY from 'scimmy';
import { ScimError } from '../../errors/index.ts';
import { withScimLibrary } from './scim-library-errors.ts';

const RESOURCES = {
  User: { schema: SCIMMY.Schemas.User, resource: SCIMMY.Resources.User },
  Group: { schema: SCIMMY.Schemas.Group, resource: SCIMMY.Resources.Group },
} as const;

export type ScimResourceType = keyof typeof RESOURCES;

/** The query parameters of RFC 7644 §3.9, as the request carries them. */
export interface ScimAttributeParameters {
  attributes?: unknown;
  excludedAttributes?: unknown;
}

/** A SCIM resource as presented before the projection; `schemas` is always answered. */
export type ScimResourceBody = { schemas: string[] } & Record<string, unknown>;

/** The part of each resource a request asks for (RFC 7644 §3.9). */
export interface ScimProjection {
  project(resource: ScimResourceBody): ScimResourceBody;
  /** Whether `attribute` (top level) stays in `sample` once projected: whether it is worth reading at all. */
  keeps(sample: ScimResourceBody, attribute: string): boolean;
}

/** RFC 7644 §3.10 attribute notation: an optional schema URN, a name, an optional sub-attribute (`$ref` as RFC 7643 names one). */
const ATTRIBUTE_PATH = /^(?:(urn:[^\s,]+):)?([A-Za-z][\w-]*)(?:\.([A-Za-z][\w-]*|\$ref))?$/;

/**
 * The attribute names of a parameter, without the resource's own schema URN (scimmy matches names case-insensitively
 * but not URN-qualified core names). A name qualified by another schema's URN names nothing of this resource and is
 * left out, as scimmy leaves out names it does not know.
 */
function attributeNames(type: ScimResourceType, parameter: string, raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw.join(',') : raw;
  if (typeof list !== 'string')
    throw new ScimError('invalidFilter', `${parameter} must be a comma-separated list of attribute names.`);
  const core = RESOURCES[type].schema.definition.id.toLowerCase();
  return list.split(',').flatMap((entry) => {
    const match = ATTRIBUTE_PATH.exec(entry.trim());
    if (!match) {
      throw new ScimError(
        'invalidFilter',
        `${parameter} must be a comma-separated list of attribute names such as userName or name.givenName; "${entry.trim()}" is not one.`,
      );
    }
    const [, urn, name, subAttribute] = match;
    if (urn !== undefined && urn.toLowerCase() !== core) return [];
    return [subAttribute === undefined ? name : `${name}.${subAttribute}`];
  });
}

const isComplex = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Leaves out complex values without a sub-attribute (`name` of a person without names, or asked only for an unset one). */
function withoutEmpty(resource: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(resource).flatMap(([key, value]) => {
      const kept = isComplex(value) ? withoutEmpty(value) : value;
      return kept === undefined || (isComplex(kept) && Object.keys(kept).length === 0) ? [] : [[key, kept]];
    }),
  );
}

/**
 * Reads `attributes` or `excludedAttributes` (RFC 7644 §3.9) for resources of `type`; scimmy parses them and shapes
 * each resource with its schema: `returned: "always"` attributes (`id`) stay, `"never"` ones never show, names are
 * case-insensitive, sub-attributes (`name.givenName`) and names qualified by the resource's schema URN work, unknown
 * names are ignored. `schemas` is always answered. Both parameters together, or a list that is not attribute names,
 * answer 400: call it before changing anything.
 */
export async function scimProjection(
  type: ScimResourceType,
  parameters: ScimAttributeParameters,
): Promise<ScimProjection> {
  const { attributes, excludedAttributes } = parameters;
  if (attributes !== undefined && excludedAttributes !== undefined) {
    throw new ScimError(
      'invalidSyntax',
      'attributes and excludedAttributes are mutually exclusive (RFC 7644 §3.9): send one of them.',
    );
  }
  const { schema, resource } = RESOURCES[type];
  const included = attributes === undefined ? undefined : attributeNames(type, 'attributes', attributes);
  const excluded =
    excludedAttributes === undefined ? undefined : attributeNames(type, 'excludedAttributes', excludedAttributes);
  // `id` is always returned: asking for it alone (or for no attribute of this resource) asks for the minimum set.
  const query = included
    ? { attributes: [...included, 'id'].join(',') }
    : excluded?.length
      ? { excludedAttributes: excluded.join(',') }
      : {};
  const filter = await withScimLibrary('invalidFilter', () => new resource(undefined, query).attributes);
  const project = (body: ScimResourceBody): ScimResourceBody => {
    const projected = schema.definition.coerce(body, 'out', undefined, filter) as Record<string, unknown>;
    return { schemas: body.schemas, ...withoutEmpty(projected) };
  };
  return { project, keeps: (sample, attribute) => attribute in project(sample) };
}
