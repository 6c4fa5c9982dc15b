import fs from 'node:fs';
import { FUZZ_SEED } from './seed.ts';
import type { Failure } from './verdict.ts';

/** The run's totals and its failures counted by cause (the problem and the kind of breakage, without the place). */
export function summary(
  all: Failure[],
  totals: { sent: number; skipped: number; rebuiltAfter: string[]; fullPrints: number },
): string {
  const causes = new Map<string, number>();
  for (const f of all) {
    for (const p of f.problems) {
      const cause = `${p.replace(/changed .*/, 'changed the database')} <- ${f.fuzz.label.replace(/ at .*/, '')}`;
      causes.set(cause, (causes.get(cause) ?? 0) + 1);
    }
  }
  const rebuilt = totals.rebuiltAfter.length ? ` (after ${totals.rebuiltAfter.join(', ')})` : '';
  return [
    `fuzz (FUZZ_SEED=${FUZZ_SEED}): ${totals.sent} requests, ${totals.skipped} skipped over the budget, ${totals.fullPrints} full database fingerprints, ${all.length} failures; space rebuilt ${totals.rebuiltAfter.length} times${rebuilt}`,
    ...[...causes].sort((a, b) => b[1] - a[1]).map(([cause, n]) => `  ${String(n).padStart(4)}  ${cause}`),
  ].join('\n');
}

/** With FUZZ_REPORT=<file>: every failure as JSON (bodies cut to 500 characters), for grouping by hand. */
export function writeReport(all: Failure[], file = process.env.FUZZ_REPORT): void {
  if (!file) return;
  const cut = (s: unknown) => String(s ?? '').slice(0, 500);
  fs.writeFileSync(
    file,
    JSON.stringify(
      all.map((f) => ({
        operationId: f.op.operationId,
        label: f.fuzz.label,
        problems: f.problems,
        sent: { ...f.sent, body: cut(f.sent.body) },
        answer: f.answer.kind === 'response' ? { ...f.answer, text: cut(f.answer.text) } : f.answer,
      })),
      null,
      1,
    ),
  );
}
