import { BlockList, isIP } from 'node:net';

/**
 * Where webhooks may call. Receivers are untrusted and a definition is written by space users, so the server must
 * not be turned against its own network: targets are http(s) URLs on ports 80, 443 or above 1023 whose host is
 * not a loopback, private, shared (CGNAT), link-local, unique-local, unspecified, multicast or reserved address,
 * unless the operator allows private targets (`TESSERA_WEBHOOK_ALLOW_PRIVATE_TARGETS`). A definition's literal host
 * is checked when it is saved (`urlProblem`); host names are resolved and checked again before each call
 * (`checkTarget` of the delivery's `WebhookTransport`), since DNS answers change.
 */

export const URL_MAX_LENGTH = 2048;

const IPV4_RANGES: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const IPV6_RANGES: Array<[string, number]> = [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

/** The IPv6 forms that carry an IPv4 address (NAT64 `64:ff9b::/96`, 6to4 `2002::/16`), for each blocked IPv4 range. */
function embedded(address: string, prefix: number): Array<[string, number]> {
  const [a, b, c, d] = address.split('.').map(Number);
  const high = ((a << 8) | b).toString(16);
  const low = ((c << 8) | d).toString(16);
  return [
    [`64:ff9b::${high}:${low}`, 96 + prefix],
    [`2002:${high}:${low}::`, 16 + prefix],
  ];
}

const BLOCKED = new BlockList();
for (const [address, prefix] of IPV4_RANGES) {
  // The BlockList also matches IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`) against IPv4 subnets.
  BLOCKED.addSubnet(address, prefix, 'ipv4');
  for (const [v6, v6Prefix] of embedded(address, prefix)) BLOCKED.addSubnet(v6, v6Prefix, 'ipv6');
}
for (const [address, prefix] of IPV6_RANGES) BLOCKED.addSubnet(address, prefix, 'ipv6');

/** Whether an IP address may not be called (unless private targets are allowed). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const isLocalName = (host: string) => /(^|\.)localhost\.?$/i.test(host);
export const portAllowed = (url: URL) =>
  url.port === '' || url.port === '80' || url.port === '443' || Number(url.port) > 1023;
export const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/** A URL template's pointers (`{ /payload/sys/id }`) stand for this text while the URL is checked. */
const TEMPLATE_STAND_IN = 'tessera-template';

/**
 * Why a definition's URL may not be saved, or undefined. Pointer templates may stand anywhere; a host made by a
 * template is checked at delivery only.
 */
export function urlProblem(raw: string, allowPrivate: boolean): string | undefined {
  if (raw.length > URL_MAX_LENGTH) return `The URL is longer than ${URL_MAX_LENGTH} characters.`;
  let url: URL;
  try {
    url = new URL(raw.replace(/\{[^{}]*\}/g, TEMPLATE_STAND_IN));
  } catch {
    return 'The URL is not a valid absolute URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'The URL must use http or https.';
  if (allowPrivate) return undefined;
  if (!portAllowed(url)) return "The URL's port must be 80, 443 or above 1023.";
  const host = bare(url.hostname);
  if (host.includes(TEMPLATE_STAND_IN)) return undefined;
  if (isLocalName(host) || isBlockedAddress(host)) return "The URL's host is a loopback, private or reserved address.";
  return undefined;
}
