import { signRequest, verifyRequest } from '@contentful/node-apps-toolkit';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorNames } from '../../../config.ts';
import { buildWebhookRequest, type WebhookRequestInput } from './request-builder.ts';
import { signatureHeaders } from './signing.ts';

const SECRET = 'Zq3v9Xw2Lk8Jm4Np7Rt1Yb6Hc5Gd0Fs2Ae9Ui4Ko8Pl3Mn7Bv1Cx6Za5Sd2Qw0E1';
const payload = { sys: { id: 'e1', type: 'Entry' }, fields: { title: { 'en-US': 'Grüße ✓' } } };

function input(vendor: string, more: Partial<WebhookRequestInput> = {}): WebhookRequestInput {
  return {
    definition: {
      id: 'hook-1',
      name: 'Signed ✓ hook',
      url: 'http://127.0.0.1/hooks/{ /payload/sys/id }?a=1&b=x y&c=ä',
      headers: [{ key: 'X-Custom', value: 'custom', secret: true }],
      httpBasicUsername: 'u',
      httpBasicPassword: 'p',
      transformation: null,
    },
    payload,
    topic: 'ContentManagement.Entry.publish',
    actorId: 'user-1',
    eventId: '42',
    eventDatetime: new Date().toISOString(),
    crn: `crn:${vendor}:::content:spaces/s1/environments/master/entries/e1`,
    attempt: 2,
    vendor: vendorNames(vendor),
    signingSecret: SECRET,
    now: Date.now(),
    ...more,
  };
}

interface Received {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

let received: Received[] = [];
const server = createServer((req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push({
      method: req.method!,
      path: req.url!,
      headers: req.headers as Record<string, string>,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    res.end('ok');
  });
});
let origin = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends the built request to the loopback receiver and returns what it read off the wire. */
async function deliver(build: WebhookRequestInput): Promise<Received> {
  received = [];
  const request = buildWebhookRequest({
    ...build,
    definition: { ...build.definition, url: build.definition.url.replace('http://127.0.0.1', origin) },
  });
  const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  await response.text();
  return received[0];
}

describe('request signing', () => {
  it('is verified by the toolkit verifyRequest from what a receiver reads (vendor contentful)', async () => {
    const got = await deliver(input('contentful'));
    expect(got.headers['x-contentful-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(got.headers['x-contentful-signed-headers'].split(',')).toEqual([
      'content-type',
      'x-contentful-crn',
      'x-contentful-event-datetime',
      'x-contentful-idempotency-key',
      'x-contentful-signed-headers',
      'x-contentful-timestamp',
      'x-contentful-topic',
      'x-contentful-webhook-name',
      'x-contentful-webhook-request-attempt',
    ]);
    expect(got.path).toMatch(/^\/hooks\/e1\?/);
    expect(
      verifyRequest(SECRET, { method: got.method as 'POST', path: got.path, headers: got.headers, body: got.body }),
    ).toBe(true);
    expect(
      verifyRequest(SECRET, {
        method: got.method as 'POST',
        path: got.path,
        headers: got.headers,
        body: got.body.replace('e1', 'e2'),
      }),
    ).toBe(false);
    expect(
      verifyRequest(SECRET, {
        method: got.method as 'POST',
        path: got.path,
        headers: { ...got.headers, 'x-contentful-topic': 'x' },
        body: got.body,
      }),
    ).toBe(false);
    expect(
      verifyRequest(SECRET.replace('Z', 'Y'), {
        method: got.method as 'POST',
        path: got.path,
        headers: got.headers,
        body: got.body,
      }),
    ).toBe(false);
  });

  it('is verified for a bodyless GET and a form body with a transformation', async () => {
    for (const transformation of [
      { method: 'GET' as const },
      { contentType: 'application/x-www-form-urlencoded', body: { id: '{ /payload/sys/id }' } },
    ]) {
      const base = input('contentful');
      const got = await deliver({ ...base, definition: { ...base.definition, transformation } });
      expect(
        verifyRequest(SECRET, { method: got.method as 'GET', path: got.path, headers: got.headers, body: got.body }),
      ).toBe(true);
    }
  });

  it('gives exactly the toolkit signRequest headers for the same request and timestamp', () => {
    const request = {
      method: 'PUT' as const,
      path: '/a b/c?x=1&y=ä ö?z',
      headers: { 'Content-Type': ' application/json ', 'X-Contentful-Topic': 'T' },
      body: '{"a":1}',
    };
    expect(signatureHeaders(SECRET, request, 1_700_000_000_000, 'X-Contentful')).toEqual(
      signRequest(SECRET, request, 1_700_000_000_000),
    );
    expect(
      signatureHeaders(SECRET, { method: 'GET', path: '/', headers: {} }, 1_700_000_000_001, 'X-Contentful'),
    ).toEqual(signRequest(SECRET, { method: 'GET', path: '/', headers: {} }, 1_700_000_000_001));
  });

  it('signs with the x-service names under the default vendor, by the same algorithm', async () => {
    const got = await deliver(input('service'));
    const signed = got.headers['x-service-signed-headers'].split(',');
    expect(signed).toContain('x-service-topic');
    expect(got.headers['x-contentful-signature']).toBeUndefined();
    const lines = signed.map((name) => `${name}:${got.headers[name].trim()}`).join(';');
    const canonical = [
      got.method,
      encodeURI(got.path.replace(/\?(.*)$/, (_, q: string) => `?${encodeURIComponent(q)}`)),
      lines,
      got.body,
    ].join('\n');
    expect(got.headers['x-service-signature']).toBe(createHmac('sha256', SECRET).update(canonical).digest('hex'));
    expect(Number(got.headers['x-service-timestamp'])).toBeGreaterThan(Date.now() - 60_000);
  });

  it('adds no signature headers without a signing secret', () => {
    const request = buildWebhookRequest(input('service', { signingSecret: undefined }));
    expect(Object.keys(request.headers).filter((name) => name.toLowerCase().includes('signature'))).toEqual([]);
  });
});
