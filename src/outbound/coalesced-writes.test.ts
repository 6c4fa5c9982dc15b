import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { coalescingConnector } from './coalesced-writes.ts';

describe('coalescing connector (real loopback sockets)', () => {
  let server: Server;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    server = createServer((socket) => socket.on('data', (chunk) => received.push(chunk.toString())));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const connect = () =>
    new Promise<Socket>((resolve, reject) => {
      coalescingConnector({ timeout: 2_000 })(
        { hostname: '127.0.0.1', protocol: 'http:', port: String(port) },
        (error, socket) => {
          if (error) reject(error);
          else resolve(socket as Socket);
        },
      );
    });

  it('holds the writes of a tick and of its microtasks back, and sends them together once the tick ends', async () => {
    const socket = await connect();
    onTestFinished(() => {
      socket.destroy();
    });
    // As undici writes a chunked request: headers and body, then the terminator a microtask later.
    socket.write('POST / HTTP/1.1\r\n');
    socket.write('body');
    await Promise.resolve();
    socket.write('\r\n0\r\n\r\n');
    expect(socket.writableLength).toBe(28);
    await new Promise((resolve) => setImmediate(resolve));
    expect(socket.writableLength).toBe(0);
    await expect.poll(() => received.join('')).toBe('POST / HTTP/1.1\r\nbody\r\n0\r\n\r\n');
    // The next tick's writes are held back again, and sent too.
    socket.write('more');
    expect(socket.writableLength).toBe(4);
    await expect.poll(() => received.join('')).toBe('POST / HTTP/1.1\r\nbody\r\n0\r\n\r\nmore');
  });
});
