import { expect } from 'vitest';
import type { ApiResponse, TestServer } from '../support/harness.ts';
import { searchFixtures } from '../support/search-fixtures.ts';

export interface GraphqlCall {
  token?: string | null;
  environment?: string;
  method?: 'GET' | 'POST';
  operationName?: string;
  /** Token in `access_token` instead of the Authorization header. */
  inQuery?: boolean;
}

const env = (id: string) => ({ sys: { type: 'Link', linkType: 'Environment', id } });

/** A space with a delivery and a preview token, and a client for its GraphQL endpoint. */
export function graphqlFixtures(api: () => TestServer) {
  const f = searchFixtures(api);

  /** A delivery key for `environments` (default master) with its preview token. */
  async function keys(spaceId: string, environments: string[] = ['master']) {
    const res = await api().post(`/spaces/${spaceId}/api_keys`, {
      name: `key-${Math.random()}`,
      environments: environments.map(env),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const preview = await api().get(`/spaces/${spaceId}/preview_api_keys/${res.body.preview_api_key.sys.id}`);
    expect(preview.status).toBe(200);
    return { delivery: res.body.accessToken as string, preview: preview.body.accessToken as string };
  }

  function path(spaceId: string, environment?: string) {
    return environment ? `/content/v1/spaces/${spaceId}/environments/${environment}` : `/content/v1/spaces/${spaceId}`;
  }

  /** Sends a query; the token goes as a Bearer header unless `inQuery`. */
  function gql(
    spaceId: string,
    token: string | null,
    query: unknown,
    variables?: unknown,
    o: GraphqlCall = {},
  ): Promise<ApiResponse> {
    const p = path(spaceId, o.environment);
    const auth = token === null ? null : token;
    if (o.method === 'GET') {
      const q: Record<string, string> = {};
      if (query !== undefined) q.query = String(query);
      if (variables !== undefined) q.variables = typeof variables === 'string' ? variables : JSON.stringify(variables);
      if (o.inQuery && auth) q.access_token = auth;
      return api().get(p, { token: o.inQuery ? null : auth, query: q });
    }
    const body = {
      query,
      ...(variables !== undefined ? { variables } : {}),
      ...(o.operationName ? { operationName: o.operationName } : {}),
    };
    return api().request('POST', p, {
      rawBody: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json' },
      token: o.inQuery ? null : auth,
      query: o.inQuery && auth ? { access_token: auth } : {},
    });
  }

  /** The code of the first error (and checks the error shape). */
  function code(res: ApiResponse): string {
    const e = res.body.errors?.[0];
    expect(e, JSON.stringify(res.body)).toBeDefined();
    expect(typeof e.message).toBe('string');
    const ext = e.extensions[api().tessera.config.vendor.token];
    expect(typeof ext.requestId).toBe('string');
    expect(typeof ext.details).toBe('object');
    return ext.code;
  }

  const cost = (res: ApiResponse) => res.headers.get(`${api().vendorPrefix}-Graphql-Query-Cost`);

  return { ...f, keys, gql, code, cost, path };
}
