import type { VendorNames } from '../../config.ts';
import { announceJobs, type JobHandler } from '../../jobs/index.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Storage } from '../../storage/port/index.ts';
import { matchesTopic } from '../webhooks/definitions/topic-match.ts';
import { nextAttemptIn, sendChecked } from '../webhooks/delivery/send-call.ts';
import type { WebhookTransport } from '../webhooks/delivery/transport.ts';
import { APP_EVENT_DELIVERY_JOB, appEventRequest, type AppEventCall } from './app-event-call.ts';

export interface AppEventDeliveryOptions {
  vendor: VendorNames;
  /** The webhooks' settings: `TESSERA_WEBHOOK_TIMEOUT_MS`, `_RETRY_DELAYS_MS`, `_ALLOW_PRIVATE_TARGETS`. */
  timeoutMs: number;
  retryDelaysMs: readonly number[];
  allowPrivateTargets: boolean;
  /** The webhooks' network: the target check after DNS resolution, and sending to the addresses it allowed. */
  transport: WebhookTransport;
  logger?: Logger;
}

/** Of an answer only its status is used: the rest is not read. */
const RESPONSE_BODY_MAX = 1024;

/**
 * Sends one attempt of an app's call about an event to its subscription's target as it is now, as a webhook call is
 * sent (`webhooks/delivery/`: the target checked after DNS resolution and connected to as resolved, the timeout, the
 * retry policy): a 429 or 5xx with attempts left enqueues the next attempt after its delay; anything else ends the
 * call. An app uninstalled from the environment, unsubscribed or no longer subscribed to the topic gets no call.
 * Runs at least once: a run a crash interrupted sends again, with the same idempotency key.
 */
export function appEventDeliveryJob(storage: Storage, options: AppEventDeliveryOptions): JobHandler<AppEventCall> {
  return {
    async run(call, context) {
      const target = await storage.repos.apps.findEventTarget(call.spaceId, call.environmentId, call.appDefinitionId);
      if (!target || !matchesTopic(target.topics, call.entityType, call.action)) return;
      const request = appEventRequest(call, target.targetUrl, options.vendor);
      const checked = await options.transport.checkTarget(request.url, options.allowPrivateTargets);
      const result = await sendChecked(options.transport, request, checked, {
        timeoutMs: options.timeoutMs,
        maxResponseBytes: RESPONSE_BODY_MAX,
        signal: context.signal,
      });
      const retryInMs = nextAttemptIn(result, call.attempt, options.retryDelaysMs);
      if (retryInMs !== undefined) {
        const next: AppEventCall = { ...call, attempt: call.attempt + 1 };
        await storage.repos.jobs.enqueue(APP_EVENT_DELIVERY_JOB, next, new Date(Date.now() + retryInMs));
        announceJobs(storage, [APP_EVENT_DELIVERY_JOB]);
      } else if (result.statusCode === null || result.statusCode >= 300) {
        options.logger?.warn(
          {
            appDefinitionId: call.appDefinitionId,
            eventId: call.eventId,
            attempt: call.attempt,
            statusCode: result.statusCode,
            errors: result.errors,
          },
          'an app event call failed for good',
        );
      }
    },
  };
}
