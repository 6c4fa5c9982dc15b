import SCIMMY from 'scimmy';
import { expect } from 'vitest';
import type { ApiResponse, TestServer } from './harness.ts';

export const SCIM_JSON = 'application/scim+json';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

/** A SCIM request: bodies sent as `application/scim+json` unless `contentType` says otherwise. */
export function scim(
  api: TestServer,
  method: string,
  path: string,
  body?: unknown,
  options: { token?: string; contentType?: string } = {},
) {
  return api.request(method, path, {
    ...(body === undefined ? {} : { rawBody: JSON.stringify(body) }),
    token: options.token,
    headers: body === undefined ? {} : { 'Content-Type': options.contentType ?? SCIM_JSON },
  });
}

export const scimBasePath = (org: string) => `/scim/v2/organizations/${org}`;

const mediaTypeOf = (res: ApiResponse) => (res.headers.get('content-type') ?? '').split(';')[0];

/** The resource types checked with scimmy's schemas: the schema, its URN and the attribute that names a resource. */
const RESOURCES = {
  User: { schema: SCIMMY.Schemas.User, urn: USER_SCHEMA, name: 'userName' },
  Group: { schema: SCIMMY.Schemas.Group, urn: GROUP_SCHEMA, name: 'displayName' },
} as const;

/** Checks a resource with scimmy's schema of its type (what an identity provider reads) and answers it. */
function expectScimResource(type: keyof typeof RESOURCES, res: ApiResponse, status: number) {
  const { schema, urn, name } = RESOURCES[type];
  expect(res.status, res.text).toBe(status);
  expect(mediaTypeOf(res)).toBe(SCIM_JSON);
  expect(schema.definition.coerce(res.body, 'out')[name]).toBe(res.body[name]);
  expect(res.body).toMatchObject({ schemas: [urn], meta: { resourceType: type } });
  return res.body;
}

/** Checks an RFC 7644 ListResponse (scimmy parses it and coerces every resource) and answers it. */
function expectScimList(type: keyof typeof RESOURCES, res: ApiResponse) {
  expect(res.status, res.text).toBe(200);
  expect(mediaTypeOf(res)).toBe(SCIM_JSON);
  expect(new SCIMMY.Messages.ListResponse(res.body).totalResults).toBe(res.body.totalResults);
  for (const resource of res.body.Resources ?? []) RESOURCES[type].schema.definition.coerce(resource, 'out');
  expect(
    Number.isInteger(res.body.totalResults) &&
      Number.isInteger(res.body.startIndex) &&
      Number.isInteger(res.body.itemsPerPage),
  ).toBe(true);
  return res.body;
}

export const expectScimUser = (res: ApiResponse, status = 200) => expectScimResource('User', res, status);
export const expectScimUserList = (res: ApiResponse) => expectScimList('User', res);
export const expectScimGroup = (res: ApiResponse, status = 200) => expectScimResource('Group', res, status);
export const expectScimGroupList = (res: ApiResponse) => expectScimList('Group', res);

/** Checks an RFC 7644 error body: the status as a string and the expected scimType. */
export function expectScimError(res: ApiResponse, status: number, scimType?: string) {
  expect(res.status, res.text).toBe(status);
  expect(mediaTypeOf(res)).toBe(SCIM_JSON);
  expect(res.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
  expect(res.body.status).toBe(String(status));
  expect(res.body.scimType).toBe(scimType);
  expect(typeof res.body.detail).toBe('string');
  return res.body;
}
