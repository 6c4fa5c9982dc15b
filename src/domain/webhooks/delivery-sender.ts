/** A request to a webhook receiver, as built from its definition (`buildWebhookRequest`). */
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
}

/** A send that ended because the process stops: the caller must not record it. */
export class DeliveryAbortedError extends Error {
  constructor() {
    super('the delivery was given up because the process stops');
    this.name = 'DeliveryAbortedError';
  }
}

const ERROR_NAMES: Record<string, string> = {
  ECONNREFUSED: 'ConnectionRefusedError',
  ECONNRESET: 'ConnectionResetError',
  EPIPE: 'ConnectionResetError',
  UND_ERR_SOCKET: 'ConnectionResetError',
  UND_ERR_CLOSED: 'ConnectionResetError',
  ENOTFOUND: 'NameResolutionError',
  EAI_AGAIN: 'NameResolutionError',
  EAI_NONAME: 'NameResolutionError',
  EAI_FAIL: 'NameResolutionError',
  EHOSTUNREACH: 'HostUnreachableError',
  ENETUNREACH: 'HostUnreachableError',
  ETIMEDOUT: 'TimeoutError',
  UND_ERR_CONNECT_TIMEOUT: 'TimeoutError',
  UND_ERR_HEADERS_TIMEOUT: 'TimeoutError',
  UND_ERR_BODY_TIMEOUT: 'TimeoutError',
};

/** The call log's name for a failed exchange: `TimeoutError`, `ConnectionRefusedError`, ... */
export function errorName(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const { name, code } = current as { name?: string; code?: string };
    if (name === 'TimeoutError') return 'TimeoutError';
    if (code && ERROR_NAMES[code]) return ERROR_NAMES[code];
    current = (current as { cause?: unknown }).cause;
  }
  return 'UnknownError';
}

function bodyStream(body: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(body);
  return new ReadableStream({ start(controller) { controller.enqueue(bytes); controller.close(); } });
}

/** Reads at most `max` bytes of a body and cancels the rest, so a huge answer costs no more than `max`. */
async function readCapped(response: Response, max: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      break;
    }
  }
  const all = Buffer.concat(chunks);
  return new TextDecoder().decode(all.subarray(0, Math.min(all.byteLength, max)));
}

/**
 * Sends one request with Node's `fetch`: redirects are not followed (a 3xx is the answer), the whole exchange is
 * bounded by the timeout, and failures become the call log's error names instead of exceptions.
 */
export async function sendRequest(request: OutboundRequest, options: SendOptions): Promise<OutboundResult> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const hasBody = request.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD';
  try {
    const response = await fetch(request.url, {
      method: request.method, headers: request.headers, redirect: 'manual', signal,
      ...(hasBody ? (request.includeContentLength ? { body: request.body } : { body: bodyStream(request.body!), duplex: 'half' }) : {}),
    } as RequestInit);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => { headers[key] = value; });
    let body = '';
    const errors: string[] = [];
    try {
      body = await readCapped(response, options.maxResponseBytes);
    } catch (error) {
      if (options.signal?.aborted) throw new DeliveryAbortedError();
      errors.push(errorName(error));
    }
    return { statusCode: response.status, headers, body, errors, responseAt: new Date() };
  } catch (error) {
    if (error instanceof DeliveryAbortedError || (options.signal?.aborted && !timeout.aborted)) throw new DeliveryAbortedError();
    return { statusCode: null, headers: {}, body: '', errors: [errorName(error)], responseAt: null };
  }
}
