import type { Logger } from '../../../lib/logger.ts';
import type { Storage } from '../../../storage/port/index.ts';
import { announceJobs } from '../../../jobs/index.ts';
import { batchLoop } from '../../../lib/batch-loop.ts';
import { planDispatch, type EventPayloadRenderer } from './dispatch-match.ts';
import { WEBHOOK_DELIVERY_JOB } from '../delivery/delivery-job.ts';
import { payloadPurgeSchedule } from './payload-purge-schedule.ts';
import { SUBSCRIBING_FORMS } from '../definitions/topic-match.ts';

export interface DispatcherOptions {
  /**
   * How often an idle dispatcher looks for undispatched events (ms). Polling, not a nudge per write: under load a poll
   * finds a batch of events and fans them out in one transaction, where a nudge per write would dispatch them one by one.
   */
  pollMs: number;
  render: EventPayloadRenderer;
  /** Events claimed per transaction. */
  batchSize?: number;
  /**
   * How long an auto_save event waits before it is fanned out (ms, default AUTO_SAVE_WINDOW_MS): the auto_saves of an
   * entity made meanwhile make one call, with the newest draft (spec, Events rule 6). Other events never wait for it.
   */
  autoSaveWindowMs?: number;
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

/** Auto save events fire for documents edited in the last 5 seconds, about every 5 seconds during editing. */
export const AUTO_SAVE_WINDOW_MS = 5000;

/** A batch of at least this many events means a steady stream: the next look waits BUSY_POLL_FACTOR polls. */
const BUSY_BATCH = 20;
const BUSY_POLL_FACTOR = 3;

/**
 * Fans committed content events out to webhook calls. In one transaction it claims a batch of undispatched events
 * and marks them dispatched (one statement, SKIP LOCKED, so dispatchers of several processes share the stream),
 * stores the payload of every event some active webhook wants and enqueues the delivery jobs of its calls: each event
 * is fanned out once, whatever crashes. Between batches it polls `hasUndispatched` (one cheap read).
 */
export function createDispatcher(storage: Storage, options: DispatcherOptions): Dispatcher {
  const batchSize = options.batchSize ?? 200;
  const autoSaveWindowMs = options.autoSaveWindowMs ?? AUTO_SAVE_WINDOW_MS;
  const purgeSchedule = payloadPurgeSchedule();

  async function dispatchOnce(): Promise<number> {
    const { claimed, jobs } = await storage.transaction(async (repos) => {
      const batch = await repos.webhookCalls.claimForDispatch(batchSize, autoSaveWindowMs, SUBSCRIBING_FORMS);
      if (batch.events.length === 0) return { claimed: 0, jobs: 0 };
      const plan = planDispatch(batch, options.render, (event, err) =>
        options.logger?.error(
          { err, eventId: event.id, spaceId: event.spaceId },
          'a content event could not be rendered for webhooks; skipped',
        ),
      );
      await repos.webhookCalls.insertPayloads(plan.payloads);
      await repos.jobs.enqueueMany(WEBHOOK_DELIVERY_JOB, plan.jobs);
      return { claimed: batch.events.length, jobs: plan.jobs.length };
    });
    if (jobs > 0) {
      purgeSchedule.enqueued(Date.now());
      announceJobs(storage, [WEBHOOK_DELIVERY_JOB]);
    }
    return claimed;
  }

  /** Payloads are read by the delivery jobs of their events; once those have run, they go (`payloadPurgeSchedule`). */
  async function purgePayloads(): Promise<void> {
    const due = purgeSchedule.due(Date.now());
    if (!due) return;
    const { upTo } = await storage.repos.webhookCalls.purgePayloads(WEBHOOK_DELIVERY_JOB, due.after);
    purgeSchedule.purged(upTo);
  }

  const loop = batchLoop({
    pending: () => storage.repos.events.hasUndispatched(autoSaveWindowMs),
    take: dispatchOnce,
    batchSize,
    afterRound: purgePayloads,
    // Under a steady stream the dispatcher looks less often and fans out bigger batches: each batch costs a
    // transaction and a delivery job per webhook whatever its size. An idle stream keeps the short poll (latency).
    waitMs: (claimed) => (claimed >= BUSY_BATCH ? options.pollMs * BUSY_POLL_FACTOR : options.pollMs),
    onError: (err) => options.logger?.error({ err }, 'dispatching content events to webhooks failed; retrying'),
  });
  return { dispatchOnce, nudge: loop.nudge, start: loop.start, stop: loop.stop };
}
