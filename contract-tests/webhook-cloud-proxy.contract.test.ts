import { afterAll, describe, expect, it } from 'vitest';
import { useServer } from './support/harness.ts';
import { startReceiver } from './support/webhook-receiver.ts';
import { WEBHOOK_TEST_ENV, webhookFixtures } from './support/webhook-fixtures.ts';

// The "proxy" is a loopback receiver: what it gets is what the operator's signing proxy would get.
const proxy = await startReceiver();
afterAll(async () => {
  await proxy.close();
});

const proxyHeaders = (prefix: string) => [
  { key: `${prefix}-Cloud-Proxy-Key-Id`, value: 'AKIDEXAMPLE' },
  { key: `${prefix}-Cloud-Proxy-Secret`, value: 'wJalrXUtnFEMI', secret: true },
  { key: `${prefix}-Cloud-Proxy-Content-Type`, value: 'application/json' },
];

describe('the cloud signing proxy (TESSERA_WEBHOOK_SIGNING_PROXY_URL)', () => {
  const api = useServer('pglite', {
    env: { ...WEBHOOK_TEST_ENV, TESSERA_WEBHOOK_SIGNING_PROXY_URL: `${proxy.url}/ignored` },
  });
  const f = webhookFixtures(api);

  it('sends a definition with the proxy headers to the proxy origin, naming the real target in X-Forwarded-*', async () => {
    const s = await f.space('Proxied');
    const hook = await f.hook(s.id, {
      url: 'https://lambda.example.com:8443/deploy/now?stage=prod',
      topics: ['Entry.create'],
      headers: proxyHeaders(api().vendorPrefix),
    });
    const entry = await f.entry(s.id);
    const [call] = await proxy.waitFor(1, '/deploy/now');
    expect(call!.path).toBe('/deploy/now?stage=prod');
    expect(call!.headers['x-forwarded-host']).toBe('lambda.example.com:8443');
    expect(call!.headers['x-forwarded-proto']).toBe('https');
    const prefix = api().vendorPrefix.toLowerCase();
    expect(call!.headers[`${prefix}-cloud-proxy-key-id`]).toBe('AKIDEXAMPLE');
    expect(call!.headers[`${prefix}-cloud-proxy-secret`]).toBe('wJalrXUtnFEMI');
    expect(JSON.parse(call!.body).sys.id).toBe(entry.sys.id);
    const [logged] = await f.calls(s.id, hook, 1);
    expect(logged.statusCode).toBe(200);
  });

  it('refuses proxy headers that are not a pair, or a proxy secret that is not secret, and stores nothing', async () => {
    const s = await f.space('Refused');
    const [keyId, secret] = proxyHeaders(api().vendorPrefix);
    for (const headers of [[keyId], [secret], [keyId, { ...secret, secret: false }]]) {
      const res = await api().post(`/spaces/${s.id}/webhook_definitions`, {
        name: 'Hook',
        url: 'https://example.com/x',
        topics: ['*.*'],
        headers,
      });
      expect(res.status, res.text).toBe(422);
      expect(res.body.details.errors[0].path[0]).toBe('headers');
    }
    expect((await api().get(`/spaces/${s.id}/webhook_definitions`)).body.total).toBe(0);
  });
});

describe('without TESSERA_WEBHOOK_SIGNING_PROXY_URL', () => {
  const api = useServer('pglite', { env: WEBHOOK_TEST_ENV });
  const f = webhookFixtures(api);

  it('does not send a proxied definition anywhere and records CloudProxyNotConfiguredError', async () => {
    const s = await f.space('No proxy');
    const hook = await f.hook(s.id, {
      url: `${proxy.url}/direct`,
      topics: ['Entry.create'],
      headers: proxyHeaders(api().vendorPrefix),
    });
    await f.entry(s.id);
    const [logged] = await f.calls(s.id, hook, 1);
    expect(logged.errors).toEqual(['CloudProxyNotConfiguredError']);
    expect(logged.statusCode).toBeNull();
    expect(proxy.to('/direct')).toHaveLength(0);
  });
});
