/** Database operations one content request may run by default (searches and link batches; each one or two statements). */
export const DEFAULT_MAX_OPERATIONS = 200;

/** A content request spent its budget of database operations; each API answers it in its own terms. */
export class OperationBudgetExhausted extends Error {
  constructor(readonly maximumOperations: number) {
    super(`The request needs more than ${maximumOperations} database operations`);
    this.name = 'OperationBudgetExhausted';
  }
}

/**
 * The budget of one request: each call draws one operation, and the calls past `maxOperations` throw
 * `OperationBudgetExhausted` (the reads that still need data fail; those done stand).
 */
export function operationBudget(maxOperations: number): () => void {
  let used = 0;
  return () => {
    used += 1;
    if (used > maxOperations) throw new OperationBudgetExhausted(maxOperations);
  };
}
