/** The q-quantile (0..1) of samples, nearest rank. */
export function quantile(samples: number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/** `met` / `NOT met` against an aim. */
export const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
