import type { FuzzCase } from './case.ts';
import type { FuzzOperation } from './operations.ts';
import type { Answer, Sent } from './send.ts';
import { FUZZ_SEED } from './seed.ts';

/** What a malformed request may never cause: a 5xx, a hang, a change from a refused request, an error body without an id. */
export function problemsOf(answer: Answer, changedTables: string[], errorShape: ErrorShape = 'rest'): string[] {
  if (answer.kind === 'hang') return [`hang: no answer within ${answer.afterMs} ms`];
  if (answer.kind === 'error') return [`no answer: ${answer.message}`];
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  if (answer.status >= 400) {
    if (!/json/i.test(answer.contentType)) problems.push(`error body is ${answer.contentType || 'untyped'}, not JSON`);
    else if (errorShape === 'rest' && !hasErrorId(answer.text)) problems.push('error body without sys.id');
    else if (errorShape === 'scim' && !isScimError(answer.text)) problems.push('error body is not an RFC 7644 error');
  }
  if (answer.status >= 400 && changedTables.length)
    problems.push(`refused with ${answer.status} but changed ${changedTables.join(', ')}`);
  return problems;
}

/** REST errors carry `sys.id`; the SCIM API answers RFC 7644 error messages. */
export type ErrorShape = 'rest' | 'scim';
export const errorShapeOf = (path: string): ErrorShape => (path.startsWith('/scim/') ? 'scim' : 'rest');

function isScimError(text: string): boolean {
  try {
    const body = JSON.parse(text);
    return (
      Array.isArray(body?.schemas) &&
      body.schemas.includes('urn:ietf:params:scim:api:messages:2.0:Error') &&
      typeof body.status === 'string'
    );
  } catch {
    return false;
  }
}

function hasErrorId(text: string): boolean {
  try {
    const body = JSON.parse(text);
    return typeof body?.sys?.id === 'string' && body.sys.id.length > 0;
  } catch {
    return false;
  }
}

const excerpt = (text: string | Buffer | undefined, max: number) => {
  if (text === undefined) return '(none)';
  const s = typeof text === 'string' ? text : `<${text.length} bytes> ${text.toString('latin1')}`;
  return JSON.stringify(s.length > max ? `${s.slice(0, max)}… (${s.length} characters)` : s);
};

export interface Failure {
  op: FuzzOperation;
  fuzz: FuzzCase;
  sent: Sent;
  answer: Answer;
  problems: string[];
}

/** Everything needed to reproduce one failure by hand. */
export function describeFailure(f: Failure): string {
  const answer =
    f.answer.kind === 'response'
      ? `${f.answer.status} ${f.answer.contentType} ${excerpt(f.answer.text, 300)}`
      : f.answer.kind;
  const headers = Object.entries(f.sent.headers)
    .filter(([k]) => k !== 'Authorization')
    .map(([k, v]) => `${k}: ${excerpt(v, 60)}`)
    .join('; ');
  return [
    `${f.op.operationId} [${f.fuzz.label}]: ${f.problems.join('; ')}`,
    `  ${f.sent.method} ${f.sent.url.length > 300 ? `${f.sent.url.slice(0, 300)}… (${f.sent.url.length} characters)` : f.sent.url}`,
    `  headers: ${headers || '(none)'}`,
    `  body: ${excerpt(f.sent.body, 200)}`,
    `  answer: ${answer}`,
  ].join('\n');
}

export function failureReport(op: FuzzOperation, failures: Failure[]): string {
  const shown = failures.slice(0, 8).map(describeFailure);
  const more = failures.length > shown.length ? `\n… and ${failures.length - shown.length} more` : '';
  return `${failures.length} malformed request(s) to ${op.operationId} broke the server (replay: FUZZ_SEED=${FUZZ_SEED} FUZZ_OPERATION=${op.operationId})\n${shown.join('\n')}${more}`;
}
