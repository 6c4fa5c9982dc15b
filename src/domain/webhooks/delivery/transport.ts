/**
 * What webhook delivery needs of the network, implemented at the edge (`src/outbound/webhook-transport.ts`): the
 * check of a call's target after DNS resolution, and the sending of its request to the addresses that check allowed.
 */
export interface WebhookTransport {
  /**
   * Checks a call's URL (templates resolved) just before it is sent: scheme and port, then every address its host
   * resolves to (the rules of `definitions/url-policy.ts`). With private targets allowed, only the scheme is checked
   * and nothing is resolved (`addresses` is empty).
   */
  checkTarget(url: string, allowPrivate: boolean): Promise<TargetCheck>;
  /**
   * Sends one request: redirects are not followed, the whole exchange is bounded by the timeout, and failures become
   * the call log's error names. Rejects only when `signal` stops it (the call is then not recorded).
   */
  send(request: OutboundRequest, options: SendOptions): Promise<OutboundResult>;
}

/** A request to a webhook receiver, as built from its definition. */
export interface OutboundRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** Absent for GET and DELETE. */
  body?: string;
  /** With false (the default), the body goes out chunked and no `Content-Length` header is sent. */
  includeContentLength?: boolean;
}

export interface OutboundResult {
  /** Null when no answer came (the error says why). */
  statusCode: number | null;
  headers: Record<string, string>;
  /** The response body, cut at `maxResponseBytes`. */
  body: string;
  errors: string[];
  responseAt: Date | null;
}

export interface SendOptions {
  timeoutMs: number;
  /** The most of a response body that is read; the rest is not downloaded (the connection is dropped). */
  maxResponseBytes: number;
  /** Aborted when the process stops: the call is given up and not recorded (it is sent again later). */
  signal?: AbortSignal;
  /** The addresses the target check resolved and allowed: the connection goes to one of them, not to a new lookup. */
  addresses?: ResolvedAddress[];
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type TargetCheck =
  | { ok: true; url: URL; addresses: ResolvedAddress[] }
  | { ok: false; error: 'InvalidUrlError' | 'NameResolutionError' | 'ForbiddenTargetError'; message: string };
