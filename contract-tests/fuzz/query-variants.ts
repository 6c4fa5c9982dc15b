import type { FuzzCase } from './case.ts';
import { type FuzzOperation, type Parameter, resolve } from './operations.ts';

/** Malformed query values by the parameter's schema type, raw (percent-encoded) as they go on the wire. */
const STRINGS: [string, string][] = [
  ['NUL', '%00'],
  ['NUL and invalid UTF-8', '%00%FF'],
  ['invalid UTF-8', '%FF%FE'],
  ['lone surrogate (CESU-8)', 'a%ED%A0%80b'],
  ['overlong UTF-8 NUL', '%C0%80'],
  ['10,000 characters', 'q'.repeat(10_000)],
  ['unicode', '%C3%A9%F0%9F%92%A9'],
  ['regex metacharacters', '(%5B*'],
  ['LIKE wildcards', '%25_%5C'],
  ['empty', ''],
];
const NUMBERS: [string, string][] = [
  ['not a number', 'abc'],
  ['fraction', '1.5'],
  ['negative', '-1'],
  ['huge', '99999999999999999999'],
  ['above int32', '2147483648'],
  ['exponent', '1e400'],
  ['hex', '0x10'],
  ['padded', '%201%20'],
  ['NUL', '%00'],
  ['empty', ''],
  ['invalid UTF-8', '%FF'],
];
const BOOLEANS: [string, string][] = [
  ['not a boolean', 'maybe'],
  ['NUL', '%00'],
  ['empty', ''],
  ['number', '2'],
];

/** Search filters (the `filters` object parameter) that break an operator, a path or a value. */
const FILTERS: [string, string][] = [
  ['NUL value', 'fields.title=%00'],
  ['NUL in list', 'fields.title[in]=a,%00'],
  ['invalid UTF-8 value', 'sys.id[nin]=%FF'],
  ['text on integer field', 'fields.count[gte]=abc'],
  ['huge number', 'fields.count[lt]=99999999999999999999'],
  ['bad date', 'fields.when[gt]=not-a-date'],
  ['bad near', 'fields.where[near]=abc'],
  ['bad within', 'fields.where[within]=1,2,3'],
  ['NUL match', 'fields.title[match]=%00'],
  ['negative version', 'sys.version[gte]=-1'],
  ['NUL link id', 'fields.ref.sys.id=%00'],
  ['invalid UTF-8 tag', 'metadata.tags.sys.id[all]=%FF'],
  ['bad regexp', 'fields.title[regexp]=(('],
  ['unknown operator', 'fields.title[zz]=1'],
  ['deep path', 'fields.data.a.b.c.d=1'],
  ['long field id', `fields.${'f'.repeat(5000)}=1`],
  ['exists not boolean', 'sys.id[exists]=maybe'],
  ['lone surrogate', 'fields.title=%ED%A0%80'],
  ['nested brackets', 'fields.title[in][in]=1'],
];
const EXTRA: [string, string][] = [
  ['unknown parameter', 'unknownParam=1'],
  ['NUL parameter name', '%00=1'],
  ['bracket parameter', 'limit[$gt]=1'],
];

function valuesFor(p: Parameter): [string, string][] {
  const type = resolve(p.schema).type;
  if (type === 'integer' || type === 'number') return NUMBERS;
  if (type === 'boolean') return BOOLEANS;
  return STRINGS;
}

export function queryVariants(op: FuzzOperation): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const p of op.parameters.filter((q) => q.in === 'query')) {
    if (resolve(p.schema).type === 'object') {
      cases.push(
        ...FILTERS.map(([what, raw]) => ({
          label: `query filter: ${what}`,
          query: [{ name: raw.split('=')[0], raw }],
        })),
      );
      continue;
    }
    cases.push(
      ...valuesFor(p).map(([what, raw]) => ({
        label: `query ${p.name}: ${what}`,
        query: [{ name: p.name, raw: `${p.name}=${raw}` }],
      })),
    );
    cases.push({ label: `query ${p.name}: repeated`, query: [{ name: p.name, raw: `${p.name}=1&${p.name}=2` }] });
  }
  cases.push(...EXTRA.map(([what, raw]) => ({ label: `query: ${what}`, query: [{ name: raw.split('=')[0], raw }] })));
  return cases;
}
