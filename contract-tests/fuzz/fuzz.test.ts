import { afterAll, beforeAll, describe, it } from 'vitest';
import { ADMIN_TOKEN, startServer, type TestServer } from '../support/harness.ts';
import { casesFor } from './cases.ts';
import { bodyMediaType } from './examples.ts';
import { stateWatch, type StateWatch } from './fingerprint.ts';
import { publishedOperations } from './operations.ts';
import { buildRequest } from './request.ts';
import { FUZZ_SEED } from './seed.ts';
import { closeConnections, send } from './send.ts';
import { summary, writeReport } from './summary.ts';
import { versionCache } from './versions.ts';
import { errorShapeOf, type Failure, failureReport, problemsOf } from './verdict.ts';
import { buildWorld, type World } from './world.ts';

/**
 * Malformed variants of every operation of the published OpenAPI documents, against a server on PGlite with a
 * realistic space. No variant may answer 5xx, hang, answer an error without a JSON body with `sys.id`, or change
 * the database while refusing the request. Seeded (FUZZ_SEED), bounded (FUZZ_CASES per operation, FUZZ_BUDGET_MS in
 * all: an operation's cases past its share of the budget, but never its first MIN_CASES, are skipped and counted).
 * FUZZ_OPERATION=<operationId> runs one operation; FUZZ_REPORT=<file> writes the failures as JSON.
 */
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 25_000);
const ONLY = process.env.FUZZ_OPERATION;
/** Every operation gets its first cases (the classes every operation must survive) whatever the budget says. */
const MIN_CASES = 8;
const operations = publishedOperations().filter((o) => !ONLY || o.operationId === ONLY);

describe(`pglite: malformed requests to the ${operations.length} published operations (FUZZ_SEED=${FUZZ_SEED})`, () => {
  let server: TestServer;
  let world: World;
  let watch: StateWatch;
  let started = 0;
  const totals = { sent: 0, skipped: 0, rebuiltAfter: [] as string[] };
  const all: Failure[] = [];
  const versions = versionCache(() => server);

  beforeAll(async () => {
    server = await startServer('pglite');
    world = await buildWorld(server);
    server.takeViolations();
    // Background work would change the database between a request and its check (jobs; the webhook dispatcher marking
    // the events of earlier writes dispatched, adding calls, their deliveries; the usage flush storing the counts of
    // earlier requests): nothing the fuzzer sends needs it.
    await Promise.all([server.tessera.jobs.stop(), server.tessera.webhooks.stop(), server.tessera.usage.stop()]);
    watch = stateWatch(server.tessera.database.db);
    started = Date.now();
  }, 60_000);

  afterAll(async () => {
    console.log(summary(all, { ...totals, fullPrints: watch?.fullPrints() ?? 0 }));
    writeReport(all);
    closeConnections();
    await server?.close();
  }, 60_000);

  /** A successful write may have deleted part of the world (an entry, the space...): put it back. */
  async function repairWorld(after: string) {
    if (!(await world.repair())) {
      server.tessera.jobs.start();
      world = await buildWorld(server);
      await server.tessera.jobs.stop();
      totals.rebuiltAfter.push(after);
    }
    server.takeViolations();
  }

  operations.forEach((op, index) => {
    it(`${op.operationId}: ${op.method} ${op.template}`, async () => {
      const deadline = started + (BUDGET_MS * (index + 1)) / operations.length;
      const failures: Failure[] = [];
      const { vendorPrefix } = server;
      const mediaType = bodyMediaType(op, server.tessera.config.vendor.mgmtMediaType);
      for (const [n, fuzz] of casesFor(op, world, vendorPrefix, mediaType).entries()) {
        if (n >= MIN_CASES && Date.now() > deadline) {
          totals.skipped++;
          continue;
        }
        const version = op.parameters.some((p) => p.name === 'X-Service-Version') ? await versions.of(op, world) : '1';
        const sent = buildRequest(op, fuzz, world, { token: ADMIN_TOKEN, vendorPrefix, mediaType, version });
        const before = await watch.before();
        const answer = await send(server.baseUrl, sent);
        totals.sent++;
        const refused = answer.kind === 'response' && answer.status >= 400;
        const problems = problemsOf(answer, refused ? await watch.changedSince(before) : [], errorShapeOf(op.template));
        if (problems.length) failures.push({ op, fuzz, sent, answer, problems });
        if (answer.kind === 'hang') break; // the server may still be busy with it: later cases would only time out too
        if (answer.kind === 'response' && answer.status < 300 && op.method !== 'GET') {
          versions.forget();
          await repairWorld(`${op.operationId} [${fuzz.label}]`);
        }
      }
      all.push(...failures);
      if (failures.length) throw new Error(failureReport(op, failures));
    }, 120_000);
  });
});
