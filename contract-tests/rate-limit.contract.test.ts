import { describe, expect, it } from 'vitest';
import { generateId } from '../src/lib/ids.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type ApiResponse, type TestServer } from './support/harness.ts';

const LIMIT = 3;
/** Buckets are one-second windows that open at their first request: waiting this long starts a fresh one. */
const nextWindow = () => new Promise((resolve) => setTimeout(resolve, 1100));

function rateHeaders(api: TestServer, res: ApiResponse) {
  const get = (suffix: string) => res.headers.get(`${api.vendorPrefix}-RateLimit-${suffix}`);
  return { limit: get('Second-Limit'), remaining: get('Second-Remaining'), reset: get('Reset') };
}

for (const kind of DB_KINDS) {
  describe(`${kind}: rate limits`, () => {
    const api = useServer(kind, { env: { TESSERA_RATE_LIMIT_PER_SECOND: String(LIMIT) } });
    const createSpace = async (name: string, headers: Record<string, string> = {}) => {
      const res = await api().post('/spaces', { name }, { headers });
      expect(res.status).toBe(201);
      return res.body.sys.id as string;
    };

    it('sends the limit, the remaining budget and a zero reset on 200, 401, 404 and 422 responses', async () => {
      // Two requests in one window; on a machine so loaded that they straddle two windows, the pair is sent again.
      for (let attempt = 1; ; attempt++) {
        await nextWindow();
        const started = performance.now();
        const ok = await api().get('/users/me');
        const missing = await api().get('/spaces/doesNotExist0000000000');
        if (performance.now() - started > 900 && attempt < 5) continue;
        expect(ok.status).toBe(200);
        expect(rateHeaders(api(), ok)).toEqual({ limit: '3', remaining: '2', reset: '0' });
        expect(missing.status).toBe(404);
        expect(rateHeaders(api(), missing)).toEqual({ limit: '3', remaining: '1', reset: '0' });
        break;
      }

      const unauthorized = await api().get('/users/me', { token: 'not-a-token' });
      expect(unauthorized.status).toBe(401);
      expect(rateHeaders(api(), unauthorized)).toEqual({ limit: '3', remaining: '2', reset: '0' });

      await nextWindow();
      const spaceId = await createSpace('Headers');
      await nextWindow();
      const invalid = await api().put(
        `/spaces/${spaceId}`,
        { title: 'no name' },
        { headers: { [`${api().vendorPrefix}-Version`]: '1' } },
      );
      expect(invalid.status).toBe(422);
      expect(rateHeaders(api(), invalid)).toEqual({ limit: '3', remaining: '2', reset: '0' });
      const malformed = await api().request('PUT', `/spaces/${spaceId}`, {
        rawBody: '{"name":',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(malformed.status).toBe(400);
      expect(rateHeaders(api(), malformed).limit).toBe('3');
    });

    it('refuses requests over the budget with 429 RateLimitExceeded and a reset of at least one second', async () => {
      await nextWindow();
      // Sent together, so they land in one window however slow the machine is.
      const responses = await Promise.all(Array.from({ length: LIMIT + 2 }, () => api().get('/users/me')));
      const refused: ApiResponse | undefined = responses.find((r) => r.status === 429);
      expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429]);
      expect(refused!.body).toEqual({
        sys: { type: 'Error', id: 'RateLimitExceeded' },
        message: expect.stringContaining('rate limit'),
        requestId: refused!.headers.get(`${api().vendorPrefix}-Request-Id`),
      });
      const headers = rateHeaders(api(), refused!);
      expect(headers.limit).toBe('3');
      expect(headers.remaining).toBe('0');
      expect(Number(headers.reset)).toBeGreaterThanOrEqual(1);

      await nextWindow();
      expect((await api().get('/users/me')).status).toBe(200);
    });

    it('limits requests without a valid token by client address, so 401s are limited too', async () => {
      await nextWindow();
      const responses = await Promise.all(
        Array.from({ length: LIMIT + 1 }, () => api().get('/users/me', { token: null })),
      );
      expect(responses.map((r) => r.status).sort()).toEqual([401, 401, 401, 429]);
    });

    it('charges every space of one organization to one bucket, apart from the user bucket and other organizations', async () => {
      const { repos } = api().tessera.storage;
      const me = (await api().get('/users/me')).body;
      const other = await repos.identity.insertOrganization({ id: generateId(), name: 'Other org' });
      await repos.identity.insertOrganizationMembership({
        id: generateId(),
        organizationId: other.id,
        userId: me.sys.id,
        role: 'owner',
      });
      const orgs = (await api().get('/organizations')).body.items.map((o: any) => o.sys.id as string);
      const home = orgs.find((id: string) => id !== other.id)!;
      await nextWindow();
      const first = await createSpace('One', { [`${api().vendorPrefix}-Organization`]: home });
      const second = await createSpace('Two', { [`${api().vendorPrefix}-Organization`]: home });
      const elsewhere = await createSpace('Elsewhere', { [`${api().vendorPrefix}-Organization`]: other.id });

      for (let attempt = 1; ; attempt++) {
        await nextWindow();
        const started = performance.now();
        const burst = await Promise.all(
          [`/spaces/${first}`, `/spaces/${second}`, `/spaces/${first}/environments`, `/spaces/${second}`].map((p) =>
            api().get(p),
          ),
        );
        const otherOrg = await api().get(`/spaces/${elsewhere}`);
        const user = await api().get('/users/me');
        // A machine too busy to send these within one window says nothing about the buckets: try again.
        if (performance.now() - started > 900 && attempt < 5) continue;
        expect(burst.map((r) => r.status).sort()).toEqual([200, 200, 200, 429]);
        expect(burst.find((r) => r.status === 429)!.body.sys.id).toBe('RateLimitExceeded');
        expect(otherOrg.status).toBe(200);
        expect(rateHeaders(api(), otherOrg).remaining).toBe('2');
        expect(user.status).toBe(200);
        expect(rateHeaders(api(), user).remaining).toBe('2');
        break;
      }
    });
  });

  describe(`${kind}: rate limits switched off`, () => {
    const api = useServer(kind, { env: { TESSERA_RATE_LIMIT_PER_SECOND: '0' } });

    it('answers every request and sends no rate-limit headers', async () => {
      const responses = await Promise.all(Array.from({ length: 20 }, () => api().get('/users/me')));
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(rateHeaders(api(), responses[0])).toEqual({ limit: null, remaining: null, reset: null });
      const unauthorized = await api().get('/users/me', { token: null });
      expect(unauthorized.status).toBe(401);
      expect(rateHeaders(api(), unauthorized).limit).toBeNull();
    });
  });
}

describe('rate limit configuration', () => {
  it('refuses a negative or non-integer TESSERA_RATE_LIMIT_PER_SECOND', async () => {
    const { loadConfig } = await import('../src/config.ts');
    expect(() => loadConfig({ TESSERA_RATE_LIMIT_PER_SECOND: '-1' })).toThrow(/TESSERA_RATE_LIMIT_PER_SECOND/);
    expect(() => loadConfig({ TESSERA_RATE_LIMIT_PER_SECOND: 'fast' })).toThrow(/TESSERA_RATE_LIMIT_PER_SECOND/);
    expect(loadConfig({}).rateLimitPerSecond).toBe(7);
  });
});
