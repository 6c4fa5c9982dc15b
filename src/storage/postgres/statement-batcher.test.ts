import { describe, expect, it } from 'vitest';
import { statementBatcher } from './statement-batcher.ts';

/** A promise settled by the test, so that a statement stays "in flight" as long as the test wants. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

function recorder(options = { maxBatch: 8, maxInFlight: 1 }) {
  const alone: number[] = [];
  const together: number[][] = [];
  let hold = gate();
  const write = statementBatcher(
    async (n: number) => {
      alone.push(n);
      await hold.opened;
      if (n < 0) throw new Error(`bad ${n}`);
      return n * 10;
    },
    async (ns: number[]) => {
      together.push(ns);
      await hold.opened;
      if (ns.some((n) => n < 0)) throw new Error('batch');
      return ns.map((n) => n * 100);
    },
    options,
  );
  return {
    write,
    alone,
    together,
    release: () => {
      hold.open();
      hold = gate();
    },
  };
}

/** Lets the batcher start what it would start now (it starts statements on the event loop's next turn). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('statement batcher', () => {
  it('runs a call alone when nothing is in flight', async () => {
    const r = recorder();
    const answer = r.write(1);
    await settle();
    r.release();
    expect(await answer).toBe(10);
    expect(r.alone).toEqual([1]);
    expect(r.together).toEqual([]);
  });

  it('sends calls made in one turn of the event loop together, even when nothing is in flight', async () => {
    const r = recorder();
    const all = [r.write(1), r.write(2), r.write(3)];
    await settle();
    r.release();
    expect(await Promise.all(all)).toEqual([100, 200, 300]);
    expect(r.together).toEqual([[1, 2, 3]]);
    expect(r.alone).toEqual([]);
  });

  it('sends the calls that arrive while a statement is in flight together, answering each its own result', async () => {
    const r = recorder();
    const first = r.write(1);
    await settle();
    const rest = [r.write(2), r.write(3), r.write(4)];
    await settle();
    expect(r.together).toEqual([]);
    r.release();
    expect(await first).toBe(10);
    await settle();
    r.release();
    expect(await Promise.all(rest)).toEqual([200, 300, 400]);
    expect(r.alone).toEqual([1]);
    expect(r.together).toEqual([[2, 3, 4]]);
  });

  it('sends at most maxBatch calls in one statement', async () => {
    const r = recorder({ maxBatch: 2, maxInFlight: 1 });
    const all = [r.write(1), r.write(2), r.write(3), r.write(4), r.write(5)];
    for (let i = 0; i < 4; i += 1) {
      await settle();
      r.release();
    }
    expect(await Promise.all(all)).toEqual([100, 200, 300, 400, 50]);
    expect(r.together).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(r.alone).toEqual([5]);
  });

  it('keeps up to maxInFlight statements in flight', async () => {
    const r = recorder({ maxBatch: 8, maxInFlight: 2 });
    const first = r.write(1);
    await settle();
    const second = r.write(2);
    await settle();
    const third = r.write(3);
    await settle();
    expect(r.alone).toEqual([1, 2]);
    r.release();
    await settle();
    r.release();
    expect(await Promise.all([first, second, third])).toEqual([10, 20, 30]);
  });

  it('runs each call of a failed batch alone, so only the bad one fails', async () => {
    const r = recorder();
    const first = r.write(1);
    await settle();
    const good = r.write(2);
    const bad = r.write(-3);
    const caught = bad.catch((error: Error) => error.message);
    r.release();
    await first;
    await settle();
    r.release();
    await settle();
    r.release();
    expect(await good).toBe(20);
    expect(await caught).toBe('bad -3');
    expect(r.together).toEqual([[2, -3]]);
    expect(r.alone).toEqual([1, 2, -3]);
  });

  it('goes on after a failure', async () => {
    const r = recorder();
    const bad = r.write(-1).catch(() => 'failed');
    await settle();
    r.release();
    expect(await bad).toBe('failed');
    const next = r.write(5);
    await settle();
    r.release();
    expect(await next).toBe(50);
  });
});

describe('statement batcher with keys', () => {
  it('never holds a call up behind a statement of another key', async () => {
    const started: string[] = [];
    const held = gate();
    const write = statementBatcher(
      async (k: string) => {
        started.push(k);
        if (k.startsWith('a')) await held.opened;
        return k;
      },
      async (ks: string[]) => {
        started.push(ks.join('+'));
        await held.opened;
        return ks;
      },
      { maxBatch: 8, maxInFlight: 1 },
      (k) => k[0]!,
    );
    const a1 = write('a1');
    await settle();
    const a2 = write('a2');
    const a3 = write('a3');
    expect(await write('b1')).toBe('b1');
    expect(started).toEqual(['a1', 'b1']);
    held.open();
    expect(await Promise.all([a1, a2, a3])).toEqual(['a1', 'a2', 'a3']);
    expect(started).toEqual(['a1', 'b1', 'a2+a3']);
  });
});
