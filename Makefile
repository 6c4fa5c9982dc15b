SHELL := /bin/bash
NODE  ?= node
TSP   := $(NODE) node_modules/@typespec/compiler/cmd/tsp.js
OATS  := $(NODE) node_modules/openapi-typescript/bin/cli.js

.PHONY: format format-check generate check-generated lint-openapi lint-layers graphql-snapshots check-graphql-snapshots typecheck lint test test-postgres contract bench start docs

## generate: spec/*.tsp -> generated/openapi (3.0 + 3.1) -> generated/types
# Compiles into a scratch folder first, so a spec error never leaves generated/ half-written.
generate:
	@rm -rf .tmp-generated
	@$(TSP) compile spec/main.tsp --output-dir .tmp-generated > .tmp-generated.log 2>&1 || { cat .tmp-generated.log >&2; rm -rf .tmp-generated .tmp-generated.log; exit 1; }
	@rm -rf generated/openapi generated/types && mkdir -p generated && mv .tmp-generated/openapi generated/openapi && rm -rf .tmp-generated .tmp-generated.log
	@$(OATS) --redocly redocly.yaml --empty-objects-unknown > /dev/null
	@echo "generated/ written from spec/"

## check-generated: regenerate and fail when generated/ differs from what is committed
check-generated: generate
	@git add -N generated >/dev/null 2>&1 || true
	@if ! git diff --quiet --exit-code -- generated; then \
	  echo "generated/ drifted from spec/: run 'make generate' and commit" >&2; git diff --stat -- generated >&2; exit 1; fi
	@echo "generated/ matches spec/"

## graphql-snapshots: the SDL and codegen TypeScript snapshots of the GraphQL fixture models (contract-tests/graphql/codegen.ts)
CODEGEN := $(NODE) --import tsx node_modules/@graphql-codegen/cli/cjs/bin.js --config contract-tests/graphql/codegen.ts
graphql-snapshots:
	@$(CODEGEN) > .tmp-codegen.log 2>&1 || { cat .tmp-codegen.log >&2; rm -f .tmp-codegen.log; exit 1; }
	@rm -f .tmp-codegen.log
	@echo "contract-tests/graphql/snapshots written from the fixture models"

## check-graphql-snapshots: fail when the schema builder's output differs from the committed snapshots
check-graphql-snapshots:
	@$(CODEGEN) --check > .tmp-codegen.log 2>&1 || { grep -v '^[❯✔]' .tmp-codegen.log >&2; rm -f .tmp-codegen.log; \
	  echo "GraphQL schema snapshots drifted: run 'make graphql-snapshots' and commit" >&2; exit 1; }
	@rm -f .tmp-codegen.log
	@echo "GraphQL schema snapshots match the schema builder"

typecheck:
	$(NODE) node_modules/typescript/bin/tsc --noEmit

## lint-openapi: the published OpenAPI documents (3.0 and 3.1) against Redocly's recommended rules (redocly.yaml)
REDOCLY := REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true $(NODE) node_modules/@redocly/cli/bin/cli.js
lint-openapi:
	@$(REDOCLY) lint --config redocly.yaml --format=summary generated/openapi/3.0.0/*.yaml generated/openapi/3.1.0/*.yaml

## lint-layers: the layer rules (eslint.config.js): no import of a layer above, no import cycle at run time
lint-layers:
	$(NODE) node_modules/eslint/bin/eslint.js --max-warnings 0 src

## format: rewrite every TypeScript and JavaScript file as Prettier lays it out (.prettierrc.json)
PRETTIER := $(NODE) node_modules/prettier/bin/prettier.cjs
format:
	@$(PRETTIER) --write --log-level warn "**/*.{ts,js,mjs}"

## format-check: fail when a file is not laid out as `make format` would write it
format-check:
	@$(PRETTIER) --check --log-level warn "**/*.{ts,js,mjs}" || { echo "files not formatted: run 'make format' and commit" >&2; exit 1; }
	@echo "every source file is formatted"

## lint: the format, typecheck, the published documents and the layer rules
lint: format-check typecheck lint-openapi lint-layers

## test: every suite on PGlite (and on PostgreSQL too when TEST_DATABASE_URL is set)
test:
	$(NODE) node_modules/vitest/vitest.mjs run

## test-postgres: the storage and API suites against a PostgreSQL server
test-postgres:
	TEST_DATABASE_URL=$${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres} $(NODE) node_modules/vitest/vitest.mjs run

contract:
	$(NODE) node_modules/vitest/vitest.mjs run contract-tests

## bench: cold start, and throughput/latency of the API beside a bare node http server (prints figures only)
bench:
	$(NODE) --import tsx bench/run.ts

## docs: the API reference as static files under OUT (default dist/site: docs/*.html, openapi/*); also warms the server's cache
docs:
	$(NODE) --import tsx scripts/build-docs.ts $(OUT)
