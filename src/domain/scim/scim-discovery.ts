import SCIMMY from 'scimmy';
import { SCIM_MAX_RESULTS } from './scim-users-service.ts';

type Attribute = { name: string; mutability?: string; subAttributes?: Attribute[] } & Record<string, unknown>;
type SchemaDescription = { id: string; attributes: Attribute[] } & Record<string, unknown>;

/**
 * The User attributes Tessera supports, with the mutability of the spec's mapping table: whatever is not listed is
 * not in the published schema (and not synchronised). Sub-attributes listed as `null` keep scimmy's full list.
 */
const SUPPORTED_USER_ATTRIBUTES: Record<string, { mutability: string; subAttributes: string[] | null }> = {
  userName: { mutability: 'immutable', subAttributes: null },
  name: { mutability: 'immutable', subAttributes: ['givenName', 'familyName'] },
  active: { mutability: 'readOnly', subAttributes: null },
  emails: { mutability: 'readOnly', subAttributes: ['value', 'type', 'primary'] },
};

const withMutability = (attribute: Attribute, mutability: string): Attribute => ({
  ...attribute,
  mutability,
  ...(attribute.subAttributes
    ? { subAttributes: attribute.subAttributes.map((s) => withMutability(s, mutability)) }
    : {}),
});

/** scimmy's User schema, cut down to the supported attributes (a fresh copy: scimmy's definition is left alone). */
function userSchema(): SchemaDescription {
  const full = JSON.parse(JSON.stringify(SCIMMY.Schemas.User.definition.describe())) as SchemaDescription;
  const attributes = full.attributes.flatMap((attribute) => {
    const supported = SUPPORTED_USER_ATTRIBUTES[attribute.name];
    if (!supported) return [];
    const kept = supported.subAttributes;
    const trimmed =
      kept && attribute.subAttributes
        ? { ...attribute, subAttributes: attribute.subAttributes.filter((s) => kept.includes(s.name)) }
        : attribute;
    return [withMutability(trimmed, supported.mutability)];
  });
  return { ...full, attributes };
}

/** scimmy's Group schema: `displayName` unique in the organization (a team's name), members referencing users only. */
function groupSchema(): SchemaDescription {
  const full = JSON.parse(JSON.stringify(SCIMMY.Schemas.Group.definition.describe())) as SchemaDescription;
  const attributes = full.attributes.map((attribute) => {
    if (attribute.name === 'displayName') return { ...attribute, uniqueness: 'server' };
    if (attribute.name !== 'members' || !attribute.subAttributes) return attribute;
    const subAttributes = attribute.subAttributes
      .filter((s) => s.name !== '$ref')
      .map((s) => (s.name === 'type' ? { ...s, canonicalValues: ['User'] } : s));
    return { ...attribute, subAttributes };
  });
  return { ...full, attributes };
}

const resourceType = (resource: typeof SCIMMY.Resources.User | typeof SCIMMY.Resources.Group) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
  ...resource.describe(),
});

/** The discovery documents of RFC 7644 §4, with `meta.location` under `base` (the organization's SCIM URL). */
export function scimDiscovery(base: string) {
  const meta = (resourceType: string, path: string) => ({ resourceType, location: `${base}${path}` });
  return {
    serviceProviderConfig: () => ({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [
        {
          type: 'oauthbearertoken',
          name: 'OAuth Bearer Token',
          primary: true,
          description:
            'Authentication with a personal access token of an organization owner or admin, sent as Authorization: Bearer <token>.',
        },
      ],
      meta: meta('ServiceProviderConfig', '/ServiceProviderConfig'),
    }),
    resourceTypes: () =>
      [SCIMMY.Resources.User, SCIMMY.Resources.Group].map((resource) => ({
        ...resourceType(resource),
        meta: meta('ResourceType', `/ResourceTypes/${resource.describe().id}`),
      })),
    schemas: () =>
      [userSchema(), groupSchema()].map((schema) => ({ ...schema, meta: meta('Schema', `/Schemas/${schema.id}`) })),
  };
}

/** An RFC 7644 ListResponse of every item (discovery lists are not paged). */
export const listOf = <T>(items: T[]) =>
  new SCIMMY.Messages.ListResponse(items as never[], {
    startIndex: 1,
    itemsPerPage: items.length,
    totalResults: items.length,
  });
