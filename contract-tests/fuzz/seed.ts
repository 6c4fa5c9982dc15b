/**
 * The suite's randomness: one fixed default seed, overridable with FUZZ_SEED, and a generator per operation derived
 * from it, so one operation's cases do not depend on which other operations ran (replay one with FUZZ_OPERATION).
 */
export const FUZZ_SEED = Number.parseInt(process.env.FUZZ_SEED ?? '18', 10);

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  int(max: number): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
}

/** mulberry32: small, fast and good enough to pick cases. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    next,
    int,
    pick: (items) => items[int(items.length)],
    shuffle(items) {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}

/** The generator of one operation's cases: FNV-1a of its id mixed with the suite's seed. */
export function rngFor(operationId: string, seed = FUZZ_SEED): Rng {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < operationId.length; i++) h = Math.imul(h ^ operationId.charCodeAt(i), 0x01000193);
  return rng(h);
}
