import { describe, expect, it } from 'vitest';
import { vendorNames } from '../../../config.ts';
import { buildWebhookRequest, type WebhookRequestInput } from './request-builder.ts';
import { cloudProxyHeaderProblem, usesCloudProxy } from './request-cloud-proxy.ts';

const proxyHeaders = [
  { key: 'X-Service-Cloud-Proxy-Key-Id', value: 'AKIAEXAMPLE', secret: false },
  { key: 'X-Service-Cloud-Proxy-Secret', value: 'wJalrXUtnFEMI', secret: true },
  { key: 'X-Service-Cloud-Proxy-Content-Type', value: 'application/x-amz-json-1.0', secret: false },
];

function input(more: Partial<WebhookRequestInput> = {}, headers = proxyHeaders): WebhookRequestInput {
  return {
    definition: {
      id: 'hook-1',
      name: 'To SQS',
      url: 'https://sqs.us-east-1.amazonaws.com:8443/123456/queue?Action=SendMessage&id={ /payload/sys/id }',
      headers,
      httpBasicUsername: null,
      httpBasicPassword: null,
      transformation: null,
    },
    payload: { sys: { id: 'e1' } },
    topic: 'ContentManagement.Entry.publish',
    actorId: null,
    eventId: '9',
    eventDatetime: '2026-01-01T00:00:00.000Z',
    crn: 'crn:service:::content:spaces/s/environments/master/entries/e1',
    attempt: 1,
    vendor: vendorNames('service'),
    ...more,
  };
}

describe('cloud signing proxy', () => {
  it('sends the call to the proxy origin with the path and query, the proxy headers and the real target in X-Forwarded-*', () => {
    const request = buildWebhookRequest(input({ signingProxyUrl: 'http://signer.internal:9000/ignored/path' }));
    expect(request.url).toBe('http://signer.internal:9000/123456/queue?Action=SendMessage&id=e1');
    expect(request.headers).toMatchObject({
      'X-Service-Cloud-Proxy-Key-Id': 'AKIAEXAMPLE',
      'X-Service-Cloud-Proxy-Secret': 'wJalrXUtnFEMI',
      'X-Service-Cloud-Proxy-Content-Type': 'application/x-amz-json-1.0',
      'X-Forwarded-Host': 'sqs.us-east-1.amazonaws.com:8443',
      'X-Forwarded-Proto': 'https',
      'Content-Type': 'application/vnd.service.management.v1+json',
      'X-Service-Topic': 'ContentManagement.Entry.publish',
    });
    expect(request.body).toBe('{"sys":{"id":"e1"}}');
  });

  it('signs the path the final receiver sees when the space has a signing secret', () => {
    const secret = 'a'.repeat(64);
    const direct = buildWebhookRequest(input({ signingSecret: secret, now: 1_700_000_000_000 }, []));
    const proxied = buildWebhookRequest(
      input({ signingSecret: secret, now: 1_700_000_000_000, signingProxyUrl: 'https://signer.internal' }),
    );
    expect(proxied.headers['x-service-signature']).toBe(direct.headers['x-service-signature']);
  });

  it('refuses to build the call when no proxy is configured, so the secret is sent nowhere', () => {
    expect(() => buildWebhookRequest(input())).toThrow(
      expect.objectContaining({ code: 'CloudProxyNotConfiguredError' }),
    );
    expect(() => buildWebhookRequest(input({ signingProxyUrl: '' }))).toThrow(/TESSERA_WEBHOOK_SIGNING_PROXY_URL/);
  });

  it('is used only with both the key id and the secret header, in any case, under the vendor prefix', () => {
    expect(usesCloudProxy(proxyHeaders, 'X-Service')).toBe(true);
    expect(
      usesCloudProxy([{ key: 'x-service-cloud-proxy-key-id' }, { key: 'X-SERVICE-CLOUD-PROXY-SECRET' }], 'X-Service'),
    ).toBe(true);
    expect(usesCloudProxy(proxyHeaders.slice(0, 1), 'X-Service')).toBe(false);
    expect(usesCloudProxy(proxyHeaders, 'X-Contentful')).toBe(false);
    const direct = buildWebhookRequest(input({}, proxyHeaders.slice(0, 1)));
    expect(direct.url).toBe('https://sqs.us-east-1.amazonaws.com:8443/123456/queue?Action=SendMessage&id=e1');
    expect(direct.headers['X-Forwarded-Host']).toBeUndefined();
  });

  it('names what is wrong with the proxy headers for validation', () => {
    expect(cloudProxyHeaderProblem(proxyHeaders, 'X-Service')).toBeUndefined();
    expect(cloudProxyHeaderProblem([], 'X-Service')).toBeUndefined();
    expect(cloudProxyHeaderProblem([proxyHeaders[0], { ...proxyHeaders[1], secret: false }], 'X-Service')).toEqual({
      index: 1,
      details: 'X-Service-Cloud-Proxy-Secret must be a secret header.',
    });
    expect(cloudProxyHeaderProblem([{ key: 'X-Other', secret: false }, proxyHeaders[1]], 'X-Service')).toEqual({
      index: 1,
      details: 'X-Service-Cloud-Proxy-Secret needs X-Service-Cloud-Proxy-Key-Id.',
    });
    expect(cloudProxyHeaderProblem([proxyHeaders[0]], 'X-Service')).toEqual({
      index: 0,
      details: 'X-Service-Cloud-Proxy-Key-Id needs X-Service-Cloud-Proxy-Secret.',
    });
  });
});
