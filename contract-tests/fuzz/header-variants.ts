import type { FuzzCase } from './case.ts';
import type { FuzzOperation } from './operations.ts';

/** Header values no client should send. Node refuses to send NUL or line breaks, so the worst bytes here are Latin-1. */
const NUMERIC: [string, string][] = [
  ['hex', '0x1'],
  ['padded', ' 1 '],
  ['exponent', '1e3'],
  ['negative', '-1'],
  ['plus sign', '+1'],
  ['fraction', '1.0'],
  ['huge', '99999999999999999999'],
  ['above int32', '2147483648'],
  ['not a number', 'abc'],
  ['empty', ''],
  ['Latin-1 byte', '1\u00e9'],
];
const TEXT: [string, string][] = [
  ['dot-dot', '..'],
  ['65 characters', 'c'.repeat(65)],
  ['8,000 characters', 'c'.repeat(8000)],
  ['Latin-1 byte', '\u00e9t\u00e9'],
  ['empty', ''],
  ['space inside', 'a b'],
  ['percent-encoded NUL', '%00'],
];
const ALWAYS: [string, string, string | undefined][] = [
  ['Authorization', 'Latin-1 token', 'Bearer \u00e9\u00ff'],
  ['Authorization', 'long token', `Bearer ${'t'.repeat(8000)}`],
  ['Authorization', 'Basic scheme', 'Basic YTpi'],
  ['Authorization', 'no token', undefined],
  ['Accept', 'XML only', 'application/xml'],
];

export function headerVariants(op: FuzzOperation, vendorPrefix: string): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const p of op.parameters.filter((q) => q.in === 'header')) {
    const name = p.name.replace(/^X-Service-/, `${vendorPrefix}-`);
    const values = p.schema.type === 'integer' ? NUMERIC : TEXT;
    cases.push(...values.map(([what, value]) => ({ label: `header ${p.name}: ${what}`, headers: { [name]: value } })));
  }
  if (!op.parameters.some((p) => p.name === 'X-Service-Version')) {
    cases.push({ label: 'header X-Service-Version (not taken): hex', headers: { [`${vendorPrefix}-Version`]: '0x1' } });
  }
  return [
    ...cases,
    ...ALWAYS.map(([name, what, value]) => ({ label: `header ${name}: ${what}`, headers: { [name]: value } })),
  ];
}
