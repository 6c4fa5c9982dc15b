import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread on `entry`, a module of this folder named without its extension: the compiled `.js` module,
 * or under tsx (sources, tests) the TypeScript one loaded through tsx's ESM API.
 */
export function spawnThread(entry: string, options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${entry}.js`, import.meta.url), options);
  const source = new URL(`./${entry}.ts`, import.meta.url).href;
  // tsx's ESM API, as its package declares it (a require() resolution would name its CommonJS build).
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const api = JSON.parse(fs.readFileSync(manifest, 'utf8')).exports['./esm/api'].import.default as string;
  const tsx = pathToFileURL(path.join(path.dirname(manifest), api)).href;
  const load = `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`;
  return new Worker(load, { ...options, eval: true });
}
