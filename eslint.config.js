// ESLint checks only the dependency rules of the layers here (no style rules): `make lint`, and so CI, fails when a
// module imports a layer above its own, when modules import each other in a cycle at run time, or when code outside
// src/domain/access refuses with AccessDenied or reads the roles access is decided on.
//
//   http, graphql  ->  assets, rate-limit, outbound  ->  domain  ->  jobs  ->  storage/port  <-  storage/postgres
//
// Everything may also import errors/, lib/ and config.ts, which import none of the layers. app.ts (composition root),
// main.ts and the background workers' roots (workers/) may import everything; nothing imports them but each other
// (and tests). Where the other folders sit (docs/architecture.md):
// - assets/ is an edge adapter beside http: the asset and image hosts, the upload and content-addressed file stores,
//   asset processing and its job handlers. It uses domain/uploads, jobs and the storage port; http (the file hosts)
//   and graphql (image parameters) use it; nothing below it does.
// - outbound/ is the network side of webhook delivery (undici, DNS pinning, the target check): it implements the
//   domain's `WebhookTransport`, which workers/ hands to the delivery job. The domain never imports it.
// - rate-limit/ is the request limiter that http's middleware and the GraphQL endpoint charge: an edge service too.
// - jobs/ is the durable job runner and its contracts (`JobHandler`, `JobSignal`): domain services enqueue and
//   implement jobs, the runner only needs the storage port, so it sits between domain and the port.
// - http may import graphql (server.ts mounts the GraphQL endpoint and explorer); graphql never imports http.
// - graphql reads content only through the read module (domain/delivery): it imports nothing of storage/, not even
//   a type of the port (the module re-exports the records it answers).
// Test files and their support modules (`*.test-support.ts`) are composition roots of their own (a domain test opens
// a real database): only the cycle rule applies.
import tsParser from '@typescript-eslint/parser';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const ROOT = ['./src/app.ts', './src/main.ts', './src/workers'];
const EDGE = ['./src/assets', './src/rate-limit', './src/outbound'];
const TOP = ['./src/http', './src/graphql'];
const ADAPTER = './src/storage/postgres';
const MIGRATIONS = `${ADAPTER}/migrations`;

const zone = (target, from, message) => ({ target, from, message });

const layerZones = [
  zone(
    ['./src/errors', './src/lib', './src/config.ts'],
    [...ROOT, ...TOP, ...EDGE, './src/domain', './src/jobs', './src/storage'],
    'errors/, lib/ and config.ts import none of the layers.',
  ),
  zone(
    './src/domain',
    [...ROOT, ...TOP, ...EDGE, ADAPTER],
    'domain imports only jobs/, the storage port, errors/ and lib/ (the adapter, outbound/ and workers/ are wired by app.ts).',
  ),
  zone(
    './src/jobs',
    [...ROOT, ...TOP, ...EDGE, './src/domain', ADAPTER],
    'jobs/ sits below domain: it imports only the storage port, errors/, lib/ and config.ts.',
  ),
  zone(
    './src/storage',
    [...ROOT, ...TOP, ...EDGE, './src/jobs'],
    'storage (port and adapter) imports no layer above it.',
  ),
  // The storage layer speaks the domain's model vocabulary: the search query representation and content type
  // definitions (type-only modules). Services and every other domain module stay out of reach.
  {
    target: './src/storage',
    from: './src/domain',
    except: ['./search/query.ts', './content-model/field.ts'],
    message: 'storage imports no domain service: move the type it needs into the storage port.',
  },
  zone('./src/storage/port', ADAPTER, 'the storage port does not know its adapter.'),
  zone(
    EDGE,
    [...ROOT, ...TOP, ADAPTER],
    'assets/, rate-limit/ and outbound/ import neither http, graphql nor the adapter.',
  ),
  zone(
    './src/graphql',
    [...ROOT, './src/http', './src/storage'],
    'graphql imports neither http nor storage (port or adapter): it reads through domain/delivery.',
  ),
  zone('./src/http', [...ROOT, ADAPTER], 'http does not import the storage adapter (app.ts wires it).'),
  zone('./src/app.ts', './src/main.ts', 'main.ts is the process entry: nothing imports it.'),
  zone(
    './src/workers',
    ['./src/main.ts', './src/app.ts'],
    'the workers are started by app.ts: they import neither it nor main.ts.',
  ),
  // A released migration never changes, so its SQL is its own: it imports no other migration and no runtime code (a
  // constant or helper it shares would change it), and the runtime imports only the list of migrations.
  {
    target: `${MIGRATIONS}/0*.ts`,
    from: './src/**',
    except: ['**/src/storage/postgres/migrations/execute-statements.ts'],
    message: 'a migration imports no other migration and no runtime code: copy what it needs into it, frozen.',
  },
  // Helpers of tests (`*.test-support.ts`) are left out of the build (tsconfig.build.json): only tests import them.
  zone('./src', './src/**/*.test-support.ts', 'only tests import test support modules, which the build leaves out.'),
  {
    target: ['./src/*.ts', './src/workers', `${ADAPTER}/*.ts`, `${ADAPTER}/search`],
    from: MIGRATIONS,
    except: ['./index.ts'],
    message:
      'runtime code imports only migrations/index.ts: a name it shares with a migration lives in a runtime module.',
  },
];

// Access is decided only in src/domain/access (the authorizer and its record rules): nothing else refuses with
// AccessDenied or reads the roles access is decided on (space access, a member's roles, organization roles).
const ACCESS_ONLY = 'access is decided only in src/domain/access: take the grant the authorizer answered';
const accessDeniedOutside = [
  {
    selector: "Literal[value='AccessDenied']",
    message: `AccessDenied is refused only in domain/access (${ACCESS_ONLY}).`,
  },
];
const roleReadsOutside = [
  {
    selector: 'MemberExpression[property.name=/^(memberRoles|rolesOf|organizationRolesOf|findAccessible)$/]',
    message: `Organization and space roles are read only in domain/access (${ACCESS_ONLY}).`,
  },
];
const accessDeniedImport = {
  patterns: [{ group: ['**/access/access-denied.ts'], message: `The AccessDenied constructor is ${ACCESS_ONLY}.` }],
};

export default [
  {
    files: ['src/**/*.ts'],
    languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' },
    // Directives left for rules this config does not run (style rules of editors) are not errors here.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      // Cycles at run time only: `import type` is erased and cannot make a module see another half-initialised.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones }],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/domain/access/**', 'src/storage/**'],
    rules: {
      'no-restricted-syntax': ['error', ...accessDeniedOutside, ...roleReadsOutside],
      'no-restricted-imports': ['error', accessDeniedImport],
    },
  },
  // The storage layer implements the role reads; it refuses nothing either.
  {
    files: ['src/storage/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...accessDeniedOutside],
      'no-restricted-imports': ['error', accessDeniedImport],
    },
  },
  {
    files: ['src/**/*.test.ts', 'src/**/*.test-support.ts'],
    rules: { 'import-x/no-restricted-paths': 'off', 'no-restricted-syntax': 'off', 'no-restricted-imports': 'off' },
  },
];
