import SCIMMY from 'scimmy';
import { expect } from 'vitest';
import type { ApiResponse, TestServer } from './harness.ts';

export const SCIM_JSON = 'application/scim+json';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

/** A SCIM request: bodies sent as `application/scim+json` unless `contentType` says otherwise. */
export function scim(api: TestServer, method: string, path: string, body?: unknown, options: { token?: string; contentType?: string } = {}) {
  return api.request(method, path, {
    ...(body === undefined ? {} : { rawBody: JSON.stringify(body) }),
    token: options.token,
    headers: body === undefined ? {} : { 'Content-Type': options.contentType ?? SCIM_JSON },
  });
}

export const scimBasePath = (org: string) => `/scim/v2/organizations/${org}`;

const mediaTypeOf = (res: ApiResponse) => (res.headers.get('content-type') ?? '').split(';')[0];

/** Checks a User resource with scimmy's User schema (what an identity provider reads) and answers it. */
export function expectScimUser(res: ApiResponse, status = 200) {
  expect(res.status, res.text).toBe(status);
  expect(mediaTypeOf(res)).toBe(SCIM_JSON);
  const coerced = SCIMMY.Schemas.User.definition.coerce(res.body, 'out');
  expect(coerced.userName).toBe(res.body.userName);
  expect(res.body).toMatchObject({ schemas: [USER_SCHEMA], meta: { resourceType: 'User' } });
  return res.body;
}

/** Checks an RFC 7644 ListResponse (scimmy parses it) of users and answers it. */
export function expectScimUserList(res: ApiResponse) {
  expect(res.status, res.text).toBe(200);
  expect(mediaTypeOf(res)).toBe(SCIM_JSON);
  const parsed = new SCIMMY.Messages.ListResponse(res.body);
  expect(parsed.totalResults).toBe(res.body.totalResults);
  for (const user of res.body.Resources ?? []) SCIMMY.Schemas.User.definition.coerce(user, 'out');
  expect(Number.isInteger(res.body.totalResults) && Number.isInteger(res.body.startIndex) && Number.isInteger(res.body.itemsPerPage)).toBe(true);
  return res.body;
}

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

/** Checks a Group resource with scimmy's Group schema and answers it. */
export function expectScimGroup(res: ApiResponse, status = 200) {
  expect(res.status, res.text).toBe(status);
  expect(mediaTypeOf(res)).toBe(SCIM_JSON);
  const coerced = SCIMMY.Schemas.Group.definition.coerce(res.body, 'out');
  expect(coerced.displayName).toBe(res.body.displayName);
  expect(res.body).toMatchObject({ schemas: [GROUP_SCHEMA], meta: { resourceType: 'Group' } });
  return res.body;
}

/** Checks an RFC 7644 ListResponse of groups (scimmy parses it and coerces every group) and answers it. */
export function expectScimGroupList(res: ApiResponse) {
  expect(res.status, res.text).toBe(200);
  expect(mediaTypeOf(res)).toBe(SCIM_JSON);
  expect(new SCIMMY.Messages.ListResponse(res.body).totalResults).toBe(res.body.totalResults);
  for (const group of res.body.Resources ?? []) SCIMMY.Schemas.Group.definition.coerce(group, 'out');
  expect(Number.isInteger(res.body.totalResults) && Number.isInteger(res.body.startIndex) && Number.isInteger(res.body.itemsPerPage)).toBe(true);
  return res.body;
}
