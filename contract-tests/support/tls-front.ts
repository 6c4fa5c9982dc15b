import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import selfsigned from 'selfsigned';

/** An HTTPS front on loopback that passes every request to a plain-HTTP server, with a certificate made for it. */
export interface TlsFront {
  /** `127.0.0.1:<port>`, the `host` option of the official tools. */
  readonly host: string;
  /** A PEM file with the front's self-signed certificate, for `NODE_EXTRA_CA_CERTS`. */
  readonly caFile: string;
  close(): Promise<void>;
}

/**
 * The official migration and import tools speak only HTTPS. The certificate is made here, valid for a day, for
 * `127.0.0.1` and `localhost`; a child process trusts it through `NODE_EXTRA_CA_CERTS`.
 */
export async function startTlsFront(targetBaseUrl: string): Promise<TlsFront> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    notAfterDate: new Date(Date.now() + 24 * 3600 * 1000),
    keySize: 2048,
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-tls-'));
  const caFile = path.join(dir, 'ca.pem');
  fs.writeFileSync(caFile, pems.cert);
  const target = new URL(targetBaseUrl);

  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host, 'x-forwarded-proto': 'https' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    caFile,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
