import { createHash } from 'node:crypto';
import { articleFields } from './entry-throughput.ts';

/**
 * CPU milliseconds of a fixed single-threaded workload (JSON round trips and sha256 of entry-like documents), the
 * best of three. Machines of one kind differ in speed and one machine drifts over minutes, so figures of different
 * runs compare through it: the same code measured where this is twice as high gives about half the throughput.
 */
export function cpuReferenceMs(): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const before = process.cpuUsage();
    let digest = '';
    for (let n = 0; n < 20_000; n++) {
      const text = JSON.stringify({
        sys: { id: `entry-${n}`, version: n },
        fields: articleFields(n, digest.slice(0, 8)),
      });
      digest = createHash('sha256')
        .update(JSON.stringify(JSON.parse(text)))
        .digest('hex');
    }
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}
