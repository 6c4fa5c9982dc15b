import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { VendorNames } from '../config.ts';
import { API_DOCUMENTS, documentText, type ApiName } from './openapi-documents.ts';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REDOCLY_DIR = path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json'));
const REDOCLY_VERSION = (
  JSON.parse(fs.readFileSync(path.join(REDOCLY_DIR, 'package.json'), 'utf8')) as { version: string }
).version;

export const API_TITLES: Record<ApiName, string> = {
  management: 'Content Management API',
  'user-management': 'User Management API',
  scim: 'SCIM 2.0 API',
};

export const isApiName = (name: string): name is ApiName => Object.hasOwn(API_DOCUMENTS, name);

/** Where built pages are kept, newest first: beside the installed packages, else the system temp folder. */
const CACHE_DIRS = [path.join(ROOT, 'node_modules/.cache/tessera-docs'), path.join(os.tmpdir(), 'tessera-docs')];

const STALE_AFTER_MS = 30 * 24 * 3600 * 1000;

/** Pages of documents that changed since stay behind; drop those nobody asked for in a month. */
async function pruneOlderThan(dir: string, ageMs: number): Promise<void> {
  const cutoff = Date.now() - ageMs;
  for (const entry of await fs.promises.readdir(dir).catch(() => [])) {
    const file = path.join(dir, entry);
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (stat && stat.atimeMs < cutoff && stat.mtimeMs < cutoff) await fs.promises.rm(file, { force: true });
  }
}

/**
 * The Redoc page of one API, built offline from the vendor-named OpenAPI 3.1 document with
 * `redocly build-docs --inlineBundle` (the page needs no network). Built on first request, then kept in
 * memory and on disk under a name derived from the document and the Redocly version, so a restart or a
 * second process reuses it and a changed document or vendor token gets a fresh page.
 */
export function apiReference(vendor: VendorNames) {
  const pages = new Map<ApiName, Promise<string>>();

  async function build(api: ApiName): Promise<string> {
    const document = documentText(api, '3.1', 'json', vendor);
    const key = createHash('sha256').update(REDOCLY_VERSION).update(document).digest('hex').slice(0, 24);
    const name = `${api}-${key}.html`;
    for (const dir of CACHE_DIRS) {
      const cached = await fs.promises.readFile(path.join(dir, name), 'utf8').catch(() => undefined);
      if (cached) return cached;
    }
    const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'tessera-redoc-'));
    try {
      await fs.promises.writeFile(path.join(work, 'openapi.json'), document);
      // Run in the scratch folder so no redocly.yaml of the project applies; no telemetry, no update check.
      await run(
        process.execPath,
        [path.join(REDOCLY_DIR, 'bin/cli.js'), 'build-docs', 'openapi.json', '--inlineBundle', '-o', 'page.html'],
        {
          cwd: work,
          timeout: 120_000,
          maxBuffer: 16 * 1024 * 1024,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        },
      );
      const html = await fs.promises.readFile(path.join(work, 'page.html'), 'utf8');
      await keep(name, html);
      return html;
    } finally {
      await fs.promises.rm(work, { recursive: true, force: true });
    }
  }

  async function keep(name: string, html: string): Promise<void> {
    for (const dir of CACHE_DIRS) {
      try {
        await fs.promises.mkdir(dir, { recursive: true });
        const partial = path.join(dir, `${name}.${process.pid}.tmp`);
        await fs.promises.writeFile(partial, html);
        await fs.promises.rename(partial, path.join(dir, name));
        await pruneOlderThan(dir, STALE_AFTER_MS);
        return;
      } catch {
        /* read-only: try the next folder, or keep it in memory only */
      }
    }
  }

  return {
    /** The HTML of the API's reference page; concurrent callers share one build, and a failed build is retried next time. */
    page(api: ApiName): Promise<string> {
      let page = pages.get(api);
      if (!page) {
        page = build(api);
        pages.set(api, page);
        page.catch(() => pages.delete(api));
      }
      return page;
    },
  };
}

export type ApiReference = ReturnType<typeof apiReference>;

/** The `/docs/` index: links to each API's reference page and OpenAPI documents. */
export function docsIndex(): string {
  const rows = (Object.keys(API_DOCUMENTS) as ApiName[])
    .map(
      (api) => `    <li><a href="${api}.html">${API_TITLES[api]}</a>
      (OpenAPI <a href="../openapi/${api}.json">3.1 JSON</a>, <a href="../openapi/${api}.yaml">YAML</a>;
      <a href="../openapi/3.0/${api}.json">3.0 JSON</a>, <a href="../openapi/3.0/${api}.yaml">YAML</a>)</li>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Tessera API reference</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:3rem auto;padding:0 1rem;line-height:1.6}</style></head>
<body>
  <h1>Tessera API reference</h1>
  <ul>
${rows}
  </ul>
</body>
</html>
`;
}
