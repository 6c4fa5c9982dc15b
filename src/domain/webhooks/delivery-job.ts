import type { Storage, WebhookCallOutcome, WebhookCallRecord, WebhookDefinitionRecord } from '../../storage/port/index.ts';
import { generateId } from '../../lib/ids.ts';
import { announceJobs, type JobHandler } from '../../jobs/index.ts';
import { DeliveryAbortedError, sendRequest, type OutboundRequest, type OutboundResult } from './delivery-sender.ts';
import { WebhookRequestError } from './request-builder.ts';
import { resolveAllowedTarget, urlProblem } from './url-policy.ts';

export const WEBHOOK_DELIVERY_JOB = 'webhooks.deliver';

/** One delivery job: calls of one webhook (those of a dispatched batch of events, or one retry). */
export type DeliveryJobPayload = { spaceId: string; webhookId: string; callIds: string[] };

/** Builds a call's request from its definition (topic headers, transformation, signing...). */
export type CallRequestBuilder = (call: WebhookCallRecord, definition: WebhookDefinitionRecord, signingSecret: string | undefined) => OutboundRequest;

export interface DeliveryOptions {
  timeoutMs: number;
  /** The wait before attempt 2, 3, ... of a call answered 429 or 5xx (its length + 1 is the number of attempts). */
  retryDelaysMs: number[];
  allowPrivateTargets: boolean;
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

const retried = (r: OutboundResult) => r.errors.length === 0 && r.statusCode !== null && (r.statusCode === 429 || r.statusCode >= 500);

function outcomeOf(request: OutboundRequest, definition: WebhookDefinitionRecord, result: OutboundResult, requestAt: Date, timeoutMs: number): WebhookCallOutcome {
  const secret = new Set(definition.headers.filter((h) => h.secret).map((h) => h.key.toLowerCase()));
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, secret.has(k.toLowerCase()) ? SECRET_MASK : v]));
  return {
    url: request.url, statusCode: result.statusCode, errors: result.errors,
    request: { url: request.url, method: request.method, headers, body: (request.body ?? '').slice(0, REQUEST_BODY_MAX), timeout: timeoutMs },
    response: result.statusCode === null ? null : { url: request.url, headers: result.headers, body: result.body, statusCode: result.statusCode },
    requestAt: requestAt.toISOString(), responseAt: result.responseAt?.toISOString() ?? null,
  };
}

const literalTarget = (url: string, allowPrivate: boolean) =>
  urlProblem(url, allowPrivate) === undefined ? { ok: true as const, addresses: undefined } : { ok: false as const, error: 'ForbiddenTargetError' as const };

interface Attempt { call: WebhookCallRecord; outcome: WebhookCallOutcome; retryInMs: number | undefined }

/** Sends one call: target checked after DNS resolution, request built from the definition as it is now. */
async function attempt(call: WebhookCallRecord, definition: WebhookDefinitionRecord, signingSecret: string | undefined, options: DeliveryOptions, signal?: AbortSignal): Promise<Attempt> {
  const requestAt = new Date();
  let request: OutboundRequest;
  try {
    request = options.build(call, definition, signingSecret);
  } catch (error) {
    if (!(error instanceof WebhookRequestError)) throw error;
    const refused = { statusCode: null, headers: {}, body: '', errors: [error.code], responseAt: null };
    return { call, outcome: outcomeOf({ url: definition.url, method: 'POST', headers: {} }, definition, refused, requestAt, options.timeoutMs), retryInMs: undefined };
  }
  // A proxied call goes to the operator's own proxy: the receiver it forwards to is what the address rules judge.
  const forwarded = request.headers['X-Forwarded-Host'];
  const proxied = forwarded !== undefined && options.proxied(definition);
  const judged = proxied ? `${request.headers['X-Forwarded-Proto']}://${forwarded}/` : request.url;
  // The proxy resolves the receiver's name, so a proxied call is judged on its literal host.
  const target = proxied ? literalTarget(judged, options.allowPrivateTargets) : await resolveAllowedTarget(judged, options.allowPrivateTargets);
  const result: OutboundResult = target.ok
    ? await sendRequest(request, { timeoutMs: options.timeoutMs, maxResponseBytes: RESPONSE_BODY_MAX, signal, addresses: proxied ? undefined : target.addresses })
    : { statusCode: null, headers: {}, body: '', errors: [target.error], responseAt: null };
  const retryInMs = retried(result) && call.attempt <= options.retryDelaysMs.length ? options.retryDelaysMs[call.attempt - 1] : undefined;
  return { call, outcome: outcomeOf(request, definition, result, requestAt, options.timeoutMs), retryInMs };
}

/** Records attempts in one statement; a 429 or 5xx with attempts left schedules the next attempt as a call of its own. */
async function record(storage: Storage, spaceId: string, attempts: Attempt[]): Promise<void> {
  const outcomes = attempts.map((a) => ({ id: a.call.id, outcome: a.outcome }));
  const retries = attempts.filter((a) => a.retryInMs !== undefined);
  if (retries.length === 0) {
    await storage.repos.webhookCalls.record(spaceId, outcomes, CALL_LOG_KEEP);
    return;
  }
  const scheduled = await storage.transaction(async (repos) => {
    const recorded = new Set(await repos.webhookCalls.record(spaceId, outcomes, CALL_LOG_KEEP));
    const next = retries.filter((a) => recorded.has(a.call.id)).map((a) => ({ ...a, call: { ...a.call, id: generateId(), attempt: a.call.attempt + 1 } }));
    await repos.webhookCalls.insertPending(next.map((a) => a.call));
    for (const a of next) {
      const payload: DeliveryJobPayload = { spaceId, webhookId: a.call.webhookId, callIds: [a.call.id] };
      await repos.jobs.enqueue(WEBHOOK_DELIVERY_JOB, payload, new Date(Date.now() + a.retryInMs!));
    }
    return next.length;
  });
  if (scheduled > 0) announceJobs(storage);
}

/**
 * Sends the pending calls of a job (up to CALLS_IN_FLIGHT at once) and records each attempt: request, response,
 * errors. Runs at least once: a call recorded by an earlier run is not sent again, and one a crash interrupted is sent
 * again with the same idempotency key. A call whose webhook was deactivated meanwhile is dropped; one whose webhook was
 * deleted went with it.
 */
export function webhookDeliveryJob(storage: Storage, options: DeliveryOptions): JobHandler<DeliveryJobPayload> {
  return {
    async run({ spaceId, webhookId, callIds }, context) {
      const found = await storage.repos.webhookCalls.findForDelivery(spaceId, webhookId, callIds);
      if (!found || found.calls.length === 0) return;
      if (!found.definition.active) {
        await storage.repos.webhookCalls.deletePending(spaceId, found.calls.map((c) => c.id));
        return;
      }
      // Attempts are recorded as they end, those that end while a record is being written together in the next one.
      let ended: Attempt[] = [];
      let writing = Promise.resolve();
      let failure: unknown;
      const flush = () => {
        writing = writing.then(async () => {
          const batch = ended;
          ended = [];
          if (batch.length) await record(storage, spaceId, batch);
        }).catch((error) => { failure ??= error; });
      };
      const queue = [...found.calls];
      await Promise.all(Array.from({ length: Math.min(CALLS_IN_FLIGHT, queue.length) }, async () => {
        for (let call = queue.shift(); call && !failure; call = queue.shift()) {
          try {
            // Awaited before `ended` is read: a flush meanwhile replaces the array.
            const sent = await attempt(call, found.definition, found.signingSecret, options, context.signal);
            ended.push(sent);
            flush();
          } catch (error) {
            failure ??= error;
          }
        }
      }));
      flush();
      await writing;
      // What was sent is recorded even when the process stops; what was not is sent by the job's next run.
      if (failure) throw failure;
    },
  };
}
