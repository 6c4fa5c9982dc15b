/**
 * The cloud signing proxy (spec: "An AWS-style signing proxy option"). A definition whose custom headers include
 * `X-<Vendor>-Cloud-Proxy-Key-Id` and `X-<Vendor>-Cloud-Proxy-Secret` (optionally `-Cloud-Proxy-Content-Type`) is
 * delivered through the operator's proxy, `TESSERA_WEBHOOK_SIGNING_PROXY_URL`: the request goes to the proxy's
 * origin (scheme, host and port; a path in the setting is not used) with the webhook URL's path and query, the three
 * headers as defined, and `X-Forwarded-Host` / `X-Forwarded-Proto` naming the webhook URL's host (with its port) and
 * scheme. The proxy signs the request again with the key and forwards it there. Without the setting such a definition
 * is not called at all (`CloudProxyNotConfigured`), so the proxy secret never goes anywhere but to the proxy.
 */
export interface CloudProxyHeaderNames {
  keyId: string;
  secret: string;
  contentType: string;
}

export const cloudProxyHeaderNames = (headerPrefix: string): CloudProxyHeaderNames => ({
  keyId: `${headerPrefix}-Cloud-Proxy-Key-Id`,
  secret: `${headerPrefix}-Cloud-Proxy-Secret`,
  contentType: `${headerPrefix}-Cloud-Proxy-Content-Type`,
});

interface HeaderLike {
  key: string;
  secret?: boolean;
}

const named = (headers: readonly HeaderLike[], name: string) =>
  headers.find((h) => h.key.toLowerCase() === name.toLowerCase());

/** True when the definition's headers ask for the proxy (both the key id and the secret header are present). */
export function usesCloudProxy(headers: readonly HeaderLike[], headerPrefix: string): boolean {
  const names = cloudProxyHeaderNames(headerPrefix);
  return named(headers, names.keyId) !== undefined && named(headers, names.secret) !== undefined;
}

/**
 * For definition validation: what is wrong with the proxy headers (a secret header not marked secret, one of the
 * key id and secret without the other) and the index of the header at fault, or undefined.
 */
export function cloudProxyHeaderProblem(
  headers: readonly HeaderLike[],
  headerPrefix: string,
): { index: number; details: string } | undefined {
  const names = cloudProxyHeaderNames(headerPrefix);
  const keyId = named(headers, names.keyId);
  const secret = named(headers, names.secret);
  if (secret !== undefined && secret.secret !== true) {
    return { index: headers.indexOf(secret), details: `${names.secret} must be a secret header.` };
  }
  if (secret !== undefined && keyId === undefined)
    return { index: headers.indexOf(secret), details: `${names.secret} needs ${names.keyId}.` };
  if (keyId !== undefined && secret === undefined)
    return { index: headers.indexOf(keyId), details: `${names.keyId} needs ${names.secret}.` };
  return undefined;
}

/** The URL a proxied call goes to, and the forwarding headers naming the real target. */
export function proxiedTarget(target: URL, proxyUrl: string): { url: string; headers: Record<string, string> } {
  const proxy = new URL(proxyUrl);
  return {
    url: `${proxy.origin}${target.pathname}${target.search}`,
    headers: { 'X-Forwarded-Host': target.host, 'X-Forwarded-Proto': target.protocol.slice(0, -1) },
  };
}
