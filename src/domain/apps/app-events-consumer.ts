import { announceJobs } from '../../jobs/index.ts';
import { batchLoop, type BatchLoop } from '../../lib/batch-loop.ts';
import type { ContentEventRecord, Storage } from '../../storage/port/index.ts';
import type { DispatcherOptions } from '../webhooks/dispatch/dispatch.ts';
import { APP_EVENT_DELIVERY_JOB } from './app-event-call.ts';
import { appEventKeys, planAppEvents } from './app-event-plan.ts';

/** This consumer's name in `event_consumers`: its progress through the content event stream. */
export const APP_EVENTS_CONSUMER = 'app-events';

/** After a round whose events no app heard of, the next look waits this many polls. */
const UNHEARD_POLL_FACTOR = 5;

/** As the webhook dispatcher's: the poll (`TESSERA_EVENT_POLL_MS`), the payload renderer, the batch size. */
export type AppEventsConsumerOptions = Pick<DispatcherOptions, 'pollMs' | 'render' | 'batchSize' | 'logger'>;

export type AppEventsConsumer = BatchLoop & {
  /** Consumes one batch; how many events it claimed. */
  consumeOnce(): Promise<number>;
};

/**
 * App event subscriptions, a consumer of the content event stream (`EventsRepository.claimForConsumer`). In one
 * transaction per batch it claims the next events, finds the apps installed in each event's environment whose
 * subscription names its topic (one statement), renders each such event's body once and enqueues one delivery job
 * per event and app (`app-event-delivery-job.ts`): a rollback gives the events back, a commit moves the consumer's
 * progress with the jobs. Every process runs one; their claims take turns on the consumer's row. An app uninstalled or
 * unsubscribed is not found for the events claimed afterwards. Between rounds it polls `hasForConsumer` (one read)
 * every `pollMs`, or UNHEARD_POLL_FACTOR times that after a round whose events no app heard of.
 */
export function createAppEventsConsumer(storage: Storage, options: AppEventsConsumerOptions): AppEventsConsumer {
  const batchSize = options.batchSize ?? 200;
  let heard = false;

  async function consumeOnce(): Promise<number> {
    const { claimed, jobs } = await storage.transaction(async (repos) => {
      // Events of environments without an app come without their entity: no app can hear of them.
      const claimed = await repos.events.claimForConsumer(APP_EVENTS_CONSUMER, batchSize, 'appEnvironments');
      const events = claimed.filter((e): e is ContentEventRecord => e.entity !== undefined);
      const keys = appEventKeys(events);
      if (keys.length === 0) return { claimed: claimed.length, jobs: 0 };
      const subscribers = await repos.apps.findEventSubscribers(keys);
      const calls = planAppEvents(events, subscribers, options.render, (event, err) =>
        options.logger?.error(
          { err, eventId: event.id, spaceId: event.spaceId },
          'a content event could not be rendered for apps; skipped',
        ),
      );
      await repos.jobs.enqueueMany(APP_EVENT_DELIVERY_JOB, calls);
      return { claimed: claimed.length, jobs: calls.length };
    });
    heard = jobs > 0;
    if (heard) announceJobs(storage, [APP_EVENT_DELIVERY_JOB]);
    return claimed;
  }

  const loop = batchLoop({
    pending: () => storage.repos.events.hasForConsumer(APP_EVENTS_CONSUMER),
    take: consumeOnce,
    batchSize,
    // While no app hears of the events, batches of them cost a transaction each for nothing: they wait to be many.
    waitMs: () => (heard ? options.pollMs : options.pollMs * UNHEARD_POLL_FACTOR),
    onError: (err) => options.logger?.error({ err }, 'consuming content events for apps failed; retrying'),
  });
  return { consumeOnce, nudge: loop.nudge, start: loop.start, stop: loop.stop };
}
