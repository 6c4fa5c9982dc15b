import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: users, personal access tokens, organizations`, () => {
    const api = useServer(kind);

    it('GET /users/me answers the token owner', async () => {
      const res = await api().get('/users/me');
      expect(res.status).toBe(200);
      expect(res.body.sys).toMatchObject({ type: 'User' });
      expect(res.body.email).toBe('admin@localhost');
      expect(res.headers.get(`${api().vendorPrefix}-Request-Id`)).toMatch(/^[0-9a-f]{32}$/);
    });

    it('refuses unknown query parameters with InvalidQuery naming them', async () => {
      const res = await api().get('/users/me', { query: { colour: 'blue' } });
      expect(res.status).toBe(400);
      expect(res.body.sys.id).toBe('InvalidQuery');
      expect(res.body.message).toContain('colour');
    });

    it('accepts the token as the access_token query parameter', async () => {
      const res = await api().get('/users/me', { token: null, query: { access_token: 'test-admin-token-0123456789' } });
      expect(res.status).toBe(200);
    });

    it('refuses a missing token and an unknown token with the 401 body', async () => {
      const missing = await api().get('/users/me', { token: null });
      expect(missing.status).toBe(401);
      expect(missing.body.sys).toEqual({ type: 'Error', id: 'AccessTokenInvalid' });
      expect(missing.body.message).toMatch(/access token is required/);
      const unknown = await api().get('/users/me', { token: 'nope' });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toMatchObject({
        sys: { id: 'AccessTokenInvalid' },
        requestId: unknown.headers.get(`${api().vendorPrefix}-Request-Id`),
      });
    });

    it('creates, lists, gets and revokes a personal access token; a revoked token stops working', async () => {
      const created = await api().post('/users/me/access_tokens', {
        name: 'ci',
        scopes: ['content_management_manage'],
      });
      expect(created.status).toBe(201);
      expect(created.body.token).toMatch(/^TPAT-[0-9a-f]{64}$/);
      expect(created.headers.get('location')).toMatch(new RegExp(`/users/me/access_tokens/${created.body.sys.id}$`));
      const token = created.body.token as string;
      expect((await api().get('/users/me', { token })).status).toBe(200);

      const list = await api().get('/users/me/access_tokens', { query: { order: '-sys.createdAt', limit: 1 } });
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ sys: { type: 'Array' }, skip: 0, limit: 1 });
      expect(list.body.total).toBeGreaterThanOrEqual(2);
      expect(list.body.items[0].token).toBeUndefined();

      const one = await api().get(`/users/me/access_tokens/${created.body.sys.id}`);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ name: 'ci', revokedAt: null });
      expect(one.body.token).toBeUndefined();

      const revoked = await api().put(`/users/me/access_tokens/${created.body.sys.id}/revoked`, undefined);
      expect(revoked.status).toBe(200);
      expect(revoked.body.revokedAt).toMatch(/Z$/);
      expect((await api().get('/users/me', { token })).status).toBe(401);
    });

    it('a read-only token can read but not write', async () => {
      const created = await api().post('/users/me/access_tokens', { name: 'ro', scopes: ['content_management_read'] });
      const token = created.body.token as string;
      expect((await api().get('/spaces', { token })).status).toBe(200);
      const write = await api().post('/spaces', { name: 'nope' }, { token });
      expect(write.status).toBe(403);
      expect(write.body.sys.id).toBe('AccessDenied');
    });

    it('an expired token is refused', async () => {
      const created = await api().post('/users/me/access_tokens', {
        name: 'short',
        scopes: ['content_management_read'],
        expiresIn: 1,
      });
      expect(created.body.expiresAt).toMatch(/Z$/);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await api().get('/users/me', { token: created.body.token })).status).toBe(401);
    });

    it('refuses bad token bodies and unknown token ids, and stores nothing', async () => {
      const before = (await api().get('/users/me/access_tokens')).body.total;
      for (const body of [
        {},
        { name: 'x' },
        { name: 'x', scopes: [] },
        { name: 'x', scopes: ['root'] },
        { name: '', scopes: ['content_management_read'] },
      ]) {
        const res = await api().post('/users/me/access_tokens', body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body.sys.id).toBe('ValidationFailed');
        expect(res.body.details.errors.length).toBeGreaterThan(0);
      }
      const malformed = await api().request('POST', '/users/me/access_tokens', {
        rawBody: '{"name":',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toMatch(/Invalid JSON/);
      expect((await api().get('/users/me/access_tokens')).body.total).toBe(before);
      expect((await api().get('/users/me/access_tokens/unknown')).status).toBe(404);
      expect((await api().put('/users/me/access_tokens/unknown/revoked', undefined)).status).toBe(404);
      expect((await api().get('/users/me/access_tokens', { query: { limit: -1 } })).status).toBe(400);
      expect((await api().get('/users/me/access_tokens', { query: { order: 'nope' } })).body.sys.id).toBe(
        'InvalidQuery',
      );
    });

    it('lists the organizations of the user', async () => {
      const res = await api().get('/organizations');
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(1);
      expect(res.body.items[0].sys.type).toBe('Organization');
      expect((await api().get('/organizations', { query: { skip: 'x' } })).body.sys.id).toBe('InvalidQuery');
      expect((await api().get('/organizations', { token: 'bad' })).status).toBe(401);
    });

    it('unknown routes answer NotFound', async () => {
      const res = await api().get('/no/such/route');
      expect(res.status).toBe(404);
      expect(res.body.sys.id).toBe('NotFound');
    });

    it('answers CORS preflights allowing the vendor headers', async () => {
      const res = await fetch(`${api().baseUrl}/spaces`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://example.test', 'Access-Control-Request-Method': 'PUT' },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-headers')).toContain(`${api().vendorPrefix}-Version`);
    });
  });
}
