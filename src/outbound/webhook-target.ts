import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { bare, isBlockedAddress, isLocalName, portAllowed } from '../domain/webhooks/definitions/url-policy.ts';
import type { ResolvedAddress, TargetCheck } from '../domain/webhooks/delivery/transport.ts';

const refused = (
  error: 'InvalidUrlError' | 'NameResolutionError' | 'ForbiddenTargetError',
  message: string,
): TargetCheck => ({ ok: false, error, message });

/**
 * `WebhookTransport.checkTarget`: one refused address refuses the call, since the connection could use any. The
 * addresses allowed are the ones the sender connects to (`webhook-sender.ts` pins them).
 */
export async function resolveAllowedTarget(raw: string, allowPrivate: boolean): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refused('InvalidUrlError', 'The URL is not a valid absolute URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return refused('InvalidUrlError', 'The URL must use http or https.');
  if (allowPrivate) return { ok: true, url, addresses: [] };
  if (!portAllowed(url)) return refused('ForbiddenTargetError', "The URL's port must be 80, 443 or above 1023.");
  const host = bare(url.hostname);
  let addresses: ResolvedAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) as 4 | 6 }];
  } else if (isLocalName(host)) {
    return refused('ForbiddenTargetError', `${host} is a loopback name.`);
  } else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => ({
        address: a.address,
        family: a.family as 4 | 6,
      }));
    } catch (error) {
      return refused(
        'NameResolutionError',
        `${host} could not be resolved (${(error as { code?: string }).code ?? 'error'}).`,
      );
    }
  }
  const blocked = addresses.find((a) => isBlockedAddress(a.address));
  if (blocked)
    return refused(
      'ForbiddenTargetError',
      `${host} resolves to ${blocked.address}, a loopback, private or reserved address.`,
    );
  if (addresses.length === 0) return refused('NameResolutionError', `${host} has no address.`);
  return { ok: true, url, addresses };
}
