import type { Logger } from '../../lib/logger.ts';
import type { NewWebhookCall, Storage } from '../../storage/port/index.ts';
import { announceJobs } from '../../jobs/index.ts';
import { callsFor, type EventPayloadRenderer } from './dispatch-match.ts';
import { WEBHOOK_DELIVERY_JOB, type DeliveryJobPayload } from './delivery-job.ts';

export interface DispatcherOptions {
  /**
   * How often an idle dispatcher looks for undispatched events (ms). Polling, not a nudge per write: under load a poll
   * finds a batch of events and fans them out in one transaction, where a nudge per write would dispatch them one by one.
   */
  pollMs: number;
  render: EventPayloadRenderer;
  /** Events claimed per transaction. */
  batchSize?: number;
  logger?: Logger;
}

export interface Dispatcher {
  start(): void;
  /** Looks for events now instead of at the next poll. */
  nudge(): void;
  /** Dispatches one batch; how many events it claimed. */
  dispatchOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Calls a delivery job sends at most. */
const CALLS_PER_JOB = 50;

/** One delivery job per webhook and up to CALLS_PER_JOB of its calls: a busy stream costs a job per batch, not per call. */
function deliveryJobs(calls: NewWebhookCall[]): DeliveryJobPayload[] {
  const byWebhook = new Map<string, DeliveryJobPayload>();
  const jobs: DeliveryJobPayload[] = [];
  for (const call of calls) {
    const key = `${call.spaceId}/${call.webhookId}`;
    let job = byWebhook.get(key);
    if (!job || job.callIds.length >= CALLS_PER_JOB) {
      job = { spaceId: call.spaceId, webhookId: call.webhookId, callIds: [] };
      byWebhook.set(key, job);
      jobs.push(job);
    }
    job.callIds.push(call.id);
  }
  return jobs;
}

/**
 * Fans committed content events out to webhook calls. In one transaction it claims a batch of undispatched events
 * (SKIP LOCKED, so dispatchers of several processes share the stream), inserts the pending call of every matching
 * (event, active webhook), enqueues their delivery jobs and marks the events dispatched: each event is fanned out
 * once, whatever crashes. Between batches it polls `hasUndispatched` (one cheap read).
 */
export function createDispatcher(storage: Storage, options: DispatcherOptions): Dispatcher {
  const batchSize = options.batchSize ?? 200;
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let nudged = false;

  async function dispatchOnce(): Promise<number> {
    const { claimed, calls } = await storage.transaction(async (repos) => {
      const events = await repos.events.claimUndispatched(batchSize);
      if (events.length === 0) return { claimed: 0, calls: 0 };
      const pending = await callsFor(repos, events, options.render, (event, err) =>
        options.logger?.error({ err, eventId: event.id, spaceId: event.spaceId }, 'a content event could not be rendered for webhooks; skipped'));
      await repos.webhookCalls.insertPending(pending);
      await repos.jobs.enqueueMany(WEBHOOK_DELIVERY_JOB, deliveryJobs(pending));
      await repos.events.markDispatched(events.map((e) => e.id));
      return { claimed: events.length, calls: pending.length };
    });
    if (calls > 0) announceJobs(storage);
    return claimed;
  }

  function idle(): Promise<void> {
    if (nudged) {
      nudged = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => { clearTimeout(timer); wake = undefined; resolve(); };
      const timer = setTimeout(done, options.pollMs);
      wake = done;
    });
  }

  async function run(): Promise<void> {
    while (running) {
      try {
        if (await storage.repos.events.hasUndispatched()) {
          while (running && (await dispatchOnce()) === batchSize);
        }
      } catch (err) {
        options.logger?.error({ err }, 'dispatching content events to webhooks failed; retrying');
      }
      if (running) await idle();
    }
  }

  const nudge = () => { if (wake) wake(); else nudged = true; };

  return {
    dispatchOnce,
    nudge,
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
