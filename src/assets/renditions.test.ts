import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileStore } from './file-store.ts';
import { createRenditionBudget } from './rendition-budget.ts';
import { RenditionCache } from './rendition-cache.ts';
import { RenditionRefused } from './rendition-refused.ts';
import { renditions } from './renditions.ts';
import { TransformSlots } from './transform-slots.ts';

const SHA = 'cd' + '0'.repeat(62);
const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((r) => setImmediate(r));
};

describe('renditions under the image host limits', () => {
  let store: FileStore;
  let gate: Promise<void> = Promise.resolve();
  let transforms = 0;
  const transform = async () => {
    transforms++;
    await gate;
    return Buffer.from('rendered');
  };

  beforeEach(async () => {
    store = new FileStore(path.join(tmpdir(), `tessera-renditions-test-${randomBytes(6).toString('hex')}`));
    await mkdir(store.root, { recursive: true });
    await writeFile(path.join(store.root, 'source'), 'image');
    await store.adoptBlob(SHA, path.join(store.root, 'source'));
    transforms = 0;
    gate = Promise.resolve();
  });
  afterEach(() => store.destroy());

  const make = (perMinute: number, slots = new TransformSlots(1, 0)) =>
    renditions(store, {
      budget: createRenditionBudget(perMinute),
      slots,
      cache: new RenditionCache(store, { maxBytes: 1 << 20 }),
      transform,
    });

  it('charges new renditions to their space only, and serves cached ones whatever the budget', async () => {
    const rendition = make(2);
    await rendition('space-a', SHA, { w: 1 }, 'png');
    await rendition('space-a', SHA, { w: 2 }, 'png');
    const refused = await rendition('space-a', SHA, { w: 3 }, 'png').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RenditionRefused);
    expect(refused).toMatchObject({
      id: 'RateLimitExceeded',
      details: { reason: 'renditionBudgetSpent', limit: 2, windowSeconds: 60 },
    });
    expect((refused as RenditionRefused).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((await rendition('space-a', SHA, { w: 1 }, 'png')).path).toBe(
      (await rendition('space-b', SHA, { w: 1 }, 'png')).path,
    );
    await rendition('space-b', SHA, { w: 3 }, 'png');
    expect(transforms).toBe(3);
  });

  it('serves cached renditions while every transform slot is taken, and gives back the charge of a refused one', async () => {
    const slots = new TransformSlots(1, 0);
    const rendition = make(3, slots);
    await rendition('space-a', SHA, { w: 1 }, 'png');
    let release!: () => void;
    gate = new Promise((resolve) => {
      release = resolve;
    });
    const busy = rendition('space-a', SHA, { w: 2 }, 'png');
    await until(() => slots.running === 1);
    await expect(rendition('space-a', SHA, { w: 3 }, 'png')).rejects.toMatchObject({
      details: { reason: 'transformQueueFull' },
    });
    expect((await rendition('space-a', SHA, { w: 1 }, 'png')).contentType).toBe('image/png');
    release();
    await busy;
    // Charged: w=1 and w=2; the refused w=3 was given back, so it fits in the budget of 3.
    await rendition('space-a', SHA, { w: 3 }, 'png');
    await expect(rendition('space-a', SHA, { w: 4 }, 'png')).rejects.toMatchObject({
      details: { reason: 'renditionBudgetSpent' },
    });
  });

  it('makes concurrent first requests for one rendition share one render and one charge', async () => {
    const rendition = make(1);
    let release!: () => void;
    gate = new Promise((resolve) => {
      release = resolve;
    });
    const both = Promise.all([rendition('space-a', SHA, { w: 5 }, 'png'), rendition('space-a', SHA, { w: 5 }, 'png')]);
    await until(() => transforms === 1);
    release();
    const [a, b] = await both;
    expect(a.path).toBe(b.path);
    expect(transforms).toBe(1);
  });
});
