import type { OutboundRequest, OutboundResult, SendOptions, TargetCheck, WebhookTransport } from './transport.ts';

/**
 * Sends a call whose target was checked: to the addresses the check resolved (`pinned`; a call through the cloud
 * signing proxy is not, the proxy resolving the receiver), or, refused, the check's error as the call's result.
 */
export async function sendChecked(
  transport: WebhookTransport,
  request: OutboundRequest,
  target: TargetCheck,
  options: Omit<SendOptions, 'addresses'>,
  pinned = true,
): Promise<OutboundResult> {
  if (!target.ok) return { statusCode: null, headers: {}, body: '', errors: [target.error], responseAt: null };
  return transport.send(request, { ...options, addresses: pinned ? target.addresses : undefined });
}

/**
 * The retry policy of event calls (Events rule 5): a 429 or 5xx answer with attempts left is tried again after the
 * delay of its attempt (`retryDelaysMs[attempt - 1]`; their number + 1 is the number of attempts). Anything else ends
 * the call: a success (below 300), another answer, or no answer at all. Answers the wait, or undefined.
 */
export function nextAttemptIn(result: OutboundResult, attempt: number, retryDelaysMs: readonly number[]) {
  const again =
    result.errors.length === 0 && result.statusCode !== null && (result.statusCode === 429 || result.statusCode >= 500);
  return again && attempt <= retryDelaysMs.length ? retryDelaysMs[attempt - 1] : undefined;
}
