import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'contract-tests/**/*.test.ts'],
    globalSetup: ['contract-tests/support/coverage-report.ts', 'contract-tests/support/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
