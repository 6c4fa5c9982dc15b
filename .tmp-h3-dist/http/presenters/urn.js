/**
 * `sys.urn`: `crn:<vendor token>:::content:spaces/<space>/environments/<environment>/<collection>/<id>`. The
 * environment is named as in `sys.environment` (an alias id when the client used one).
 */
export const contentUrn = (vendorToken, spaceId, environmentId, collection, id) => `crn:${vendorToken}:::content:spaces/${spaceId}/environments/${environmentId}/${collection}/${id}`;
