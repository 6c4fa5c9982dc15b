import fs from 'node:fs';
import pg from 'pg';
import os from 'node:os';
import path from 'node:path';
import { prepareContentSpace, type ContentSpace } from './content-space.ts';
import { measureEntryThroughput, type ThroughputFigures } from './entry-throughput.ts';
import { httpClient, type HttpClient } from './http-client.ts';
import { benchDatabase } from './postgres.ts';
import { AUTH, SERVER_SCRIPT, startChild, TOKEN } from './processes.ts';
import { fixed, verdict } from './stats.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 16;
const ROUNDS = 2;

const log = (line = '') => console.log(line);

/** A role that may read the content model and work only on entries of content type `article`. */
const ARTICLE_EDITOR = {
  name: 'Article editor',
  description: 'Creates and publishes articles only',
  permissions: {
    ContentModel: ['read'],
    ContentDelivery: [],
    Environments: [],
    EnvironmentAliases: [],
    Settings: [],
    Tags: [],
  },
  policies: [
    {
      effect: 'allow',
      actions: ['read', 'create', 'update', 'publish'],
      constraint: {
        and: [{ equals: [{ doc: 'sys.type' }, 'Entry'] }, { equals: [{ doc: 'sys.contentType.sys.id' }, 'article'] }],
      },
    },
  ],
};

/** Invites a person, has them join, and gives them the article editor role in the space: their token. */
async function articleEditor(owner: HttpClient, space: ContentSpace): Promise<string> {
  const organization = (await owner.expectStatus(200, 'GET', '/organizations')).items[0].sys.id as string;
  const email = `member-${Date.now()}@example.test`;
  const invitation = await owner.expectStatus(201, 'POST', `/organizations/${organization}/invitations`, {
    json: { email, role: 'member' },
  });
  const anonymous = httpClient(owner.baseUrl, {});
  const joined = await anonymous.expectStatus(201, 'POST', new URL(invitation.sys.invitationUrl).pathname, {
    json: {},
  });
  anonymous.close();
  const role = await owner.expectStatus(201, 'POST', `/spaces/${space.spaceId}/roles`, { json: ARTICLE_EDITOR });
  await owner.expectStatus(201, 'POST', `/spaces/${space.spaceId}/space_memberships`, {
    json: { admin: false, email, roles: [{ sys: { type: 'Link', linkType: 'Role', id: role.sys.id } }] },
  });
  return joined.token as string;
}

const line = (who: string, t: ThroughputFigures) =>
  `  ${who.padEnd(40)}${fixed(t.entriesPerSecond, 0).padStart(7)} entries/s, ` +
  `p50 ${fixed(t.p50)} ms, p99 ${fixed(t.p99)} ms, ${t.failures} failed, server CPU ${fixed(t.cpuMsPerEntry.server, 2)} ms per entry`;

/**
 * Issue 20's figure: entry create + publish throughput for a member whose role is constrained by content type,
 * beside the owner's in the same run (alternating rounds, the same space and server). Authorization must not cost a
 * read per request: the aim is the member within 10% of the owner.
 */
export async function runMemberThroughputBench(): Promise<void> {
  log('== Access (issue 20): create + publish as the owner and as a role-constrained member, PostgreSQL ==');
  const database = await benchDatabase();
  if (!database) {
    log('(no PostgreSQL server reachable: set DATABASE_URL to measure on one)\n');
    return;
  }
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-files-'));
  const env = {
    TESSERA_ADMIN_TOKEN: TOKEN,
    TESSERA_RATE_LIMIT_PER_SECOND: '0',
    DATABASE_URL: database.url,
    TESSERA_FILES_DIR: filesDir,
  };
  const server = await startChild({ script: SERVER_SCRIPT, readyPath: '/users/me', headers: AUTH, env });
  const owner = httpClient(server.baseUrl, AUTH);
  try {
    const space = await prepareContentSpace(owner, 'Access', 10);
    const memberAuth = { Authorization: `Bearer ${await articleEditor(owner, space)}` };
    const dbName = new URL(database.url).pathname.slice(1);
    // Statistics after each warm-up, as autovacuum would gather them (the content part does the same).
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const analyze = () => db.query('analyze');
    const totals = { owner: 0, member: 0 };
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [who, headers] of [
        ['owner', AUTH],
        ['member', memberAuth],
      ] as const) {
        const t = await measureEntryThroughput(
          { url: server.baseUrl, headers },
          space,
          CLIENTS,
          SECONDS,
          2,
          server.process.pid,
          dbName,
          analyze,
        );
        totals[who] += t.entriesPerSecond;
        log(line(`round ${round}, ${who === 'owner' ? 'owner' : 'member (article editor role)'}`, t));
      }
    }
    await db.end();
    const ratio = totals.member / totals.owner;
    log(
      `Member / owner throughput over ${ROUNDS} alternating rounds: ${fixed(ratio * 100, 1)}% (aim >= 90%: ${verdict(ratio >= 0.9)})\n`,
    );
  } finally {
    owner.close();
    await server.stop();
    await database.drop();
    fs.rmSync(filesDir, { recursive: true, force: true });
  }
}
