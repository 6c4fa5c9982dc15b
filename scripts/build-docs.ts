import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { apiReference, docsIndex } from '../src/http/api-reference.ts';
import { API_DOCUMENTS, documentText, type ApiName } from '../src/http/openapi-documents.ts';

/**
 * `make docs [OUT=dist/site]`: writes the API reference as static files laid out as the server serves them
 * (`docs/` and `openapi/` under OUT; vendor token from TESSERA_API_VENDOR), and fills the cache the server
 * reads, so the first /docs request of a server answers at once.
 */
const out = path.resolve(process.argv[2] ?? 'dist/site');
const { vendor } = loadConfig();
const reference = apiReference(vendor);

fs.mkdirSync(path.join(out, 'openapi/3.0'), { recursive: true });
fs.mkdirSync(path.join(out, 'docs'), { recursive: true });
fs.writeFileSync(path.join(out, 'docs/index.html'), docsIndex());
for (const api of Object.keys(API_DOCUMENTS) as ApiName[]) {
  const started = Date.now();
  const page = path.join(out, 'docs', `${api}.html`);
  fs.writeFileSync(page, await reference.page(api));
  for (const format of ['json', 'yaml'] as const) {
    fs.writeFileSync(path.join(out, 'openapi', `${api}.${format}`), documentText(api, '3.1', format, vendor));
    fs.writeFileSync(path.join(out, 'openapi/3.0', `${api}.${format}`), documentText(api, '3.0', format, vendor));
  }
  console.log(`${path.relative(process.cwd(), page)} (${Date.now() - started} ms)`);
}
