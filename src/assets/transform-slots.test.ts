import { describe, expect, it } from 'vitest';
import { RenditionRefused } from './rendition-refused.ts';
import { threadsPerTransform, TransformSlots } from './transform-slots.ts';

/** A task that runs until released, recording how many run at once. */
function gatedTasks() {
  let now = 0;
  let most = 0;
  const releases: Array<() => void> = [];
  const task = () =>
    new Promise<string>((resolve) => {
      most = Math.max(most, ++now);
      releases.push(() => {
        now--;
        resolve('done');
      });
    });
  return { task, releases, most: () => most, flush: () => new Promise((r) => setImmediate(r)) };
}

describe('transform slots', () => {
  it('run at most `concurrency` tasks at once, queue up to `queue` more in order, and refuse the rest', async () => {
    const slots = new TransformSlots(2, 2);
    const g = gatedTasks();
    const started = [1, 2, 3, 4].map(() => slots.run(g.task));
    await g.flush();
    expect([slots.running, slots.queued]).toEqual([2, 2]);
    const refused = await slots.run(g.task).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RenditionRefused);
    expect(refused).toMatchObject({
      id: 'RateLimitExceeded',
      status: 429,
      retryAfterSeconds: 1,
      details: { reason: 'transformQueueFull', concurrency: 2, queue: 2 },
    });
    expect((refused as Error).message).toMatch(/already transforming 2 images with 2 more waiting/);

    g.releases[0]!();
    await g.flush();
    expect([slots.running, slots.queued]).toEqual([2, 1]);
    g.releases[1]!();
    await g.flush();
    expect([slots.running, slots.queued, g.releases.length]).toEqual([2, 0, 4]);
    g.releases[2]!();
    g.releases[3]!();
    expect(await Promise.all(started)).toEqual(['done', 'done', 'done', 'done']);
    expect(g.most()).toBe(2);
    expect([slots.running, slots.queued]).toEqual([0, 0]);
  });

  it('free the slot when a task fails, and refuse at once with no queue', async () => {
    const slots = new TransformSlots(1, 0);
    await expect(slots.run(() => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(slots.running).toBe(0);
    const g = gatedTasks();
    const first = slots.run(g.task);
    await g.flush();
    await expect(slots.run(g.task)).rejects.toBeInstanceOf(RenditionRefused);
    g.releases[0]!();
    expect(await first).toBe('done');
    expect(await slots.run(async () => 'next')).toBe('next');
  });

  it('give each transform a share of the cores as libvips threads', () => {
    expect(threadsPerTransform(2, 8)).toBe(4);
    expect(threadsPerTransform(3, 8)).toBe(2);
    expect(threadsPerTransform(4, 2)).toBe(1);
  });
});
