import http from 'node:http';

/**
 * The yardstick: a bare Node `http` server answering every request with one fixed JSON body
 * (BARE_BODY, by default a small object) on PORT. It prints "listening" once ready.
 */
const body =
  process.env.BARE_BODY ?? JSON.stringify({ sys: { type: 'Array' }, total: 0, skip: 0, limit: 100, items: [] });
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
