import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../config.ts';
import { createLogger } from '../lib/logger.ts';
import { openPostgres, postgresStorage } from '../storage/postgres/index.ts';
import { startWebhookWork, WEBHOOK_THREAD_APPLICATION } from './webhook-work.ts';

/**
 * The entry of the webhook thread (`startWebhookThread` in webhook-work.ts starts it): the dispatcher and the delivery
 * runner over connections of their own to the PostgreSQL server. The host's commands are handled one after the other.
 */
export type WebhookThreadCommand = 'pause' | 'resume' | 'close';
/** `ready` once started; every command is answered with its name when done. */
export type WebhookThreadReply = 'ready' | WebhookThreadCommand;

const { config } = workerData as { config: Config };
const logger = createLogger(config.logLevel);
// A job holds a connection only for its statements, which wait their turn for one of these few (config.ts says why).
const open = await openPostgres(
  config.databaseUrl!,
  config.webhookDbPoolSize,
  (err) => logger.warn({ err }, 'an idle database connection of the webhook thread failed; the pool replaces it'),
  WEBHOOK_THREAD_APPLICATION,
);
const storage = postgresStorage(open, {
  onAnnounceError: (err) => logger.warn({ err }, 'telling other processes of a write failed; retrying'),
});
const work = startWebhookWork(config, storage, logger);
const port = parentPort!;
let done = Promise.resolve();

port.on('message', (command: WebhookThreadCommand) => {
  done = done
    .then(async () => {
      if (command === 'pause') await work.stop();
      else if (command === 'resume') work.start();
      else {
        await work.stop();
        await storage.close();
      }
    })
    .catch((err) => logger.error({ err, command }, 'the webhook thread could not carry out a command'))
    .finally(() => {
      // Answered even when it failed: the host waits for the answer.
      port.postMessage(command satisfies WebhookThreadReply);
      if (command === 'close') port.close();
    });
});
port.postMessage('ready' satisfies WebhookThreadReply);
