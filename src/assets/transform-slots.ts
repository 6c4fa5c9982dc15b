import { availableParallelism } from 'node:os';
import { RenditionRefused } from './rendition-refused.ts';

/**
 * libvips threads for each transform, so that `concurrency` transforms at once use about every core and no more
 * (sharp's default gives each image a thread per core; the image host sets this once it loads sharp).
 */
export const threadsPerTransform = (concurrency: number, cores = availableParallelism()) =>
  Math.max(1, Math.floor(cores / concurrency));

/**
 * The process-wide bound on image transforms: at most `concurrency` run at once, up to `queue` more wait in order,
 * and any beyond are refused at once (429) rather than piling up behind a CPU that cannot keep up.
 */
export class TransformSlots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly queue: number,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new Error(`transform concurrency must be >= 1, got ${concurrency}`);
  }

  /** Transforms running now. */
  get running(): number {
    return this.active;
  }

  /** Transforms waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await task();
    } finally {
      this.leave();
    }
  }

  private enter(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.queue) {
      return Promise.reject(
        new RenditionRefused(
          `The image host is already transforming ${this.concurrency} images with ${this.queue} more waiting, so this new rendition was not started. Renditions made before are still served; please try again in a moment.`,
          1,
          { reason: 'transformQueueFull', concurrency: this.concurrency, queue: this.queue },
        ),
      );
    }
    // The slot passes straight to the next waiter, so `active` stays counted.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}
