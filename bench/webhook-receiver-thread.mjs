import { createServer } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * JavaScript, so that the bench's Node runs it without tsx in the thread.
 * The loopback receiver's thread (webhook-bench-setup.ts): answers 200 at once and counts calls, and those sent twice
 * (same idempotency key), in the shared counters; once told to track, it posts when each entry's first call arrived
 * (epoch milliseconds, comparable across threads).
 */
const counters = new Int32Array(workerData.counters);
const keys = new Set();
const seen = new Set();
let tracking = false;
const port = parentPort;

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const key = String(request.headers['x-service-idempotency-key']);
    if (keys.has(key)) Atomics.add(counters, 1, 1);
    else keys.add(key);
    Atomics.add(counters, 0, 1);
    if (tracking) {
      const id = /"id":"([^"]+)"/.exec(Buffer.concat(chunks).toString('utf8'))?.[1];
      if (id && !seen.has(id)) {
        seen.add(id);
        port.postMessage({ id, at: performance.timeOrigin + performance.now() });
      }
    }
    response.writeHead(200).end();
  });
});

port.on('message', (message) => {
  if (message === 'track') tracking = true;
  else {
    server.closeAllConnections();
    server.close(() => port.close());
  }
});
server.listen(0, '127.0.0.1', () => port.postMessage({ port: server.address().port }));
