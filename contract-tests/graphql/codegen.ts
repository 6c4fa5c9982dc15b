import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * The schema snapshots of the fixture models: SDL (sorted) and the TypeScript types graphql-codegen derives from it.
 * `make graphql-snapshots` writes them; `make check-graphql-snapshots` fails when they drift from the schema builder.
 */
const models = ['articles', 'naming'];
const dir = 'contract-tests/graphql';

const config: CodegenConfig = {
  overwrite: true,
  generates: Object.fromEntries(
    models.flatMap((m) => [
      [
        `${dir}/snapshots/${m}.graphql`,
        { schema: `${dir}/fixtures/${m}.schema.ts`, plugins: ['schema-ast'], config: { sort: true } },
      ],
      [
        `${dir}/snapshots/${m}.types.ts`,
        {
          schema: `${dir}/fixtures/${m}.schema.ts`,
          plugins: ['typescript'],
          config: {
            sort: true,
            enumsAsTypes: true,
            ignoreEnumValuesFromSchema: true,
            defaultScalarType: 'unknown',
            scalars: { DateTime: 'string' },
          },
        },
      ],
    ]),
  ),
};

export default config;
