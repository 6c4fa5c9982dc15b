import type { WebhookTransport } from '../domain/webhooks/delivery/transport.ts';
import { resolveAllowedTarget } from './webhook-target.ts';
import { sendRequest } from './webhook-sender.ts';

/** Webhook delivery's network: DNS-checked targets, requests over undici to the addresses the check allowed. */
export const webhookTransport: WebhookTransport = { checkTarget: resolveAllowedTarget, send: sendRequest };
