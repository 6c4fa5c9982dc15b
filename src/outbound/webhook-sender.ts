import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import type { OutboundRequest, OutboundResult, SendOptions } from '../domain/webhooks/delivery/transport.ts';
import { utf8Prefix } from '../lib/utf8-prefix.ts';
import { coalescingConnector } from './coalesced-writes.ts';

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
  UND_ERR_CONNECT_TIMEOUT: 'TimeoutError',
  UND_ERR_HEADERS_TIMEOUT: 'TimeoutError',
  UND_ERR_BODY_TIMEOUT: 'TimeoutError',
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

type Address = { address: string; family: 4 | 6 };

/**
 * The addresses the target check last allowed for a host name (at most PINNED_HOSTS): a new connection to a checked
 * receiver goes to one of them, never to an address a fresh lookup gives. A name no check allowed is not connected to.
 */
const pinned = new Map<string, Address[]>();
const PINNED_HOSTS = 1000;

function pin(hostname: string, addresses: Address[]): void {
  if (pinned.get(hostname) === addresses) return;
  pinned.delete(hostname);
  if (pinned.size >= PINNED_HOSTS) pinned.delete(pinned.keys().next().value!);
  pinned.set(hostname, addresses);
}

const pinnedLookup: LookupFunction = (hostname, options, callback) => {
  const addresses = pinned.get(hostname);
  if (!addresses?.length) {
    callback(Object.assign(new Error(`${hostname} was not checked`), { code: 'ENOTFOUND' }), '', 0);
    return;
  }
  if ((options as { all?: boolean }).all)
    (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
  else callback(null, addresses[0]!.address, addresses[0]!.family);
};

/**
 * Keep-alive connections per receiver origin through undici's dispatcher (what Node's `fetch` runs on, without its
 * streams: a call costs about a third less CPU than with `node:http`), one per timeout and lookup kind: checked
 * receivers (pinned addresses) and the operator's signing proxy (an ordinary lookup). Redirects are not followed; a
 * request's writes go out together (`coalescingConnector`).
 */
const agents = new Map<string, Agent>();

function agentFor(timeoutMs: number, checked: boolean): Agent {
  const key = `${timeoutMs}/${checked}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({
      connections: 64,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      connect: coalescingConnector({ timeout: timeoutMs, lookup: checked ? pinnedLookup : dnsLookup }),
    });
    agents.set(key, agent);
  }
  return agent;
}

/** A request URL as the dispatcher's origin and path, parsed once per URL (a webhook's calls go to one); at most URL_CACHE_SIZE. */
interface Target {
  origin: string;
  hostname: string;
  path: string;
  authorization?: string;
}
const targets = new Map<string, Target>();
const URL_CACHE_SIZE = 1000;

function targetOf(url: string): Target {
  let target = targets.get(url);
  if (!target) {
    const u = new URL(url);
    target = {
      origin: u.origin,
      hostname: u.hostname.replace(/^\[(.*)\]$/, '$1'),
      path: `${u.pathname}${u.search}`,
      // Credentials in the URL go as Basic authorization, as Node's http client sends them.
      ...(u.username || u.password
        ? {
            authorization: `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`,
          }
        : {}),
    };
    if (targets.size >= URL_CACHE_SIZE) targets.clear();
    targets.set(url, target);
  }
  return target;
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key in headers) {
    const value = headers[key];
    if (value !== undefined) out[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * One exchange as a dispatch handler: the answer's body is read up to `max` bytes, then the connection is dropped.
 * It settles once: with the answer, when the answer fails after it began (status kept, the error named), when it is
 * ended from outside (timeout, stop) or when no answer came.
 */
class Exchange implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private statusCode: number | null = null;
  private headers: Record<string, string> = {};
  private chunks: Buffer[] = [];
  private size = 0;
  private settled = false;
  reason: Error | undefined;

  constructor(
    private readonly max: number,
    private readonly done: (result: OutboundResult | Error) => void,
  ) {}

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.reason) controller.abort(this.reason);
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    this.statusCode = statusCode;
    this.headers = flatHeaders(headers);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.settled) return;
    this.chunks.push(chunk);
    this.size += chunk.byteLength;
    if (this.size > this.max) {
      this.answer();
      controller.abort(new Error('the rest of the answer is not read'));
    }
  }

  onResponseEnd(): void {
    this.answer();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.end(this.reason ?? error);
  }

  /** Ends the exchange from outside (timeout, stop): whatever the dispatcher is doing, it settles now. */
  stop(reason: Error): void {
    if (this.settled) return;
    this.reason ??= reason;
    this.controller?.abort(reason);
    this.end(reason);
  }

  private answer(error?: Error): void {
    if (this.settled) return;
    this.settled = true;
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.done({
      statusCode: this.statusCode,
      headers: this.headers,
      body: utf8Prefix(all, this.max),
      errors: error ? [errorName(error)] : [],
      responseAt: new Date(),
    });
  }

  private end(error: Error): void {
    if (this.settled) return;
    if (this.statusCode !== null && !(error instanceof DeliveryAbortedError)) this.answer(error);
    else {
      this.settled = true;
      this.done(error);
    }
  }
}

/** Origins that answered a call of this process (at most URL_CACHE_SIZE): their connections are kept alive. */
const answered = new Set<string>();
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * A connection reset before any answer, from a receiver that answered before: most likely a kept-alive connection it
 * closed as the call was written (the call never reached it), so the call goes once more on a new connection.
 */
const resendable = (error: Error, origin: string) =>
  answered.has(origin) && RESET_CODES.has((error as { code?: string }).code ?? '');

/**
 * Sends one request: redirects are not followed (a 3xx is the answer), the whole exchange is bounded by the timeout,
 * and failures become the call log's error names instead of exceptions. The body goes chunked, without a
 * `Content-Length` header, unless the definition asks for one. One timer and one stop listener per request.
 */
export function sendRequest(request: OutboundRequest, options: SendOptions): Promise<OutboundResult> {
  if (options.signal?.aborted) return Promise.reject(new DeliveryAbortedError());
  return new Promise((resolve, reject) => {
    const target = targetOf(request.url);
    // Private targets allowed, the check resolves nothing: the connection looks the name up itself.
    const checked = options.addresses !== undefined && options.addresses.length > 0;
    if (checked) pin(target.hostname, options.addresses!);
    const headers =
      target.authorization && !hasHeader(request.headers, 'authorization')
        ? { Authorization: target.authorization, ...request.headers }
        : request.headers;
    // A body given as an iterable of chunks (documented, missing from the typings) goes chunked; a string, with its Content-Length.
    const body =
      request.body === undefined
        ? null
        : request.includeContentLength
          ? request.body
          : ([Buffer.from(request.body, 'utf8')] as Iterable<Buffer> as Dispatcher.DispatchOptions['body']);
    let resent = false;
    const finish = (result: OutboundResult | Error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onStop);
      if (result instanceof DeliveryAbortedError) reject(result);
      else if (result instanceof Error)
        resolve({ statusCode: null, headers: {}, body: '', errors: [errorName(result)], responseAt: null });
      else {
        if (answered.size >= URL_CACHE_SIZE) answered.clear();
        answered.add(target.origin);
        resolve(result);
      }
    };
    const send = (): Exchange => {
      const exchange = new Exchange(options.maxResponseBytes, (result) => {
        if (result instanceof Error && !exchange.reason && !resent && resendable(result, target.origin)) {
          resent = true;
          current = send();
        } else finish(result);
      });
      try {
        agentFor(options.timeoutMs, checked).dispatch(
          { origin: target.origin, path: target.path, method: request.method, headers, body },
          exchange,
        );
      } catch (error) {
        exchange.stop(error as Error);
      }
      return exchange;
    };
    const onStop = () => current.stop(new DeliveryAbortedError());
    const timer = setTimeout(() => current.stop(timeoutError()), options.timeoutMs);
    options.signal?.addEventListener('abort', onStop);
    let current = send();
  });
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  for (const key in headers) if (key.toLowerCase() === name) return true;
  return false;
}
