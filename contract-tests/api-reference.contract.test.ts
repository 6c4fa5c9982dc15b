import { describe, expect, it } from 'vitest';
import { useServer } from './support/harness.ts';

const BUILD_TIMEOUT = 120_000;
const externalResources = (html: string) =>
  html.match(/<(?:script|link)\b[^>]*\b(?:src|href)="https?:\/\/[^"]*"/g) ?? [];

describe('API reference and OpenAPI documents, served without a token', () => {
  const api = useServer('pglite');
  const get = (path: string, init?: RequestInit) => fetch(`${api().baseUrl}${path}`, init);

  it('serves an index at /docs/ linking each API page and its OpenAPI documents', async () => {
    const redirect = await get('/docs', { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/docs/');
    const index = await get('/docs/');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await index.text();
    for (const page of [
      'management.html',
      'user-management.html',
      'scim.html',
      '../openapi/management.json',
      '../openapi/3.0/scim.yaml',
    ]) {
      expect(html).toContain(`href="${page}"`);
    }
  });

  it(
    'serves the Redoc page of the management API, self-contained, naming its operations',
    async () => {
      const res = await get('/docs/management.html');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain('<title>Tessera Content Management API</title>');
      expect(html).toContain('Spaces_list');
      expect(html).toContain('Lists the spaces the current user can access');
      expect(html).toContain('X-Service-Version');
      expect(externalResources(html), 'scripts and stylesheets are inlined').toEqual([]);
    },
    BUILD_TIMEOUT,
  );

  it(
    'serves the user management and SCIM pages',
    async () => {
      for (const page of ['user-management', 'scim']) {
        const res = await get(`/docs/${page}.html`);
        expect(res.status).toBe(200);
        expect(await res.text()).toMatch(/<title>Tessera [^<]*API<\/title>/);
      }
    },
    BUILD_TIMEOUT,
  );

  it('answers 404 NotFound for an unknown page', async () => {
    for (const page of ['nope.html', 'management', 'constructor.html']) {
      const res = await get(`/docs/${page}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ sys: { type: 'Error', id: 'NotFound' } });
    }
  });

  it('serves the OpenAPI documents in 3.1 and 3.0, JSON and YAML', async () => {
    const v31 = (await (await get('/openapi/management.json')).json()) as { openapi: string };
    expect(v31.openapi).toMatch(/^3\.1\./);
    const v30 = (await (await get('/openapi/3.0/management.json')).json()) as { openapi: string };
    expect(v30.openapi).toMatch(/^3\.0\./);
    const yaml = await get('/openapi/user-management.yaml');
    expect(yaml.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(await yaml.text()).toMatch(/^openapi: 3\.1\./m);
  });
});

describe('API reference with another vendor token', () => {
  const api = useServer('pglite', { env: { TESSERA_API_VENDOR: 'acme' } });

  it(
    'names the vendor headers and media type as configured',
    async () => {
      const html = await (await fetch(`${api().baseUrl}/docs/management.html`)).text();
      expect(html).toContain('X-Acme-Version');
      expect(html).toContain('application/vnd.acme.management.v1+json');
      expect(html).not.toContain('X-Service-Version');
    },
    BUILD_TIMEOUT,
  );
});
