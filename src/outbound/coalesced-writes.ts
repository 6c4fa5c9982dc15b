import type { Socket } from 'node:net';
import { buildConnector } from 'undici';

/**
 * Holds a socket's writes back until the current tick's callbacks have run, so a request goes out as one segment.
 * undici writes a chunked body's terminator a microtask after its headers and body (two sends, and two wake-ups of
 * the receiver, per call); Node's own HTTP client corks the same way until the next tick.
 */
function coalesceWrites(socket: Socket): void {
  const write = socket.write;
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  socket.write = function coalescedWrite(this: Socket, ...args: Parameters<Socket['write']>): boolean {
    if (!corked) {
      corked = true;
      this.cork();
      process.nextTick(uncork);
    }
    return (write as (...a: typeof args) => boolean).apply(this, args);
  } as Socket['write'];
}

/** undici's connector for `options`, whose sockets coalesce the writes of a tick (`coalesceWrites`). */
export function coalescingConnector(options: buildConnector.BuildOptions): buildConnector.connector {
  const connect = buildConnector(options);
  return (target, callback) =>
    connect(target, (...args: buildConnector.CallbackArgs) => {
      if (args[1]) coalesceWrites(args[1]);
      (callback as (...a: buildConnector.CallbackArgs) => void)(...args);
    });
}
