/** The collections a content resource name can point into. */
export type UrnCollection = 'entries' | 'assets' | 'content_types';

/**
 * `sys.urn`: `crn:<vendor token>:::content:spaces/<space>/environments/<environment>/<collection>/<id>`. The
 * environment is named as in `sys.environment` (an alias id when the client used one).
 */
export const contentUrn = (
  vendorToken: string,
  spaceId: string,
  environmentId: string,
  collection: UrnCollection,
  id: string,
) => `crn:${vendorToken}:::content:spaces/${spaceId}/environments/${environmentId}/${collection}/${id}`;
