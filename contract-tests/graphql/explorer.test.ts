import fs from 'node:fs';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../support/harness.ts';
import { en } from '../support/search-fixtures.ts';
import { graphqlFixtures } from './graphql-fixtures.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// In CI a missing browser fails the test (launch throws); elsewhere the browser test is skipped.
const browserMissing = !fs.existsSync(CHROMIUM) && process.env.CI !== 'true';

// The explorer does not depend on the database: one kind is enough.
describe('GraphQL explorer', () => {
  const api = useServer('pglite');
  const g = graphqlFixtures(api);
  let spaceId: string;
  let token: string;
  const explore = (query: Record<string, string>, environment?: string) =>
    `${g.path(spaceId, environment)}/explore?${new URLSearchParams(query)}`;

  beforeAll(async () => {
    spaceId = (await g.space('Explorer')).id;
    await g.contentType(spaceId, 'article', [{ id: 'title', type: 'Symbol' }]);
    await g.entries(spaceId, [{ id: 'a1', fields: { title: en('Hello from the explorer') }, published: true }]);
    token = (await g.keys(spaceId)).delivery;
  });

  it('serves one self-contained page, gzipped when accepted, on both paths', async () => {
    // node:http, which leaves the body as sent (fetch would inflate it).
    const zipped = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        http
          .get(
            `${api().baseUrl}${explore({ access_token: token })}`,
            { headers: { 'Accept-Encoding': 'gzip' } },
            (res) => {
              const chunks: Buffer[] = [];
              res
                .on('data', (c: Buffer) => chunks.push(c))
                .on('end', () =>
                  resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
                );
            },
          )
          .on('error', reject);
      },
    );
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-type']).toMatch(/^text\/html/);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body.length).toBeLessThan(4_000_000);
    const html = gunzipSync(zipped.body).toString('utf8');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="(https?:)?\/\//);

    const plain = await api().get(explore({ access_token: token }, 'master'), {
      token: null,
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text).toBe(html);
  });

  it('answers a missing or refused token with the GraphQL error instead of the page', async () => {
    const missing = await api().get(explore({}), { token: null });
    expect([missing.status, g.code(missing)]).toEqual([401, 'ACCESS_TOKEN_MISSING']);
    const invalid = await api().get(explore({ access_token: 'nope' }), { token: null });
    expect([invalid.status, g.code(invalid)]).toEqual([401, 'ACCESS_TOKEN_INVALID']);
    const noEnvironment = await api().get(explore({ access_token: token }, 'nope'), { token: null });
    expect([noEnvironment.status, g.code(noEnvironment)]).toEqual([400, 'UNKNOWN_ENVIRONMENT']);
  });

  describe.skipIf(browserMissing)('in headless Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
    });

    it('runs a query against the space with the page token and shows the data; nothing is fetched from elsewhere', async () => {
      const page = await browser.newPage();
      const requested: string[] = [];
      page.on('request', (r) => requested.push(r.url()));
      const query = '{ articleCollection { items { title } } }';
      await page.goto(`${api().baseUrl}${explore({ access_token: token, query })}`);
      const run = page.locator('.graphiql-execute-button');
      await run.waitFor({ timeout: 30_000 });
      const answered = page.waitForResponse(
        (r) =>
          r.url().startsWith(`${api().baseUrl}${g.path(spaceId)}`) &&
          r.request().method() === 'POST' &&
          (r.request().postData() ?? '').includes('articleCollection'),
      );
      await run.click();
      const response = await answered;
      expect(response.status()).toBe(200);
      expect(response.request().headers().authorization).toBe(`Bearer ${token}`);
      // Monaco renders spaces as no-break spaces.
      const shown = async () => (await page.locator('.graphiql-response').innerText()).replace(/\u00a0/g, ' ');
      await expect.poll(shown, { timeout: 30_000 }).toContain('"title": "Hello from the explorer"');
      expect(
        requested.filter((u) => !u.startsWith(api().baseUrl) && !u.startsWith('blob:') && !u.startsWith('data:')),
      ).toEqual([]);
      await page.close();
    }, 90_000);
  });
});
