import type { FuzzCase } from './case.ts';
import type { FuzzOperation } from './operations.ts';

/** Path segments no valid id contains, percent-encoded as a client would put them on the wire. */
const BAD_SEGMENTS: [string, string][] = [
  ['NUL', '%00'],
  ['NUL inside', 'a%00b'],
  ['invalid UTF-8', '%FF'],
  ['invalid UTF-8 inside', 'ab%FEcd'],
  ['overlong UTF-8 NUL', '%C0%80'],
  ['lone surrogate (CESU-8)', '%ED%A0%80'],
  ['control character', '%01'],
  ['65 characters', 'a'.repeat(65)],
  ['8,000 characters', 'x'.repeat(8000)],
  ['unicode', '%C3%A9t%C3%A9'],
  ['emoji', '%F0%9F%92%A9'],
  ['dot-dot', '..'],
  ['encoded dot-dot', '%2E%2E'],
  ['dot', '.'],
  ['encoded slash', 'a%2Fb'],
  ['backslash', 'a%5Cb'],
  ['space', 'a%20b'],
  ['percent', '%25'],
  ['broken escape', '%zz'],
  ['quote', "x'%22"],
  ['LIKE wildcards', '%25_%25'],
];

export function pathVariants(op: FuzzOperation): FuzzCase[] {
  return op.parameters
    .filter((p) => p.in === 'path')
    .flatMap((p) => BAD_SEGMENTS.map(([what, raw]) => ({ label: `path ${p.name}: ${what}`, path: { [p.name]: raw } })));
}
