import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { ADMIN_TOKEN, useServer } from './support/harness.ts';

describe('configurable vendor token', () => {
  const api = useServer(DB_KINDS[0], { env: { TESSERA_API_VENDOR: 'contentful' } });

  it('names every vendor header and the media type after the token', async () => {
    const space = await api().post(
      '/spaces',
      { name: 'V' },
      { headers: { 'Content-Type': 'application/vnd.contentful.management.v1+json' } },
    );
    expect(space.status).toBe(201);
    expect(space.headers.get('content-type')).toMatch(/^application\/vnd\.contentful\.management\.v1\+json/);
    expect(space.headers.get('x-contentful-request-id')).toBeTruthy();
    expect(space.headers.get('x-service-request-id')).toBeNull();
    const renamed = await api().put(
      `/spaces/${space.body.sys.id}`,
      { name: 'W' },
      { headers: { 'X-Contentful-Version': '1' } },
    );
    expect(renamed.status).toBe(200);
    const stale = await api().put(
      `/spaces/${space.body.sys.id}`,
      { name: 'X' },
      { headers: { 'X-Contentful-Version': '1' } },
    );
    expect(stale.status).toBe(409);
  });

  it('answers with the vendor media type in UTF-8, its exact length, and no body to HEAD or a 204', async () => {
    const space = await api().post('/spaces', { name: 'Ünïcode' });
    const url = `${api().baseUrl}/spaces/${space.body.sys.id}`;
    const headers = { Authorization: `Bearer ${ADMIN_TOKEN}` };
    const got = await fetch(url, { headers });
    const bytes = Buffer.from(await got.arrayBuffer());
    expect(got.headers.get('content-type')).toBe('application/vnd.contentful.management.v1+json; charset=utf-8');
    expect(got.headers.get('content-length')).toBe(String(bytes.length));
    expect(JSON.parse(bytes.toString('utf8')).name).toBe('Ünïcode');
    // fetch never reads a HEAD answer's body: read the wire. Nothing follows the head of the answer.
    const { host, pathname } = new URL(url);
    const wire = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(host.split(':')[1]), host.split(':')[0]);
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.end(
        `HEAD ${pathname} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${ADMIN_TOKEN}\r\nConnection: close\r\n\r\n`,
      );
    });
    const [head, after] = wire.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 \d{3} /);
    expect(after).toBe('');
    const deleted = await fetch(url, {
      method: 'DELETE',
      headers: { ...headers, 'X-Contentful-Version': String(space.body.sys.version) },
    });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('content-type')).toBeNull();
    expect(await deleted.text()).toBe('');
  });

  it('accepts plain application/json and refuses other media types with a clear 400', async () => {
    expect(
      (await api().post('/spaces', { name: 'J' }, { headers: { 'Content-Type': 'application/json' } })).status,
    ).toBe(201);
    const wrong = await api().request('POST', '/spaces', {
      rawBody: 'name=x',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/media type/i);
  });

  it('serves the OpenAPI documents with the vendor names', async () => {
    const doc = await (await fetch(`${api().baseUrl}/openapi/management.json`)).json();
    const text = JSON.stringify(doc);
    expect(text).toContain('X-Contentful-Version');
    expect(text).toContain('application/vnd.contentful.management.v1+json');
    expect(text).not.toContain('X-Service-');
    const yaml = await (await fetch(`${api().baseUrl}/openapi/3.0/management.yaml`)).text();
    expect(yaml).toMatch(/^openapi: 3\.0\.0/m);
  });
});
