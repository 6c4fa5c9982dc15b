import fs from 'node:fs';
import path from 'node:path';

/** Each test worker appends the (operation, status) pairs it exercised; the global teardown reports on all. */
export const COVERAGE_DIR = path.resolve(import.meta.dirname, '../.coverage');

export function recordCoverage(entries: Iterable<string>): void {
  fs.mkdirSync(COVERAGE_DIR, { recursive: true });
  fs.writeFileSync(
    path.join(COVERAGE_DIR, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`),
    JSON.stringify([...entries]),
  );
}

export function readCoverage(): Set<string> {
  if (!fs.existsSync(COVERAGE_DIR)) return new Set();
  const all = new Set<string>();
  for (const file of fs.readdirSync(COVERAGE_DIR).filter((f) => f.endsWith('.json'))) {
    for (const entry of JSON.parse(fs.readFileSync(path.join(COVERAGE_DIR, file), 'utf8')) as string[]) all.add(entry);
  }
  return all;
}
