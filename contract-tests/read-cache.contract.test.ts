import { beforeAll, describe, expect, it } from 'vitest';
import type { Tessera } from '../src/app.ts';
import { useServer } from './support/harness.ts';
import { useTwoProcesses } from './support/two-processes.ts';

/** Polls `check` until it holds: the bound only ends a run that would never converge, it is not a timing the test asserts. */
const eventually = async (check: () => Promise<boolean>, ms = 10_000) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
};

describe('read cache within one process', () => {
  const api = useServer('pglite');

  it('a revoked token is refused by the very next request', async () => {
    const { body } = await api().post('/users/me/access_tokens', { name: 'c', scopes: ['content_management_manage'] });
    for (let i = 0; i < 3; i++) expect((await api().get('/users/me', { token: body.token })).status).toBe(200);
    await api().put(`/users/me/access_tokens/${body.sys.id}/revoked`, undefined);
    expect((await api().get('/users/me', { token: body.token })).status).toBe(401);
  });

  it('locale lists and alias targets are fresh right after every write', async () => {
    const v = `${api().vendorPrefix}-Version`;
    const space = (await api().post('/spaces', { name: 'Fresh' })).body.sys.id as string;
    const codes = async (env: string) =>
      ((await api().get(`/spaces/${space}/environments/${env}/locales`)).body.items as any[]).map((l) => l.code).sort();
    expect(await codes('master')).toEqual(['en-US']);
    const de = (await api().post(`/spaces/${space}/environments/master/locales`, { name: 'German', code: 'de-DE' }))
      .body;
    expect(await codes('master')).toEqual(['de-DE', 'en-US']);
    await api().put(
      `/spaces/${space}/environments/master/locales/${de.sys.id}`,
      { name: 'German', code: 'de-AT' },
      { headers: { [v]: '1' } },
    );
    expect(await codes('master')).toEqual(['de-AT', 'en-US']);
    await api().delete(`/spaces/${space}/environments/master/locales/${de.sys.id}`);
    expect(await codes('master')).toEqual(['en-US']);

    await api().put(`/spaces/${space}/environments/staging`, { name: 'staging' });
    const waitReady = async (id: string) => {
      for (
        let i = 0;
        i < 100 && (await api().get(`/spaces/${space}/environments/${id}`)).body.sys.status.sys.id !== 'ready';
        i++
      )
        await new Promise((r) => setTimeout(r, 50));
    };
    await waitReady('staging');
    await api().post(`/spaces/${space}/environments/staging/locales`, { name: 'French', code: 'fr-FR' });
    const master = (
      await api().put(`/spaces/${space}/environment_aliases/master`, {
        environment: { sys: { type: 'Link', linkType: 'Environment', id: 'master' } },
      })
    ).body;
    expect(await codes('master')).toEqual(['en-US']);
    await api().put(
      `/spaces/${space}/environment_aliases/master`,
      { environment: { sys: { type: 'Link', linkType: 'Environment', id: 'staging' } } },
      { headers: { [v]: String(master.sys.version) } },
    );
    expect(await codes('master')).toEqual(['en-US', 'fr-FR']);
  });

  it('a renamed or deleted space is seen at once', async () => {
    const space = (await api().post('/spaces', { name: 'Before' })).body;
    await api().get(`/spaces/${space.sys.id}`);
    await api().put(
      `/spaces/${space.sys.id}`,
      { name: 'After' },
      { headers: { [`${api().vendorPrefix}-Version`]: '1' } },
    );
    expect((await api().get(`/spaces/${space.sys.id}`)).body.name).toBe('After');
    await api().delete(`/spaces/${space.sys.id}`);
    expect((await api().get(`/spaces/${space.sys.id}`)).status).toBe(404);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('read cache across two processes on one PostgreSQL database', () => {
  const token = 'cache-test-token-000000';
  const processes = useTwoProcesses(token);
  let baseA = '';
  let baseB = '';
  let b: Tessera;
  beforeAll(() => {
    ({ baseA, baseB, b } = processes());
  });

  const call = (base: string, path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${init.token ?? token}`,
        'Content-Type': 'application/json',
        ...(init.headers ?? {}),
      },
    });

  it('a token revoked through one process stops working in the other', async () => {
    const created = (await (
      await call(baseA, '/users/me/access_tokens', {
        method: 'POST',
        body: JSON.stringify({ name: 'x', scopes: ['content_management_read'] }),
      })
    ).json()) as any;
    expect((await call(baseB, '/users/me', { token: created.token })).status).toBe(200);
    expect(b.cache?.enabled).toBe(true);
    expect(b.cache?.size).toBeGreaterThan(0); // B now answers this token from its cache
    await call(baseA, `/users/me/access_tokens/${created.sys.id}/revoked`, { method: 'PUT' });
    expect(
      await eventually(async () => (await call(baseB, '/users/me', { token: created.token })).status === 401),
    ).toBe(true);
  });

  it('an API key deleted through one process is refused by the other, with both its tokens', async () => {
    const post = (base: string, path: string, body: unknown, as?: string) =>
      call(base, path, { method: 'POST', body: JSON.stringify(body), token: as });
    const space = (await (await post(baseA, '/spaces', { name: 'Keys' })).json()) as any;
    const keys = `/spaces/${space.sys.id}/api_keys`;
    const key = (await (
      await post(baseA, keys, {
        name: 'k',
        environments: [{ sys: { type: 'Link', linkType: 'Environment', id: 'master' } }],
      })
    ).json()) as any;
    const preview = (
      (await (
        await call(baseA, `/spaces/${space.sys.id}/preview_api_keys/${key.preview_api_key.sys.id}`)
      ).json()) as any
    ).accessToken as string;
    const statuses = () =>
      Promise.all(
        [key.accessToken as string, preview].map(
          async (as) =>
            (
              await post(
                baseB,
                `/content/v1/spaces/${space.sys.id}/environments/master`,
                { query: '{ __typename }' },
                as,
              )
            ).status,
        ),
      );
    expect(await statuses()).toEqual([200, 200]); // B now answers both tokens from its cache
    expect((await call(baseA, `${keys}/${key.sys.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await eventually(async () => (await statuses()).every((status) => status === 401))).toBe(true);
  });

  it('a space deleted through one process is gone in the other', async () => {
    const space = (await (
      await call(baseA, '/spaces', { method: 'POST', body: JSON.stringify({ name: 'S' }) })
    ).json()) as any;
    expect((await call(baseB, `/spaces/${space.sys.id}`)).status).toBe(200);
    expect((await call(baseA, `/spaces/${space.sys.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await eventually(async () => (await call(baseB, `/spaces/${space.sys.id}`)).status === 404)).toBe(true);
  });
});
