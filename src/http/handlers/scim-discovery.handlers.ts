import { listOf, scimDiscovery } from '../../domain/scim/scim-discovery.ts';
import { AppError } from '../../errors/index.ts';
import type { HandlerMap } from '../handler.ts';
import { SCIM_MEDIA_TYPE, scimBase } from '../presenters/scim-users.presenter.ts';

const scim = (body: unknown) => ({ status: 200, body, mediaType: SCIM_MEDIA_TYPE });
/** The item with this id, or 404 (RFC 7644 §3.12: "Resource <id> not found"). */
function found<T extends { id: string }>(items: T[], id: string): T {
  const item = items.find((i) => i.id === id);
  if (!item) throw new AppError('NotFound', `Resource ${id} not found`);
  return item;
}

/** The discovery endpoints of RFC 7644 §4; the authorizer lets only the organization's owners and admins through. */
export function scimDiscoveryHandlers() {
  const of = (req: { baseUrl: string; params: { organization_id: string } }) =>
    scimDiscovery(scimBase(req.baseUrl, req.params.organization_id));
  return {
    ScimDiscovery_serviceProviderConfig: async (req) => scim(of(req).serviceProviderConfig()),
    ScimDiscovery_listResourceTypes: async (req) => scim(listOf(of(req).resourceTypes())),
    ScimDiscovery_getResourceType: async (req) => scim(found(of(req).resourceTypes(), req.params.resource_type_id)),
    ScimDiscovery_listSchemas: async (req) => scim(listOf(of(req).schemas())),
    ScimDiscovery_getSchema: async (req) => scim(found(of(req).schemas(), req.params.schema_id)),
  } satisfies Partial<HandlerMap>;
}
