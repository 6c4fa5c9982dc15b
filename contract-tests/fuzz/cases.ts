import { bodyVariants, rawBodyVariants } from './body-variants.ts';
import type { FuzzCase } from './case.ts';
import { validBody } from './examples.ts';
import { headerVariants } from './header-variants.ts';
import type { FuzzOperation } from './operations.ts';
import { pathVariants } from './path-variants.ts';
import { queryVariants } from './query-variants.ts';
import { type Rng, rngFor } from './seed.ts';
import type { World } from './world.ts';

/** How many malformed requests each operation gets (FUZZ_CASES overrides). */
export const CASES_PER_OPERATION = Number(process.env.FUZZ_CASES ?? 28);

/** The kinds of breakage every operation gets first, whatever the seed (the rest are drawn from the seed). */
const FIRST = new Set([
  'NUL',
  'NUL inside',
  'invalid UTF-8',
  '65 characters',
  'unicode',
  'dot-dot',
  'not a number',
  'NUL and invalid UTF-8',
  'huge',
  'negative',
  'NUL value',
  'not a boolean',
  'hex',
  'padded',
  'wrong type',
  'missing required',
  'extra property',
  'NUL in string',
  'lone surrogate in string',
  '10000 nested arrays',
  '200,000-character string',
  'truncated JSON',
  'text/plain',
  'JSON sent where none is taken',
  'empty upload',
]);

/** `path entry_id: NUL` -> `NUL`; `body: NUL in string at fields.title` -> `NUL in string`. */
const classOf = (c: FuzzCase) => c.label.slice(c.label.indexOf(': ') + 2).replace(/ at .*$/, '');
/** What a variant breaks: `path entry_id`, `query limit`, `body fields.title`. */
const targetOf = (c: FuzzCase) => `${c.label.slice(0, c.label.indexOf(': '))} ${/ at (.*)$/.exec(c.label)?.[1] ?? ''}`;

/**
 * The variants in seeded order, spread: a class of breakage again only when every class was used as often, the
 * FIRST classes before the others, and among those the part broken least often so far.
 */
function ordered(variants: FuzzCase[], rng: Rng): FuzzCase[] {
  const left = rng.shuffle(variants);
  const classUses = new Map<string, number>();
  const targetUses = new Map<string, number>();
  const key = (c: FuzzCase) => [
    classUses.get(classOf(c)) ?? 0,
    FIRST.has(classOf(c)) ? 0 : 1,
    targetUses.get(targetOf(c)) ?? 0,
  ];
  const before = (a: number[], b: number[]) => (a[0] - b[0] || a[1] - b[1] || a[2] - b[2]) < 0;
  const out: FuzzCase[] = [];
  while (left.length > 0) {
    let best = 0;
    for (let i = 1; i < left.length; i++) if (before(key(left[i]), key(left[best]))) best = i;
    const [c] = left.splice(best, 1);
    classUses.set(classOf(c), (classUses.get(classOf(c)) ?? 0) + 1);
    targetUses.set(targetOf(c), (targetUses.get(targetOf(c)) ?? 0) + 1);
    out.push(c);
  }
  return out;
}

/**
 * The operation's cases: path, query, headers and body take turns (the body twice a turn, it has the most ways to
 * break), each drawing from its ordered variants, until the operation has its number of cases.
 */
export function casesFor(
  op: FuzzOperation,
  world: World,
  vendorPrefix: string,
  mediaType: string,
  count = CASES_PER_OPERATION,
): FuzzCase[] {
  const rng = rngFor(op.operationId);
  const [path, query, header, body] = [
    pathVariants(op),
    queryVariants(op),
    headerVariants(op, vendorPrefix),
    [...bodyVariants(op, validBody(op, world), mediaType), ...rawBodyVariants(op, mediaType)],
  ].map((variants) => ordered(variants, rng));
  const turns = [path, query, header, body, body];
  const picked: FuzzCase[] = [];
  while (picked.length < count && turns.some((t) => t.length > 0)) {
    for (const queue of turns) if (queue.length > 0 && picked.length < count) picked.push(queue.shift()!);
  }
  return picked;
}
