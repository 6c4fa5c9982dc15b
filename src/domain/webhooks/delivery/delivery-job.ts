import type {
  PendingWebhookCall,
  Storage,
  WebhookCallOutcome,
  WebhookDefinitionRecord,
} from '../../../storage/port/index.ts';
import { generateId } from '../../../lib/ids.ts';
import { cutToUtf8Bytes } from '../../../lib/utf8-prefix.ts';
import { announceJobs, type JobHandler } from '../../../jobs/index.ts';
import { WebhookRequestError } from './request-builder.ts';
import { urlProblem } from '../definitions/url-policy.ts';
import { nextAttemptIn, sendChecked } from './send-call.ts';
import type { OutboundRequest, OutboundResult, TargetCheck, WebhookTransport } from './transport.ts';

export const WEBHOOK_DELIVERY_JOB = 'webhooks.deliver';

/**
 * One delivery job: attempt `attempt` of one webhook's calls about `eventIds` (ascending: the payload purge reads the
 * first), those of a dispatched batch of events or the retries of a job's calls.
 */
export type DeliveryJobPayload = { spaceId: string; webhookId: string; eventIds: string[]; attempt: number };

/** Builds a call's request from its definition (topic headers, transformation, signing...). */
export type CallRequestBuilder = (
  call: PendingWebhookCall,
  definition: WebhookDefinitionRecord,
  signingSecret: string | undefined,
) => OutboundRequest;

export interface DeliveryOptions {
  timeoutMs: number;
  /** The wait before attempt 2, 3, ... of a call answered 429 or 5xx (its length + 1 is the number of attempts). */
  retryDelaysMs: number[];
  allowPrivateTargets: boolean;
  /** The network: target checks and sending (`src/outbound/`). */
  transport: WebhookTransport;
  build: CallRequestBuilder;
  /** True when the definition's calls go through the cloud signing proxy (its Cloud-Proxy headers). */
  proxied: (definition: WebhookDefinitionRecord) => boolean;
}

/** The call log's limits (management-api.md "Limits"). */
export const CALL_LOG_KEEP = 500;
const REQUEST_BODY_MAX = 500 * 1024;
const RESPONSE_BODY_MAX = 200 * 1024;
const SECRET_MASK = '[secret]';
/** Calls of one job in flight at once (they go to one receiver). */
const CALLS_IN_FLIGHT = 8;
/** How long an ended attempt may wait to be recorded with the job's others (a job whose receiver is slow records meanwhile). */
const RECORD_AFTER_MS = 100;

/** What one job's calls share: the definition and its secret headers, and the targets checked (once per URL). */
interface JobContext {
  definition: WebhookDefinitionRecord;
  signingSecret: string | undefined;
  secretHeaders: Set<string>;
  targets: Map<string, Promise<TargetCheck>>;
  signal: AbortSignal;
}

/** The request body as recorded (cut at 500 kB of UTF-8): null when it is the payload as stored (the database copies it). */
function recordedBody(call: PendingWebhookCall, body: string | undefined): string | null {
  const recorded = cutToUtf8Bytes(body ?? '', REQUEST_BODY_MAX);
  return body === call.body && recorded === body ? null : recorded;
}

function outcomeOf(
  call: PendingWebhookCall,
  request: OutboundRequest,
  job: JobContext,
  result: OutboundResult,
  requestAt: Date,
  timeoutMs: number,
): WebhookCallOutcome {
  let headers = request.headers;
  if (job.secretHeaders.size > 0) {
    headers = {};
    for (const [k, v] of Object.entries(request.headers))
      headers[k] = job.secretHeaders.has(k.toLowerCase()) ? SECRET_MASK : v;
  }
  return {
    id: generateId(),
    eventId: call.eventId,
    attempt: call.attempt,
    url: request.url,
    statusCode: result.statusCode,
    errors: result.errors,
    request: { method: request.method, headers, body: recordedBody(call, request.body), timeout: timeoutMs },
    response: result.statusCode === null ? null : { headers: result.headers, body: result.body },
    requestAt: requestAt.toISOString(),
    responseAt: result.responseAt?.toISOString() ?? null,
  };
}

const literalTarget = (url: string, allowPrivate: boolean): TargetCheck =>
  urlProblem(url, allowPrivate) === undefined
    ? { ok: true, url: new URL(url), addresses: [] }
    : { ok: false, error: 'ForbiddenTargetError', message: 'refused' };

interface Attempt {
  call: PendingWebhookCall;
  outcome: WebhookCallOutcome;
  retryInMs: number | undefined;
}

/** Sends one call: target checked after DNS resolution (once per job and URL), request built from the definition as it is now. */
async function attempt(call: PendingWebhookCall, job: JobContext, options: DeliveryOptions): Promise<Attempt> {
  const requestAt = new Date();
  let request: OutboundRequest;
  try {
    request = options.build(call, job.definition, job.signingSecret);
  } catch (error) {
    if (!(error instanceof WebhookRequestError)) throw error;
    const refused = { statusCode: null, headers: {}, body: '', errors: [error.code], responseAt: null };
    return {
      call,
      outcome: outcomeOf(
        call,
        { url: job.definition.url, method: 'POST', headers: {}, body: '' },
        job,
        refused,
        requestAt,
        options.timeoutMs,
      ),
      retryInMs: undefined,
    };
  }
  // A proxied call goes to the operator's own proxy: the receiver it forwards to is what the address rules judge.
  const forwarded = request.headers['X-Forwarded-Host'];
  const proxied = forwarded !== undefined && options.proxied(job.definition);
  const judged = proxied ? `${request.headers['X-Forwarded-Proto']}://${forwarded}/` : request.url;
  // The proxy resolves the receiver's name, so a proxied call is judged on its literal host.
  let check = job.targets.get(judged);
  if (!check) {
    check = proxied
      ? Promise.resolve(literalTarget(judged, options.allowPrivateTargets))
      : options.transport.checkTarget(judged, options.allowPrivateTargets);
    job.targets.set(judged, check);
  }
  const result = await sendChecked(
    options.transport,
    request,
    await check,
    { timeoutMs: options.timeoutMs, maxResponseBytes: RESPONSE_BODY_MAX, signal: job.signal },
    !proxied,
  );
  const retryInMs = nextAttemptIn(result, call.attempt, options.retryDelaysMs);
  return { call, outcome: outcomeOf(call, request, job, result, requestAt, options.timeoutMs), retryInMs };
}

/** Records attempts in one statement; a 429 or 5xx with attempts left schedules the next attempt as a job of its own. */
async function record(storage: Storage, spaceId: string, webhookId: string, attempts: Attempt[]): Promise<void> {
  const outcomes = attempts.map((a) => a.outcome);
  const retries = attempts.filter((a) => a.retryInMs !== undefined);
  if (retries.length === 0) {
    await storage.repos.webhookCalls.record(spaceId, webhookId, outcomes, CALL_LOG_KEEP);
    return;
  }
  const scheduled = await storage.transaction(async (repos) => {
    const recorded = new Set(await repos.webhookCalls.record(spaceId, webhookId, outcomes, CALL_LOG_KEEP));
    // The attempts of one job share their number, so their retries share a delay: one job for them all.
    const next = retries.filter((a) => recorded.has(a.call.eventId));
    if (next.length === 0) return false;
    const eventIds = next.map((a) => a.call.eventId).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    const payload: DeliveryJobPayload = { spaceId, webhookId, eventIds, attempt: next[0]!.call.attempt + 1 };
    await repos.jobs.enqueue(WEBHOOK_DELIVERY_JOB, payload, new Date(Date.now() + next[0]!.retryInMs!));
    return true;
  });
  if (scheduled) announceJobs(storage, [WEBHOOK_DELIVERY_JOB]);
}

/**
 * Sends the calls of a job (up to CALLS_IN_FLIGHT at once) and records each attempt: request, response, errors.
 * Attempts are recorded together when the job's calls have ended, or RECORD_AFTER_MS after an attempt ended while
 * others still wait. Runs at least once: a call recorded by an earlier run is not sent again, and one a crash
 * interrupted is sent again with the same idempotency key. The calls of a webhook deactivated meanwhile are dropped;
 * those of a deleted one went with it.
 */
export function webhookDeliveryJob(storage: Storage, options: DeliveryOptions): JobHandler<DeliveryJobPayload> {
  return {
    async run({ spaceId, webhookId, eventIds, attempt: number }, context) {
      // A first run has recorded nothing yet; a later one skips what an earlier run recorded.
      const found = await storage.repos.webhookCalls.findForDelivery(
        spaceId,
        webhookId,
        eventIds,
        number,
        context.attempt > 1,
      );
      if (!found || found.calls.length === 0 || !found.definition.active) return;
      // The runner's stop reaches the job's requests through one listener (each request listens to the job's signal).
      const stopped = new AbortController();
      const stop = () => stopped.abort();
      if (context.signal?.aborted) stop();
      context.signal?.addEventListener('abort', stop);
      const job: JobContext = {
        definition: found.definition,
        signingSecret: found.signingSecret,
        signal: stopped.signal,
        targets: new Map(),
        secretHeaders: new Set(found.definition.headers.filter((h) => h.secret).map((h) => h.key.toLowerCase())),
      };
      let ended: Attempt[] = [];
      let writing = Promise.resolve();
      let timer: NodeJS.Timeout | undefined;
      let failure: unknown;
      const flush = () => {
        clearTimeout(timer);
        timer = undefined;
        const batch = ended;
        ended = [];
        if (batch.length)
          writing = writing
            .then(() => record(storage, spaceId, webhookId, batch))
            .catch((error) => {
              failure ??= error;
            });
      };
      const queue = [...found.calls];
      await Promise.all(
        Array.from({ length: Math.min(CALLS_IN_FLIGHT, queue.length) }, async () => {
          for (let call = queue.shift(); call && !failure; call = queue.shift()) {
            try {
              // Awaited before `ended` is read: a flush meanwhile replaces the array.
              const sent = await attempt(call, job, options);
              ended.push(sent);
              timer ??= setTimeout(flush, RECORD_AFTER_MS);
            } catch (error) {
              failure ??= error;
            }
          }
        }),
      );
      flush();
      await writing;
      context.signal?.removeEventListener('abort', stop);
      // What was sent is recorded even when the process stops; what was not is sent by the job's next run.
      if (failure) throw failure;
    },
  };
}
