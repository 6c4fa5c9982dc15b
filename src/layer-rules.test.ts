import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rules of eslint.config.js (`make lint-layers`) on imports written into probe files: each crossing the
// layers is reported, each allowed one is not. The probes are linted from memory; nothing is written to src/.
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function rulesBroken(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

const importing = (specifier: string) => `import { value } from '${specifier}';\nexport const probe = value;\n`;
const importingType = (specifier: string) => `import type { Value } from '${specifier}';\nexport type Probe = Value;\n`;

const forbidden: Array<[string, string, string]> = [
  ['domain imports http', 'src/domain/spaces/probe.ts', importing('../../http/routes.ts')],
  ['domain imports graphql', 'src/domain/spaces/probe.ts', importing('../../graphql/endpoint.ts')],
  [
    'domain imports the adapter, even a type',
    'src/domain/spaces/probe.ts',
    importingType('../../storage/postgres/index.ts'),
  ],
  ['domain imports the asset hosts', 'src/domain/uploads/probe.ts', importing('../../assets/renditions.ts')],
  [
    'domain imports the webhook transport',
    'src/domain/webhooks/delivery/probe.ts',
    importing('../../../outbound/webhook-transport.ts'),
  ],
  ['domain imports a worker', 'src/domain/webhooks/dispatch/probe.ts', importing('../../../workers/webhook-work.ts')],
  ['outbound imports the adapter', 'src/outbound/probe.ts', importing('../storage/postgres/index.ts')],
  ['outbound imports a worker', 'src/outbound/probe.ts', importing('../workers/webhook-work.ts')],
  ['a worker imports app.ts', 'src/workers/probe.ts', importing('../app.ts')],
  [
    'the port imports a domain service',
    'src/storage/port/probe.ts',
    importingType('../../domain/spaces/spaces-service.ts'),
  ],
  [
    'the adapter imports a domain service',
    'src/storage/postgres/probe.ts',
    importing('../../domain/entries/entries-service.ts'),
  ],
  ['storage imports jobs', 'src/storage/postgres/probe.ts', importing('../../jobs/index.ts')],
  ['storage imports http', 'src/storage/postgres/probe.ts', importing('../../http/routes.ts')],
  ['the port imports its adapter', 'src/storage/port/probe.ts', importingType('../postgres/index.ts')],
  ['jobs imports domain', 'src/jobs/probe.ts', importing('../domain/index.ts')],
  ['lib imports domain', 'src/lib/probe.ts', importing('../domain/index.ts')],
  ['errors imports storage', 'src/errors/probe.ts', importingType('../storage/port/index.ts')],
  ['config imports http', 'src/config.ts', importing('./http/routes.ts')],
  ['http imports the adapter', 'src/http/probe.ts', importing('../storage/postgres/index.ts')],
  ['graphql imports http', 'src/graphql/probe.ts', importing('../http/routes.ts')],
  ['graphql imports the storage port, even a type', 'src/graphql/probe.ts', importingType('../storage/port/index.ts')],
  ['graphql imports the adapter', 'src/graphql/types/probe.ts', importing('../../storage/postgres/index.ts')],
  ['assets imports graphql', 'src/assets/probe.ts', importing('../graphql/endpoint.ts')],
  ['rate-limit imports the adapter', 'src/rate-limit/probe.ts', importing('../storage/postgres/index.ts')],
  ['anything imports app.ts', 'src/http/probe.ts', importing('../app.ts')],
  ['app.ts imports main.ts', 'src/app.ts', importing('./main.ts')],
  [
    'a migration imports another migration',
    'src/storage/postgres/migrations/0099-probe.ts',
    importing('./0026-content-events.ts'),
  ],
  [
    'a migration imports runtime code',
    'src/storage/postgres/migrations/0099-probe.ts',
    importing('../session-settings.ts'),
  ],
  [
    'production code imports a test support module',
    'src/storage/postgres/probe.ts',
    importing('./plan-shapes.test-support.ts'),
  ],
  [
    'the runtime imports a migration',
    'src/storage/postgres/probe.ts',
    importing('./migrations/0026-content-events.ts'),
  ],
];

const allowed: Array<[string, string, string]> = [
  ['http imports domain', 'src/http/probe.ts', importing('../domain/index.ts')],
  ['http mounts graphql', 'src/http/probe.ts', importing('../graphql/endpoint.ts')],
  ['graphql imports image parameters', 'src/graphql/probe.ts', importing('../assets/image-params.ts')],
  ['graphql reads through the read module', 'src/graphql/types/probe.ts', importing('../../domain/delivery/index.ts')],
  ['assets imports domain', 'src/assets/probe.ts', importing('../domain/uploads/upload-files.ts')],
  [
    'domain imports the port and jobs',
    'src/domain/spaces/probe.ts',
    `${importingType('../../storage/port/index.ts')}import '../../jobs/job-signal.ts';\n`,
  ],
  [
    'storage speaks the search query representation',
    'src/storage/postgres/probe.ts',
    importingType('../../domain/search/query.ts'),
  ],
  ['the adapter implements the port', 'src/storage/postgres/probe.ts', importingType('../port/index.ts')],
  ['lib imports errors', 'src/lib/probe.ts', importing('../errors/index.ts')],
  ['app.ts wires the adapter', 'src/app.ts', importing('./storage/postgres/index.ts')],
  ['app.ts starts the workers', 'src/app.ts', importing('./workers/webhook-work.ts')],
  ['a worker wires the transport', 'src/workers/probe.ts', importing('../outbound/webhook-transport.ts')],
  ['a worker opens its own database', 'src/workers/probe.ts', importing('../storage/postgres/index.ts')],
  [
    'outbound implements the delivery transport',
    'src/outbound/probe.ts',
    importingType('../domain/webhooks/delivery/transport.ts'),
  ],
  [
    'a migration runs its statements',
    'src/storage/postgres/migrations/0099-probe.ts',
    importing('./execute-statements.ts'),
  ],
  [
    'the migration list names each migration',
    'src/storage/postgres/migrations/index.ts',
    importing('./0001-foundation.ts'),
  ],
  ['the adapter migrates', 'src/storage/postgres/probe.ts', importing('./migrations/index.ts')],
  [
    'a test imports a test support module',
    'src/storage/postgres/probe.test.ts',
    importing('./plan-shapes.test-support.ts'),
  ],
  ['a test opens a real database', 'src/domain/spaces/probe.test.ts', importing('../../storage/postgres/index.ts')],
];

describe('layer rules (eslint.config.js)', () => {
  it.each(forbidden)('refuses: %s', async (_name, filePath, source) => {
    expect(await rulesBroken(filePath, source)).toContain('import-x/no-restricted-paths');
  });

  it.each(allowed)('allows: %s', async (_name, filePath, source) => {
    expect(await rulesBroken(filePath, source)).toEqual([]);
  });

  it('refuses an import cycle at run time, not one of types only', async () => {
    // entry-validation.ts imports value-shape.ts at run time.
    const cycle = "import { checkEntryShape } from './entry-validation.ts';\nexport const probe = checkEntryShape;\n";
    expect(await rulesBroken('src/domain/content-model/value-shape.ts', cycle)).toEqual(['import-x/no-cycle']);
    const typesOnly =
      "import type { checkEntryShape } from './entry-validation.ts';\nexport type Probe = typeof checkEntryShape;\n";
    expect(await rulesBroken('src/domain/content-model/value-shape.ts', typesOnly)).toEqual([]);
  });

  // Access is decided only in src/domain/access: AccessDenied and the role reads are refused anywhere else.
  const refusing =
    "import { AppError } from '../../errors/index.ts';\nexport const probe = () => new AppError('AccessDenied');\n";
  const readingRoles = (repos: string) =>
    `import type { Storage } from '${repos}';\nexport const probe = (s: Storage) => [s.repos.memberRoles.organizationRolesOf('u'), s.repos.spaces.findAccessible('u', 's')];\n`;
  const accessDenied = (from: string) =>
    `import { accessDenied } from '${from}';\nexport const probe = () => accessDenied('no', 'reason');\n`;

  it.each([
    ['a service refuses with AccessDenied', 'src/domain/members/probe.ts', refusing, 'no-restricted-syntax'],
    ['a handler refuses with AccessDenied', 'src/http/handlers/probe.ts', refusing, 'no-restricted-syntax'],
    ['the adapter refuses with AccessDenied', 'src/storage/postgres/probe.ts', refusing, 'no-restricted-syntax'],
    [
      'a service reads roles',
      'src/domain/spaces/probe.ts',
      readingRoles('../../storage/port/index.ts'),
      'no-restricted-syntax',
    ],
    ['a handler reads roles', 'src/http/probe.ts', readingRoles('../storage/port/index.ts'), 'no-restricted-syntax'],
    [
      'a service imports the AccessDenied constructor',
      'src/domain/teams/probe.ts',
      accessDenied('../access/access-denied.ts'),
      'no-restricted-imports',
    ],
  ])('refuses: %s', async (_name, filePath, source, rule) => {
    expect(await rulesBroken(filePath, source)).toContain(rule);
  });

  it.each([
    ['the authorizer refuses with AccessDenied', 'src/domain/access/probe.ts', refusing],
    ['the authorizer reads roles', 'src/domain/access/probe.ts', readingRoles('../../storage/port/index.ts')],
    ['a record rule builds AccessDenied', 'src/domain/access/probe.ts', accessDenied('./access-denied.ts')],
    ['a test asserts AccessDenied', 'src/domain/members/probe.test.ts', refusing],
  ])('allows: %s', async (_name, filePath, source) => {
    expect(await rulesBroken(filePath, source)).toEqual([]);
  });
});
