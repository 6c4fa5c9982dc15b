import type { Worker } from 'node:worker_threads';
import type { Config } from '../config.ts';
import { createJobRunner } from '../jobs/index.ts';
import type { Logger } from '../lib/logger.ts';
import type { Storage } from '../storage/port/index.ts';
import { createDispatcher } from '../domain/webhooks/dispatch/dispatch.ts';
import type { EventPayloadRenderer } from '../domain/webhooks/dispatch/dispatch-match.ts';
import { APP_EVENT_DELIVERY_JOB } from '../domain/apps/app-event-call.ts';
import { appEventDeliveryJob } from '../domain/apps/app-event-delivery-job.ts';
import { createAppEventsConsumer } from '../domain/apps/app-events-consumer.ts';
import { WEBHOOK_DELIVERY_JOB, webhookDeliveryJob } from '../domain/webhooks/delivery/delivery-job.ts';
import { callRequest } from '../domain/webhooks/delivery/delivery-request.ts';
import { usesCloudProxy } from '../domain/webhooks/delivery/request-cloud-proxy.ts';
import { webhookTransport } from '../outbound/webhook-transport.ts';
import { presentEventPayload } from '../http/presenters/webhook-payload.presenter.ts';
import { spawnThread } from './spawn-thread.ts';
import type { WebhookThreadCommand, WebhookThreadReply } from './webhook-thread.ts';

/**
 * The event call work of a process: the webhook dispatcher and the app events consumer (two consumers of the content
 * event stream), and the runner of their delivery jobs.
 */
export interface WebhookWork {
  /** True when it runs on a thread of its own (a PostgreSQL server), false when on the process's main thread. */
  readonly inThread: boolean;
  /** Starts it again after `stop` (tests that count statements pause it). */
  start(): void;
  /** Pauses it until `start`: the calls in flight end, nothing new starts. */
  stop(): Promise<void>;
  /** Stops it for good (and ends its thread). */
  close(): Promise<void>;
}

/**
 * The dispatcher fans content events out to webhook calls, the app events consumer to the calls of apps' event
 * subscriptions; a runner of their own sends them, several at once, through the one outbound transport. Started
 * here, on the caller's thread, over `storage`.
 */
export function startWebhookWork(config: Config, storage: Storage, logger: Logger): WebhookWork {
  const deliveries = createJobRunner(storage, { logger, concurrency: config.webhookConcurrency, leaseMs: 10_000 });
  deliveries.register(
    WEBHOOK_DELIVERY_JOB,
    webhookDeliveryJob(storage, {
      timeoutMs: config.webhookTimeoutMs,
      retryDelaysMs: [...config.webhookRetryDelaysMs],
      allowPrivateTargets: config.webhookAllowPrivateTargets,
      transport: webhookTransport,
      proxied: (definition) => usesCloudProxy(definition.headers, config.vendor.headerPrefix),
      build: (call, definition, secret) =>
        callRequest(call, definition, secret, {
          vendor: config.vendor,
          signingProxyUrl: config.webhookSigningProxyUrl,
        }),
    }),
  );
  deliveries.register(
    APP_EVENT_DELIVERY_JOB,
    appEventDeliveryJob(storage, {
      vendor: config.vendor,
      timeoutMs: config.webhookTimeoutMs,
      retryDelaysMs: config.webhookRetryDelaysMs,
      allowPrivateTargets: config.webhookAllowPrivateTargets,
      transport: webhookTransport,
      logger,
    }),
  );
  const render: EventPayloadRenderer = (event, localeCodes) =>
    presentEventPayload(event, localeCodes, config.vendor.token);
  const dispatcher = createDispatcher(storage, {
    pollMs: config.eventPollMs,
    logger,
    render,
    autoSaveWindowMs: config.webhookAutoSaveWindowMs,
  });
  const appEvents = createAppEventsConsumer(storage, { pollMs: config.eventPollMs, logger, render });
  const start = () => {
    deliveries.start();
    dispatcher.start();
    appEvents.start();
  };
  start();
  const stop = async () => {
    await Promise.all([dispatcher.stop(), appEvents.stop()]);
    await deliveries.stop();
  };
  return { inThread: false, start, stop, close: stop };
}

/** The `application_name` of the webhook thread's connections, which tells them apart in `pg_stat_activity`. */
export const WEBHOOK_THREAD_APPLICATION = 'tessera-webhooks';

/** How long after an unexpected end the webhook thread is started again (ms). */
const RESTART_AFTER_MS = 1000;
/** How long `close` waits for the thread to end its calls before it ends it (ms). */
const CLOSE_WAIT_MS = 10_000;

/**
 * The thread's young generation (MB): a delivery job keeps its calls' bodies and outcomes for the tens of milliseconds
 * its calls take, which V8's default survives and copies at every scavenge and then promotes to the old generation.
 */
const THREAD_YOUNG_GENERATION_MB = 64;

/**
 * Starts the webhook work on a thread of its own (a PostgreSQL server only: the thread opens its own connections).
 * Resolves once the thread runs; a thread that ends unexpectedly is logged and started again after a second, so
 * events keep being delivered (what it had claimed is claimed again when its leases run out).
 */
export async function startWebhookThread(
  config: Config,
  logger: Logger,
): Promise<WebhookWork & { readonly worker: Worker }> {
  let thread!: { worker: Worker; ended: boolean; exited: Promise<void> };
  let closing = false;
  let paused = false;
  const waiting = new Map<WebhookThreadCommand, Array<() => void>>();
  const answerAll = () => {
    for (const list of waiting.values()) for (const answered of list.splice(0)) answered();
  };
  // A thread that has ended answers nothing: a command sent meanwhile is taken by the next one (`paused`) and done.
  const send = (command: WebhookThreadCommand) =>
    new Promise<void>((resolve) => {
      if (thread.ended) return resolve();
      waiting.set(command, [...(waiting.get(command) ?? []), resolve]);
      thread.worker.postMessage(command);
    });
  const launch = () =>
    new Promise<void>((resolve, reject) => {
      const worker = spawnThread('webhook-thread', {
        workerData: { config },
        resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB },
      });
      const exited = new Promise<void>((ended) =>
        worker.once('exit', (code) => {
          current.ended = true;
          ended();
          reject(new Error(`the webhook thread ended while starting (exit code ${code})`));
          answerAll();
          if (closing || thread !== current) return;
          logger.error({ code }, 'the webhook thread ended unexpectedly; it is started again');
          setTimeout(() => {
            if (!closing)
              launch().catch((err) => logger.error({ err }, 'the webhook thread could not be started again'));
          }, RESTART_AFTER_MS);
        }),
      );
      const current = { worker, ended: false, exited };
      thread = current;
      worker.on('message', (reply: WebhookThreadReply) => {
        if (reply !== 'ready') for (const answered of waiting.get(reply)?.splice(0) ?? []) answered();
        else {
          if (paused) worker.postMessage('pause' satisfies WebhookThreadCommand);
          resolve();
        }
      });
      worker.on('error', (err) => logger.error({ err }, 'the webhook thread failed'));
    });
  await launch();
  return {
    inThread: true,
    get worker() {
      return thread.worker;
    },
    start() {
      paused = false;
      void send('resume');
    },
    async stop() {
      paused = true;
      await send('pause');
    },
    async close() {
      closing = true;
      const late = setTimeout(() => void thread.worker.terminate(), CLOSE_WAIT_MS);
      if (!thread.ended) thread.worker.postMessage('close' satisfies WebhookThreadCommand);
      await thread.exited;
      clearTimeout(late);
    },
  };
}
