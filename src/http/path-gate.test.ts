import express from 'express';
import { describe, expect, it } from 'vitest';
import { firstSegment, gateByFirstSegment } from './path-gate.ts';

/** Which of `handler` and the next middleware a request with this path reached. */
function reached(gate: express.RequestHandler, path: string): 'handler' | 'next' {
  let outcome: 'handler' | 'next' | undefined;
  gate({ path } as express.Request, {} as express.Response, () => {
    outcome = outcome ?? 'next';
  });
  return outcome!;
}

describe('gateByFirstSegment', () => {
  const gated = (segments: Array<string | null>) => {
    const handler: express.RequestHandler = (_req, _res, _next) => {
      throw new Error('handler');
    };
    const gate = gateByFirstSegment(segments, handler);
    return (path: string) => {
      try {
        return reached(gate, path);
      } catch {
        return 'handler';
      }
    };
  };

  it('enters the handler only for its first segments, case-insensitively as Express routes match', () => {
    const at = gated(['openapi', 'healthz']);
    expect(at('/openapi/management.json')).toBe('handler');
    expect(at('/OpenAPI/management.json')).toBe('handler');
    expect(at('/healthz')).toBe('handler');
    expect(at('/healthz/')).toBe('handler');
    expect(at('/spaces/s1/environments/master/entries')).toBe('next');
    expect(at('/openapix/management.json')).toBe('next');
    expect(at('/')).toBe('next');
    expect(at('//openapi')).toBe('next');
  });

  it('always enters the handler when a route or mount path does not begin with plain text', () => {
    expect(gated(['assets', null])('/spaces/s1')).toBe('handler');
    expect(gated([':id'])('/anything')).toBe('handler');
  });

  it('lets every request through that the gated router answers', async () => {
    const router = express.Router();
    router.get('/docs/:page', (_req, res) => {
      res.send('page');
    });
    router.get('/healthz', (_req, res) => {
      res.send('ok');
    });
    const app = express();
    app.use(gateByFirstSegment([firstSegment('/docs/:page'), firstSegment('/healthz')], router));
    app.use((_req, res) => {
      res.status(404).send('elsewhere');
    });
    const server = app.listen(0);
    try {
      const port = (server.address() as { port: number }).port;
      const get = async (path: string) => (await fetch(`http://127.0.0.1:${port}${path}`)).text();
      expect(await get('/DOCS/x.html')).toBe('page');
      expect(await get('/healthz/?a=1')).toBe('ok');
      expect(await get('/spaces/s1')).toBe('elsewhere');
    } finally {
      server.close();
    }
  });

  it('names the first segment of a path, or null when it is a parameter or pattern', () => {
    expect(firstSegment('/docs/:page')).toBe('docs');
    expect(firstSegment('/healthz')).toBe('healthz');
    expect(firstSegment('/')).toBeNull();
    expect(firstSegment('/:spaceId/:assetId')).toBeNull();
    expect(firstSegment('/files{/:x}')).toBeNull();
  });
});
