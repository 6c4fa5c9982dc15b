import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { vendorNames } from '../../../config.ts';
import type { WebhookTransformation } from '../../../storage/port/index.ts';
import {
  buildWebhookRequest,
  WebhookRequestError,
  type WebhookRequestDefinition,
  type WebhookRequestInput,
} from './request-builder.ts';
import { headerValue, idempotencyKey, webhookCrn, webhookTopic } from './request-headers.ts';

const payload = {
  sys: { id: 'e1', type: 'Entry' },
  fields: { title: { 'en-US': 'Hello & bye' }, n: { 'en-US': 3 }, tags: { 'en-US': ['x', 'y'] } },
};

function definition(changes: Partial<WebhookRequestDefinition> = {}): WebhookRequestDefinition {
  return {
    id: 'hook-1',
    name: 'My hook',
    url: 'https://hooks.example.com/in',
    headers: [],
    httpBasicUsername: null,
    httpBasicPassword: null,
    transformation: null,
    ...changes,
  };
}

function input(
  changes: Partial<WebhookRequestDefinition> = {},
  more: Partial<WebhookRequestInput> = {},
): WebhookRequestInput {
  return {
    definition: definition(changes),
    payload,
    topic: 'ContentManagement.Entry.publish',
    actorId: 'user-1',
    eventId: '1001',
    eventDatetime: '2026-01-02T03:04:05.678Z',
    crn: 'crn:service:::content:spaces/s1/environments/master/entries/e1',
    attempt: 1,
    vendor: vendorNames('service'),
    ...more,
  };
}

const withTransformation = (transformation: WebhookTransformation) => buildWebhookRequest(input({ transformation }));

describe('buildWebhookRequest: the default call', () => {
  it('POSTs the payload as JSON with the vendor media type, the event headers and no Content-Length', () => {
    const request = buildWebhookRequest(input());
    expect(request).toEqual({
      url: 'https://hooks.example.com/in',
      method: 'POST',
      body: JSON.stringify(payload),
      headers: {
        'Content-Type': 'application/vnd.service.management.v1+json',
        'X-Service-Topic': 'ContentManagement.Entry.publish',
        'X-Service-Webhook-Name': 'My hook',
        'X-Service-Webhook-Request-Attempt': '1',
        'X-Service-Event-Datetime': '2026-01-02T03:04:05.678Z',
        'X-Service-CRN': 'crn:service:::content:spaces/s1/environments/master/entries/e1',
        'X-Service-Idempotency-Key': createHash('sha256').update('1001:hook-1').digest('hex'),
      },
    });
  });

  it('names the headers and the media type after the configured vendor', () => {
    const request = buildWebhookRequest(input({}, { vendor: vendorNames('contentful'), attempt: 3 }));
    expect(request.headers['Content-Type']).toBe('application/vnd.contentful.management.v1+json');
    expect(request.headers['X-Contentful-Topic']).toBe('ContentManagement.Entry.publish');
    expect(request.headers['X-Contentful-Webhook-Request-Attempt']).toBe('3');
    expect(Object.keys(request.headers).some((name) => name.startsWith('X-Service'))).toBe(false);
  });

  it('keeps the idempotency key across attempts of one firing and makes it distinct per webhook and per event', () => {
    const key = (id: string, eventId: string, attempt: number) =>
      buildWebhookRequest(input({ id }, { eventId, attempt })).headers['X-Service-Idempotency-Key'];
    expect(key('hook-1', '7', 1)).toBe(key('hook-1', '7', 3));
    expect(new Set([key('hook-1', '7', 1), key('hook-2', '7', 1), key('hook-1', '8', 1)]).size).toBe(3);
    expect(key('hook-1', '7', 1)).toBe(idempotencyKey('7', 'hook-1'));
    expect(key('hook-1', '7', 1)).toMatch(/^[0-9a-f]{64}$/);
  });
  it('names the scheduled action that made the event, and signs that header with the others', () => {
    const plain = buildWebhookRequest(input({}, { signingSecret: 'secret', now: 1_700_000_000_000 }));
    expect(plain.headers).not.toHaveProperty('X-Service-Scheduled-Action-Id');
    const scheduled = buildWebhookRequest(
      input({}, { scheduledActionId: 'action-1', signingSecret: 'secret', now: 1_700_000_000_000 }),
    );
    expect(scheduled.headers['X-Service-Scheduled-Action-Id']).toBe('action-1');
    expect(scheduled.headers['x-service-signed-headers']).toContain('x-service-scheduled-action-id');
    expect(scheduled.headers['x-service-signature']).not.toBe(plain.headers['x-service-signature']);
  });
});

describe('buildWebhookRequest: transformation', () => {
  it('uses the method; GET and DELETE send no body', () => {
    for (const method of ['PUT', 'PATCH', 'POST'] as const) {
      expect(withTransformation({ method })).toMatchObject({ method, body: JSON.stringify(payload) });
    }
    for (const method of ['GET', 'DELETE'] as const) {
      expect(withTransformation({ method, body: { id: '{ /payload/sys/id }' } })).toMatchObject({
        method,
        body: undefined,
      });
    }
  });

  it('sends the transformed body as JSON', () => {
    const request = withTransformation({
      body: { id: '{ /payload/sys/id }', n: '{ /payload/fields/n/en-US }', text: 'by { /user/sys/id }' },
    });
    expect(JSON.parse(request.body!)).toEqual({ id: 'e1', n: 3, text: 'by user-1' });
    expect(withTransformation({ body: '{ /payload/sys/id }: { /payload/fields/title/en-US }' }).body).toBe(
      '"e1: Hello & bye"',
    );
  });

  it('sets each allowed content type; the form ones send top-level keys as form data, nested values as JSON', () => {
    for (const contentType of [
      'application/vnd.service.management.v1+json; charset=utf-8',
      'application/json',
      'application/json; charset=utf-8',
    ]) {
      const request = withTransformation({ contentType });
      expect(request.headers['Content-Type']).toBe(contentType);
      expect(request.body).toBe(JSON.stringify(payload));
    }
    for (const contentType of [
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded; charset=utf-8',
    ]) {
      const request = withTransformation({
        contentType,
        body: {
          id: '{ /payload/sys/id }',
          title: '{ /payload/fields/title/en-US }',
          n: '{ /payload/fields/n/en-US }',
          tags: '{ /payload/fields/tags/en-US }',
          none: null,
          ok: true,
        },
      });
      expect(request.headers['Content-Type']).toBe(contentType);
      expect(request.body).toBe('id=e1&title=Hello+%26+bye&n=3&tags=%5B%22x%22%2C%22y%22%5D&none=&ok=true');
      expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
        id: 'e1',
        title: 'Hello & bye',
        n: '3',
        tags: '["x","y"]',
        none: '',
        ok: 'true',
      });
    }
    const whole = withTransformation({ contentType: 'application/x-www-form-urlencoded' });
    expect(Object.fromEntries(new URLSearchParams(whole.body))).toEqual({
      sys: JSON.stringify(payload.sys),
      fields: JSON.stringify(payload.fields),
    });
    expect(
      withTransformation({ contentType: 'application/x-www-form-urlencoded', body: 'id={ /payload/sys/id }&x=1' }).body,
    ).toBe('id=e1&x=1');
  });

  it('falls back to POST and the vendor media type for a stored method or content type that is not allowed', () => {
    const request = withTransformation({ method: 'TRACE' as never, contentType: 'text/plain' });
    expect(request.method).toBe('POST');
    expect(request.headers['Content-Type']).toBe('application/vnd.service.management.v1+json');
  });

  it('sends Content-Length (bytes) only when includeContentLength is true', () => {
    const body = { title: 'é✓ { /payload/sys/id }' };
    const request = withTransformation({ includeContentLength: true, body });
    expect(request.headers['Content-Length']).toBe(String(Buffer.byteLength(request.body!)));
    expect(Buffer.byteLength(request.body!)).toBeGreaterThan(request.body!.length);
    expect(withTransformation({ includeContentLength: false, body }).headers['Content-Length']).toBeUndefined();
    expect(withTransformation({ body }).headers['Content-Length']).toBeUndefined();
    expect(withTransformation({ includeContentLength: true, method: 'GET' }).headers['Content-Length']).toBe('0');
  });

  it('resolves pointers in the URL, URL-encoded', () => {
    const request = buildWebhookRequest(
      input({
        url: 'https://hooks.example.com/{ /payload/sys/id }?title={ /payload/fields/title/en-US }&topic={ /topic }',
      }),
    );
    expect(request.url).toBe(
      'https://hooks.example.com/e1?title=Hello%20%26%20bye&topic=ContentManagement.Entry.publish',
    );
  });

  it('refuses a URL that does not resolve to an http(s) URL', () => {
    const error = (url: string) => {
      try {
        buildWebhookRequest(input({ url }));
      } catch (e) {
        return e;
      }
      return undefined;
    };
    expect(error('{ /payload/fields/title/en-US }')).toMatchObject({ code: 'InvalidUrlError' });
    expect(error('ftp://files.example.com/{ /payload/sys/id }')).toBeInstanceOf(WebhookRequestError);
  });
});

describe('buildWebhookRequest: headers', () => {
  it('sends custom headers, secret ones included, with pointers resolved, and basic auth', () => {
    const request = buildWebhookRequest(
      input({
        headers: [
          { key: 'X-Plain', value: 'one', secret: false },
          { key: 'X-Token', value: 's3cret', secret: true },
          { key: 'X-Entry', value: '{ /payload/sys/id } of { /user/sys/id }', secret: false },
        ],
        httpBasicUsername: 'user',
        httpBasicPassword: 'pä:ss',
      }),
    );
    expect(request.headers).toMatchObject({
      'X-Plain': 'one',
      'X-Token': 's3cret',
      'X-Entry': 'e1 of user-1',
      Authorization: `Basic ${Buffer.from('user:pä:ss', 'utf8').toString('base64')}`,
    });
    expect(buildWebhookRequest(input({ httpBasicUsername: 'solo' })).headers.Authorization).toBe(
      `Basic ${Buffer.from('solo:').toString('base64')}`,
    );
    expect(buildWebhookRequest(input()).headers.Authorization).toBeUndefined();
  });

  it('does not let a custom header replace the headers the server sets, in any case', () => {
    const request = buildWebhookRequest(
      input({
        headers: [
          { key: 'content-type', value: 'text/plain', secret: false },
          { key: 'x-service-topic', value: 'forged', secret: false },
          { key: 'Authorization', value: 'Bearer custom', secret: true },
        ],
        httpBasicUsername: 'user',
        httpBasicPassword: 'pw',
      }),
    );
    expect(request.headers['Content-Type']).toBe('application/vnd.service.management.v1+json');
    expect(request.headers['X-Service-Topic']).toBe('ContentManagement.Entry.publish');
    expect(request.headers.Authorization).toMatch(/^Basic /);
    expect(
      Object.keys(request.headers).filter((name) =>
        ['content-type', 'x-service-topic', 'authorization'].includes(name.toLowerCase()),
      ),
    ).toHaveLength(3);
    expect(
      buildWebhookRequest(input({ headers: [{ key: 'Authorization', value: 'Bearer custom', secret: true }] })).headers
        .Authorization,
    ).toBe('Bearer custom');
  });

  it('sends a name with characters above 0xFF in the RFC 8187 form, and Latin-1 names as they are', () => {
    expect(buildWebhookRequest(input({ name: 'Café hook' })).headers['X-Service-Webhook-Name']).toBe('Café hook');
    const encoded = buildWebhookRequest(input({ name: 'Café ✓ (new)' })).headers['X-Service-Webhook-Name'];
    expect(encoded).toBe("UTF-8''Caf%C3%A9%20%E2%9C%93%20%28new%29");
    expect(decodeURIComponent(encoded.slice("UTF-8''".length))).toBe('Café ✓ (new)');
    expect(headerValue('line\nbreak')).toBe("UTF-8''line%0Abreak");
    expect(
      buildWebhookRequest(
        input({ headers: [{ key: 'X-Title', value: '{ /payload/fields/title/en-US } ✓', secret: false }] }),
      ).headers['X-Title'],
    ).toBe("UTF-8''Hello%20%26%20bye%20%E2%9C%93");
  });

  it('builds topics and CRNs for each entity type', () => {
    expect(webhookTopic('Asset', 'auto_save')).toBe('ContentManagement.Asset.auto_save');
    expect(webhookCrn('service', 's', 'e', 'Entry', 'x')).toBe(
      'crn:service:::content:spaces/s/environments/e/entries/x',
    );
    expect(webhookCrn('contentful', 's', 'e', 'Asset', 'x')).toBe(
      'crn:contentful:::content:spaces/s/environments/e/assets/x',
    );
    expect(webhookCrn('service', 's', 'e', 'ContentType', 'x')).toBe(
      'crn:service:::content:spaces/s/environments/e/content_types/x',
    );
  });
});
