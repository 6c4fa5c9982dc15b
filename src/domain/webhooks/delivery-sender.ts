import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

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
  addresses?: Array<{ address: string; family: 4 | 6 }>;
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
  ENOTFOUND: 'NameResolutionError',
  EAI_AGAIN: 'NameResolutionError',
  EAI_NONAME: 'NameResolutionError',
  EAI_FAIL: 'NameResolutionError',
  EHOSTUNREACH: 'HostUnreachableError',
  ENETUNREACH: 'HostUnreachableError',
  ETIMEDOUT: 'TimeoutError',
};

/** The call log's name for a failed exchange: `TimeoutError`, `ConnectionRefusedError`, ... */
export function errorName(error: unknown): string {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (name === 'TimeoutError') return 'TimeoutError';
  if (code && ERROR_NAMES[code]) return ERROR_NAMES[code];
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) return 'TlsError';
  return 'UnknownError';
}

const timeoutError = () => Object.assign(new Error('the webhook call timed out'), { name: 'TimeoutError' });

/**
 * Keep-alive connections per receiver: a call costs a fraction of a new connection (Node's `http` client, several
 * times cheaper per call than `fetch`, which matters at three calls per publish).
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

function pinnedLookup(addresses: Array<{ address: string; family: 4 | 6 }>): LookupFunction {
  return (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: typeof addresses) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

function flatHeaders(response: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(response.headers)) if (value !== undefined) out[key] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

/** A request URL as the client's options, parsed once per URL (a webhook's calls go to one); at most URL_CACHE_SIZE. */
interface Target { protocol: keyof typeof agents; hostname: string; port: number | undefined; path: string; auth?: string }
const targets = new Map<string, Target>();
const URL_CACHE_SIZE = 1000;

function targetOf(url: string): Target {
  let target = targets.get(url);
  if (!target) {
    // What `http.request(url)` derives from a URL on every call.
    const u = new URL(url);
    target = {
      protocol: u.protocol as keyof typeof agents, hostname: u.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: u.port === '' ? undefined : Number(u.port), path: `${u.pathname}${u.search}`,
      ...(u.username || u.password ? { auth: `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}` } : {}),
    };
    if (targets.size >= URL_CACHE_SIZE) targets.clear();
    targets.set(url, target);
  }
  return target;
}

interface Exchange { response: IncomingMessage; body: string; error?: unknown }

/** Ends a request from outside: the timeout and the process's stop destroy the request in flight. */
interface Abort { request?: ClientRequest; reason?: Error }

/** One request; the answer's body read up to `max` bytes, then the connection dropped. */
function exchange(target: Target, request: OutboundRequest, options: SendOptions, abort: Abort): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const { protocol } = target;
    const headers = { ...request.headers };
    const body = request.body;
    if (body !== undefined && request.includeContentLength) headers['Content-Length'] = String(Buffer.byteLength(body));
    const req = (protocol === 'https:' ? https : http).request({
      ...target, method: request.method, headers, agent: agents[protocol],
      ...(options.addresses?.length ? { lookup: pinnedLookup(options.addresses) } : {}),
    }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      const end = (error?: unknown) => {
        if (done) return;
        done = true;
        const all = Buffer.concat(chunks);
        resolve({ response, body: all.subarray(0, Math.min(all.byteLength, options.maxResponseBytes)).toString('utf8'), error });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.byteLength;
        if (size > options.maxResponseBytes) {
          response.destroy();
          end();
        }
      });
      response.on('end', () => end());
      response.on('error', (error) => end(error));
      response.on('close', () => end(response.complete ? undefined : abort.reason ?? new Error('aborted')));
    });
    abort.request = req;
    req.on('error', (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
    // Written apart from end(): without a Content-Length header the body goes out chunked.
    if (body) req.write(body, 'utf8');
    req.end();
  });
}

/**
 * Sends one request with Node's `http`/`https` client: redirects are not followed (a 3xx is the answer), the whole
 * exchange is bounded by the timeout, and failures become the call log's error names instead of exceptions. One timer
 * and one stop listener per request: an `AbortSignal` per request (and `AbortSignal.any`) costs several times more.
 */
export async function sendRequest(request: OutboundRequest, options: SendOptions): Promise<OutboundResult> {
  if (options.signal?.aborted) throw new DeliveryAbortedError();
  const abort: Abort = {};
  const stop = (reason: Error) => { abort.reason ??= reason; abort.request?.destroy(reason); };
  const timer = setTimeout(() => stop(timeoutError()), options.timeoutMs);
  const onStop = () => stop(new DeliveryAbortedError());
  options.signal?.addEventListener('abort', onStop);
  const timedOut = () => abort.reason?.name === 'TimeoutError';
  const aborted = () => abort.reason instanceof DeliveryAbortedError;
  try {
    const url = targetOf(request.url);
    let result: Exchange;
    try {
      result = await exchange(url, request, options, abort);
    } catch (error) {
      // A kept-alive connection the receiver had just closed: the request never reached it, so it goes again.
      if (!(error as { reusedSocket?: boolean }).reusedSocket || (error as { code?: string }).code !== 'ECONNRESET' || abort.reason) throw error;
      result = await exchange(url, request, options, abort);
    }
    if (aborted()) throw new DeliveryAbortedError();
    const errors = result.error ? [errorName(timedOut() ? timeoutError() : result.error)] : [];
    return { statusCode: result.response.statusCode ?? null, headers: flatHeaders(result.response), body: result.body, errors, responseAt: new Date() };
  } catch (error) {
    if (error instanceof DeliveryAbortedError || aborted()) throw new DeliveryAbortedError();
    return { statusCode: null, headers: {}, body: '', errors: [errorName(timedOut() ? timeoutError() : error)], responseAt: null };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onStop);
  }
}
