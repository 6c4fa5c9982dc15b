import fs from 'node:fs';
import { loadContract } from './openapi-contract.ts';
import { COVERAGE_DIR, readCoverage } from './coverage.ts';

/** Vitest global setup: clears old coverage, and at the end prints operations x statuses and fails on gaps. */
export function setup(): void {
  fs.rmSync(COVERAGE_DIR, { recursive: true, force: true });
}

export function teardown(): void {
  const covered = readCoverage();
  if (covered.size === 0) return; // a run of unit tests only
  const { operations } = loadContract();
  const lines: string[] = [];
  const untouched: string[] = [];
  let documented = 0;
  let exercised = 0;
  for (const op of [...operations].sort(
    (a, b) => a.template.localeCompare(b.template) || a.method.localeCompare(b.method),
  )) {
    const statuses = Object.keys(op.item.responses ?? {});
    const hit = statuses.filter((s) => covered.has(`${op.method} ${op.template} ${s}`));
    documented += statuses.length;
    exercised += hit.length;
    if (hit.length === 0) untouched.push(`${op.method} ${op.template}`);
    const missing = statuses.filter((s) => !hit.includes(s));
    lines.push(
      `  ${op.method.padEnd(6)} ${op.template.padEnd(72)} ${hit.join(',').padEnd(24)}${missing.length ? ` (not exercised: ${missing.join(',')})` : ''}`,
    );
  }
  const report = [
    `Contract coverage: ${operations.length - untouched.length}/${operations.length} operations, ${exercised}/${documented} documented statuses`,
    ...lines,
  ].join('\n');
  fs.writeFileSync(`${COVERAGE_DIR}/report.txt`, `${report}\n`);
  process.stdout.write(`\n${report}\n`);
  if (untouched.length && process.env.CONTRACT_COVERAGE !== 'partial') {
    throw new Error(`operations never exercised by a contract test: ${untouched.join('; ')}`);
  }
}
