import type { Repositories, Storage, WebhookCallOutcome, WebhookCallRecord, WebhookDefinitionRecord } from '../../storage/port/index.ts';
import { generateId as generateCallId } from '../../lib/ids.ts';
import { announceJobs, type JobHandler } from '../../jobs/index.ts';
import { sendRequest, type OutboundRequest, type OutboundResult } from './delivery-sender.ts';
import { WebhookRequestError } from './request-builder.ts';
import { resolveAllowedTarget } from './url-policy.ts';

export const WEBHOOK_DELIVERY_JOB = 'webhooks.deliver';

/** Builds a call's request from its definition (topic headers, transformation, signing...). */
export type CallRequestBuilder = (call: WebhookCallRecord, definition: WebhookDefinitionRecord, signingSecret: string | undefined) => OutboundRequest;

export interface DeliveryOptions {
  timeoutMs: number;
  /** The wait before attempt 2, 3, ... of a call answered 429 or 5xx (its length + 1 is the number of attempts). */
  retryDelaysMs: number[];
  allowPrivateTargets: boolean;
  build: CallRequestBuilder;
}

/** The call log's limits (management-api.md "Limits"). */
export const CALL_LOG_KEEP = 500;
const REQUEST_BODY_MAX = 500 * 1024;
const RESPONSE_BODY_MAX = 200 * 1024;
const SECRET_MASK = '[secret]';

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

/** Records the attempt; a 429 or 5xx with attempts left schedules the next attempt as a pending call of its own. */
async function record(storage: Storage, call: WebhookCallRecord, outcome: WebhookCallOutcome, retryInMs: number | undefined): Promise<void> {
  if (retryInMs === undefined) {
    await storage.repos.webhookCalls.record(call.spaceId, call.id, outcome, CALL_LOG_KEEP);
    return;
  }
  const next = { ...call, id: generateCallId(), attempt: call.attempt + 1 };
  const scheduled = await storage.transaction(async (repos: Repositories) => {
    if (!(await repos.webhookCalls.record(call.spaceId, call.id, outcome, CALL_LOG_KEEP))) return false;
    await repos.webhookCalls.insertPending([next]);
    await repos.jobs.enqueue(WEBHOOK_DELIVERY_JOB, { spaceId: next.spaceId, callId: next.id }, new Date(Date.now() + retryInMs));
    return true;
  });
  if (scheduled && retryInMs === 0) announceJobs(storage);
}

/**
 * Sends one pending call: checks the target (after DNS resolution), builds the request from the definition as it is
 * now, sends it and records request, response and errors. Runs at least once per call: a call already recorded is
 * not sent again, and one interrupted mid-send is sent again with the same idempotency key.
 */
export function webhookDeliveryJob(storage: Storage, options: DeliveryOptions): JobHandler<{ spaceId: string; callId: string }> {
  return {
    async run({ spaceId, callId }, context) {
      const found = await storage.repos.webhookCalls.findForDelivery(spaceId, callId);
      if (!found) return;
      const { call, definition, signingSecret } = found;
      if (!definition.active) {
        await storage.repos.webhookCalls.deletePending(spaceId, callId);
        return;
      }
      const requestAt = new Date();
      let request: OutboundRequest;
      try {
        request = options.build(call, definition, signingSecret);
      } catch (error) {
        if (!(error instanceof WebhookRequestError)) throw error;
        const refused = { statusCode: null, headers: {}, body: '', errors: [error.code], responseAt: null };
        await record(storage, call, outcomeOf({ url: definition.url, method: 'POST', headers: {} }, definition, refused, requestAt, options.timeoutMs), undefined);
        return;
      }
      const target = await resolveAllowedTarget(request.url, options.allowPrivateTargets);
      const result: OutboundResult = target.ok
        ? await sendRequest(request, { timeoutMs: options.timeoutMs, maxResponseBytes: RESPONSE_BODY_MAX, signal: context.signal, addresses: target.addresses })
        : { statusCode: null, headers: {}, body: '', errors: [target.error], responseAt: null };
      const retryInMs = retried(result) && call.attempt <= options.retryDelaysMs.length ? options.retryDelaysMs[call.attempt - 1] : undefined;
      await record(storage, call, outcomeOf(request, definition, result, requestAt, options.timeoutMs), retryInMs);
    },
  };
}
