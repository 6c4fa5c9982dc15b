import type { ErrorItem } from '../../errors/index.ts';
import type { RolePolicyDocument } from '../../storage/port/index.ts';
import { parseConstraint, type ProblemPath } from './role-constraint.ts';
import {
  MANAGE_ONLY_AREAS,
  PERMISSION_AREAS,
  POLICY_ACTIONS,
  permissionGrant,
  type PermissionArea,
  type PermissionValue,
  type Policy,
  type PolicyAction,
  type RolePermissions,
  type RoleRules,
} from './policy.ts';

export const ROLE_NAME_MAX = 255;
export const ROLE_DESCRIPTION_MAX = 2000;

/** A create or update body as sent; `sys` is never read. */
export interface RoleInput {
  name?: unknown;
  description?: unknown;
  permissions?: unknown;
  policies?: unknown;
}

/** A valid role, normalised: every area present, `null` as `[]`, policies as sent. */
export interface RoleDefinition {
  name: string;
  description: string | null;
  permissions: RolePermissions;
  policies: RolePolicyDocument[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const POLICY_KEYS = ['effect', 'actions', 'constraint'];

function readPermission(area: PermissionArea, value: unknown, problems: ErrorItem[]): PermissionValue {
  const at = ['permissions', area];
  if (value === undefined || value === null) return [];
  if (value === 'all') return 'all';
  const allowed = MANAGE_ONLY_AREAS.includes(area) ? ['manage'] : ['read', 'manage'];
  if (!Array.isArray(value) || value.some((v) => !allowed.includes(v))) {
    const expected = ['all', ...allowed.map((a) => `["${a}"]`), '[]'];
    problems.push({
      name: 'in',
      path: at,
      value,
      expected,
      details: `${area} takes "all", ${allowed.map((a) => `["${a}"]`).join(', ')} or [] (or null).`,
    });
    return [];
  }
  return [...new Set(value as Array<'read' | 'manage'>)].sort();
}

function readPermissions(value: unknown, problems: ErrorItem[]): RolePermissions {
  const source = value === undefined || value === null ? {} : value;
  if (!isObject(source)) {
    problems.push({
      name: 'type',
      path: ['permissions'],
      value,
      details: 'permissions is an object with the areas as keys.',
    });
  }
  const given = isObject(source) ? source : {};
  for (const key of Object.keys(given).filter((k) => !(PERMISSION_AREAS as readonly string[]).includes(k))) {
    problems.push({
      name: 'unknown',
      path: ['permissions', key],
      details: `"${key}" is not a permission area (${PERMISSION_AREAS.join(', ')}).`,
    });
  }
  return Object.fromEntries(
    PERMISSION_AREAS.map((area) => [area, readPermission(area, given[area], problems)]),
  ) as RolePermissions;
}

function readActions(value: unknown, at: ProblemPath, problems: ErrorItem[]): 'all' | PolicyAction[] | undefined {
  if (value === 'all') return 'all';
  const known = POLICY_ACTIONS as readonly unknown[];
  if (!Array.isArray(value) || value.length === 0 || value.some((a) => !known.includes(a))) {
    problems.push({
      name: 'in',
      path: at,
      value,
      expected: ['all', ...POLICY_ACTIONS],
      details: `actions is "all" or a non-empty list of ${POLICY_ACTIONS.join(', ')}.`,
    });
    return undefined;
  }
  return [...new Set(value as PolicyAction[])];
}

/** One policy as the authorizer reads it, or undefined after adding its problems. */
export function parsePolicy(value: unknown, at: ProblemPath, problems: ErrorItem[]): Policy | undefined {
  if (!isObject(value)) {
    problems.push({
      name: 'type',
      path: at,
      value,
      details: 'A policy is an object with effect, actions and constraint.',
    });
    return undefined;
  }
  const before = problems.length;
  for (const key of Object.keys(value).filter((k) => !POLICY_KEYS.includes(k))) {
    problems.push({
      name: 'unknown',
      path: [...at, key],
      details: `"${key}" is not a property of a policy (effect, actions, constraint).`,
    });
  }
  if (value.effect !== 'allow' && value.effect !== 'deny') {
    problems.push({
      name: 'in',
      path: [...at, 'effect'],
      value: value.effect,
      expected: ['allow', 'deny'],
      details: 'effect is "allow" or "deny".',
    });
  }
  const actions = readActions(value.actions, [...at, 'actions'], problems);
  const constraint =
    value.constraint === undefined ? undefined : parseConstraint(value.constraint, [...at, 'constraint'], problems);
  if (problems.length > before || actions === undefined) return undefined;
  return { effect: value.effect as Policy['effect'], actions, constraint };
}

function readText(input: RoleInput, problems: ErrorItem[]): { name: string; description: string | null } {
  const { name, description } = input;
  if (typeof name !== 'string' || name.trim() === '' || name.length > ROLE_NAME_MAX) {
    problems.push({
      name: 'size',
      path: ['name'],
      value: name,
      max: ROLE_NAME_MAX,
      details: `name is required: 1 to ${ROLE_NAME_MAX} characters, not only spaces.`,
    });
  }
  if (
    description !== undefined &&
    description !== null &&
    (typeof description !== 'string' || description.length > ROLE_DESCRIPTION_MAX)
  ) {
    problems.push({
      name: 'size',
      path: ['description'],
      max: ROLE_DESCRIPTION_MAX,
      details: `description is a string of at most ${ROLE_DESCRIPTION_MAX} characters, or null.`,
    });
  }
  return { name: name as string, description: typeof description === 'string' ? description : null };
}

/** Checks a role body; `problems` is empty exactly when `role` is usable. */
export function validateRole(input: RoleInput): { role: RoleDefinition; problems: ErrorItem[] } {
  const problems: ErrorItem[] = [];
  const text = readText(input, problems);
  const permissions = readPermissions(input.permissions, problems);
  const policies = input.policies === undefined || input.policies === null ? [] : input.policies;
  if (!Array.isArray(policies))
    problems.push({ name: 'type', path: ['policies'], value: policies, details: 'policies is an array.' });
  const documents = (Array.isArray(policies) ? policies : []).flatMap((p, i) => {
    const policy = parsePolicy(p, ['policies', i], problems);
    if (!policy) return [];
    const document: RolePolicyDocument = { effect: policy.effect, actions: policy.actions };
    if (p.constraint !== undefined) document.constraint = p.constraint;
    return [document];
  });
  return { role: { ...text, permissions, policies: documents }, problems };
}

/** The rules of a stored role (validated when written), for the authorizer. */
export function roleRules(role: Pick<RoleDefinition, 'permissions' | 'policies'>): RoleRules {
  const problems: ErrorItem[] = [];
  const policies = role.policies.map((p, i) => parsePolicy(p, ['policies', i], problems));
  if (problems.length) throw new Error(`stored role has an invalid policy: ${JSON.stringify(problems[0])}`);
  const permissions = Object.fromEntries(
    PERMISSION_AREAS.map((area) => [area, permissionGrant(role.permissions[area] ?? [])]),
  );
  return { permissions: permissions as RoleRules['permissions'], policies: policies as Policy[] };
}
