import {
  getOperationAST,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { MAX_COMPLEXITY, queryComplexity } from './complexity.ts';
import { documentSize, MAX_DEPTH, MAX_INPUT_DEPTH, MAX_SAME_NAME, MAX_SELECTIONS } from './document-bounds.ts';
import { requestError } from './errors.ts';
import { queryNesting } from './query-nesting.ts';
import type { GraphqlRequest } from './read-request.ts';

/** Brackets a query text may nest: selections, one argument list and argument values at their limits. */
export const MAX_NESTING = MAX_DEPTH + MAX_INPUT_DEPTH + 4;

/** graphql-js validation errors of a document: the answer lists them all (400 GRAPHQL_VALIDATION_FAILED). */
export class QueryValidationErrors extends Error {
  constructor(readonly errors: readonly GraphQLError[]) {
    super('The query is not valid for the schema.');
  }
}

/** Refuses, before parsing, a text nested deeper than any admitted document (graphql-js parses recursively). */
export function checkNesting(query: string): void {
  const nesting = queryNesting(query);
  if (nesting > MAX_NESTING) {
    throw requestError(
      'TOO_COMPLEX_QUERY',
      `Query cannot be executed. The maximum allowed nesting of braces, brackets and parentheses in a query is ${MAX_NESTING} but it was ${nesting}.`,
      { maximumNesting: MAX_NESTING, nesting },
    );
  }
}

const tooComplex = (what: string, maximum: number, actual: number, details: Record<string, unknown>) =>
  requestError(
    'TOO_COMPLEX_QUERY',
    `Query cannot be executed. The maximum allowed ${what} is ${maximum} but it was ${actual}.`,
    details,
  );

/** Depth and inlined selections (fragments measured once) before graphql-js validation, whose rules are not all linear. */
function checkSize(document: DocumentNode, cost: number): void {
  const size = documentSize(document);
  const costs = { maximumCost: MAX_COMPLEXITY, cost };
  if (size.depth > MAX_DEPTH)
    throw tooComplex('depth for a query', MAX_DEPTH, size.depth, {
      maximumDepth: MAX_DEPTH,
      depth: size.depth,
      ...costs,
    });
  if (size.selections > MAX_SELECTIONS) {
    throw tooComplex('number of selections for a query, with its fragments inlined,', MAX_SELECTIONS, size.selections, {
      maximumSelections: MAX_SELECTIONS,
      selections: size.selections,
      ...costs,
    });
  }
  if (size.sameName > MAX_SAME_NAME) {
    throw tooComplex('number of fields with one response name in a selection set', MAX_SAME_NAME, size.sameName, {
      maximumSameName: MAX_SAME_NAME,
      sameName: size.sameName,
      ...costs,
    });
  }
  if (size.inputDepth > MAX_INPUT_DEPTH) {
    throw requestError(
      'GRAPHQL_VALIDATION_FAILED',
      `Argument values cannot be nested deeper than ${MAX_INPUT_DEPTH} levels of lists and objects`,
      { maximumDepth: MAX_INPUT_DEPTH, depth: size.inputDepth },
    );
  }
}

/**
 * Decides whether a parsed document may run, each step linear in the document: its size (depth, inlined
 * selections, argument nesting), its cost (reported through `reportCost` as soon as it is known, so a refusal
 * carries it), graphql-js validation, the operation (queries only: the schema has no mutation or subscription
 * type), and the cost limit.
 */
export function admitQuery(
  schema: GraphQLSchema,
  document: DocumentNode,
  request: GraphqlRequest,
  validate: () => readonly GraphQLError[],
  reportCost: (cost: number) => void,
): { operation: OperationDefinitionNode; cost: number } {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
  const operation = getOperationAST(document, request.operationName);
  const cost = operation?.operation === 'query' ? queryComplexity(schema, operation, fragments, request.variables) : 0;
  reportCost(cost);
  checkSize(document, cost);
  const invalid = validate();
  if (invalid.length) throw new QueryValidationErrors(invalid);
  if (!operation) {
    if (request.operationName)
      throw requestError('QUERY_OPERATION_NAME_MISMATCH', `Unknown operation named "${request.operationName}".`, {
        operationName: request.operationName,
      });
    throw requestError(
      'GRAPHQL_VALIDATION_FAILED',
      'Must provide operation name if query contains multiple operations.',
    );
  }
  if (operation.operation !== 'query') {
    const { line, column } = operation.loc?.startToken ?? { line: 1, column: 1 };
    throw requestError(
      'GRAPHQL_VALIDATION_FAILED',
      `Query cannot be executed. The GraphQL Content API answers only query operations; ${operation.operation} operations are not supported.`,
      { operation: operation.operation },
      [{ line, column }],
    );
  }
  if (cost > MAX_COMPLEXITY) {
    throw requestError(
      'TOO_COMPLEX_QUERY',
      `Query cannot be executed. The maximum allowed complexity for a query is ${MAX_COMPLEXITY} but it was ${cost}. Simplify the query e.g. by setting lower limits for collections.`,
      { maximumCost: MAX_COMPLEXITY, cost },
    );
  }
  return { operation, cost };
}
