import { describe, expect, it } from 'vitest';
import { MAX_CONSTRAINT_DEPTH } from './role-constraint.ts';
import { roleRules, validateRole } from './role-validation.ts';

const eq = (doc: string, value: unknown) => ({ equals: [{ doc }, value] });
const policy = (constraint: unknown, extra: Record<string, unknown> = {}) => ({
  effect: 'allow',
  actions: ['read'],
  constraint,
  ...extra,
});
const problemsOf = (input: Record<string, unknown>) => validateRole({ name: 'Editor', ...input }).problems;
const pathsOf = (input: Record<string, unknown>) => problemsOf(input).map((p) => p.path);

/** The reference's role (real-api-behaviour.md §1.11). */
const REFERENCE_ROLE = {
  name: 'DELETE ME!!',
  description: 'Test role',
  policies: [
    {
      effect: 'allow',
      actions: ['read'],
      constraint: {
        and: [
          eq('sys.type', 'Entry'),
          eq('sys.createdBy.sys.id', 'User.current()'),
          eq('sys.contentType.sys.id', '1kUEViTN4EmGiEaaeC6ouY'),
        ],
      },
    },
    {
      effect: 'allow',
      actions: ['update'],
      constraint: {
        and: [eq('sys.type', 'Entry'), eq('sys.contentType.sys.id', 'deleteme'), { paths: [{ doc: 'fields.name.%' }] }],
      },
    },
    {
      effect: 'deny',
      actions: ['delete'],
      constraint: { and: [eq('sys.type', 'Entry'), eq('sys.contentType.sys.id', 'deleteme')] },
    },
  ],
  permissions: {
    ContentModel: ['read'],
    Settings: [],
    ContentDelivery: 'all',
    Environments: 'all',
    EnvironmentAliases: 'all',
    Tags: ['manage'],
  },
};

describe('role validation', () => {
  it('accepts the reference role as it is and reads it into the policy model', () => {
    const { role, problems } = validateRole(REFERENCE_ROLE);
    expect(problems).toEqual([]);
    expect(role.policies).toEqual(REFERENCE_ROLE.policies);
    expect(role.permissions).toEqual(REFERENCE_ROLE.permissions);
    const rules = roleRules(role);
    expect(rules.permissions).toEqual({
      ContentModel: 'read',
      Settings: 'none',
      ContentDelivery: 'manage',
      Environments: 'manage',
      EnvironmentAliases: 'manage',
      Tags: 'manage',
    });
    expect(rules.policies[1]).toEqual({
      effect: 'allow',
      actions: ['update'],
      constraint: {
        op: 'and',
        of: [
          { op: 'equals', path: 'sys.type', value: 'Entry' },
          { op: 'equals', path: 'sys.contentType.sys.id', value: 'deleteme' },
          { op: 'paths', paths: [{ field: 'name', locale: '%' }] },
        ],
      },
    });
  });

  it('fills every permission area, null and left out meaning no access', () => {
    const { role, problems } = validateRole({
      name: 'Reader',
      permissions: { ContentModel: null, Tags: ['read', 'read'] },
    });
    expect(problems).toEqual([]);
    expect(role).toEqual({
      name: 'Reader',
      description: null,
      policies: [],
      permissions: {
        ContentModel: [],
        ContentDelivery: [],
        Environments: [],
        EnvironmentAliases: [],
        Settings: [],
        Tags: ['read'],
      },
    });
  });

  it('accepts or, not, in, updatedBy with User.current(), tags and any field in a locale', () => {
    const constraint = {
      or: [
        { not: eq('sys.id', 'secret') },
        { in: [{ doc: 'metadata.tags.sys.id' }, ['news', 'sports']] },
        {
          and: [
            eq('sys.updatedBy.sys.id', 'User.current()'),
            { paths: [{ doc: 'fields.%.en-US' }, { doc: 'fields.title.%' }] },
          ],
        },
        { in: [{ doc: 'sys.type' }, ['Entry', 'Asset']] },
      ],
    };
    expect(
      problemsOf({
        policies: [policy(constraint, { actions: 'all' }), { effect: 'deny', actions: ['publish', 'archive'] }],
      }),
    ).toEqual([]);
  });

  it('refuses read for Settings and Environments, unknown areas and values, naming each', () => {
    const problems = problemsOf({
      permissions: {
        Settings: ['read'],
        Environments: ['read'],
        Tags: ['write'],
        ContentModel: 'some',
        Billing: 'all',
      },
    });
    expect(problems.map((p) => p.path)).toEqual([
      ['permissions', 'Billing'],
      ['permissions', 'ContentModel'],
      ['permissions', 'Environments'],
      ['permissions', 'Settings'],
      ['permissions', 'Tags'],
    ]);
    expect(problems.find((p) => p.path?.[1] === 'Settings')?.details).toContain('["manage"]');
  });

  it('refuses a missing or blank name and bad effects and actions', () => {
    expect(validateRole({ policies: [] }).problems.map((p) => p.path)).toEqual([['name']]);
    expect(pathsOf({ name: '  ' })).toEqual([['name']]);
    expect(
      pathsOf({
        policies: [
          { effect: 'maybe', actions: 'all' },
          { effect: 'allow', actions: [] },
          { effect: 'allow', actions: ['read', 'fly'] },
          { effect: 'allow', actions: 'all', extra: 1 },
          'x',
        ],
      }),
    ).toEqual([
      ['policies', 0, 'effect'],
      ['policies', 1, 'actions'],
      ['policies', 2, 'actions'],
      ['policies', 3, 'extra'],
      ['policies', 4],
    ]);
  });

  it('names the path of an unknown doc path deep in a constraint', () => {
    const policies = [policy(undefined), policy(eq('sys.id', 'a')), policy({ and: [eq('sys.colour', 'red')] })];
    const [problem] = problemsOf({ policies });
    expect(problem).toMatchObject({
      name: 'unknown',
      path: ['policies', 2, 'constraint', 'and', 0, 'equals', 0],
      value: 'sys.colour',
    });
    expect(pathsOf({ policies: [policy(eq('fields.title.en-US', 'x'))] })).toEqual([
      ['policies', 0, 'constraint', 'equals', 0],
    ]);
  });

  it('refuses equals and in with the wrong arity or values', () => {
    expect(pathsOf({ policies: [policy({ equals: [{ doc: 'sys.id' }] })] })).toEqual([
      ['policies', 0, 'constraint', 'equals'],
    ]);
    expect(pathsOf({ policies: [policy({ equals: [{ doc: 'sys.id' }, 'a', 'b'] })] })).toEqual([
      ['policies', 0, 'constraint', 'equals'],
    ]);
    expect(pathsOf({ policies: [policy({ equals: { doc: 'sys.id' } })] })).toEqual([
      ['policies', 0, 'constraint', 'equals'],
    ]);
    expect(pathsOf({ policies: [policy(eq('sys.id', 7))] })).toEqual([['policies', 0, 'constraint', 'equals', 1]]);
    expect(pathsOf({ policies: [policy(eq('sys.type', 'ContentType'))] })).toEqual([
      ['policies', 0, 'constraint', 'equals', 1],
    ]);
    expect(pathsOf({ policies: [policy({ in: [{ doc: 'sys.id' }, []] })] })).toEqual([
      ['policies', 0, 'constraint', 'in', 1],
    ]);
    expect(pathsOf({ policies: [policy({ in: [{ doc: 'sys.id' }, ['a', 3]] })] })).toEqual([
      ['policies', 0, 'constraint', 'in', 1, 1],
    ]);
  });

  it('refuses User.current() on any path but the creator and the last updater', () => {
    for (const doc of ['sys.id', 'sys.contentType.sys.id', 'metadata.tags.sys.id']) {
      const [problem] = problemsOf({ policies: [policy(eq(doc, 'User.current()'))] });
      expect(problem).toMatchObject({ name: 'invalid', path: ['policies', 0, 'constraint', 'equals', 1] });
    }
    expect(pathsOf({ policies: [policy({ in: [{ doc: 'sys.id' }, ['a', 'User.current()']] })] })).toEqual([
      ['policies', 0, 'constraint', 'in', 1, 1],
    ]);
  });

  it('refuses an empty and/or, several or unknown operators, and a constraint that is not an object', () => {
    expect(pathsOf({ policies: [policy({ and: [] })] })).toEqual([['policies', 0, 'constraint', 'and']]);
    expect(pathsOf({ policies: [policy({ or: [eq('sys.id', 'a'), { and: [] }] })] })).toEqual([
      ['policies', 0, 'constraint', 'or', 1, 'and'],
    ]);
    expect(pathsOf({ policies: [policy({ ...eq('sys.id', 'a'), not: eq('sys.id', 'b') })] })).toEqual([
      ['policies', 0, 'constraint'],
    ]);
    expect(pathsOf({ policies: [policy({ regexp: [{ doc: 'sys.id' }, '.*'] })] })).toEqual([
      ['policies', 0, 'constraint', 'regexp'],
    ]);
    expect(pathsOf({ policies: [policy({})] })).toEqual([['policies', 0, 'constraint']]);
    expect(pathsOf({ policies: [policy([eq('sys.id', 'a')])] })).toEqual([['policies', 0, 'constraint']]);
  });

  it('refuses paths outside fields.<field>.<locale>', () => {
    const bad = ['sys.id', 'fields.title', 'fields.title.en-US.extra', 'fields.1st.en-US', 'metadata.tags'];
    const problems = problemsOf({ policies: [policy({ paths: bad.map((doc) => ({ doc })) })] });
    expect(problems.map((p) => p.path)).toEqual(bad.map((_, i) => ['policies', 0, 'constraint', 'paths', i]));
    expect(pathsOf({ policies: [policy({ paths: [] })] })).toEqual([['policies', 0, 'constraint', 'paths']]);
  });

  it('limits how deep constraints nest', () => {
    let deep: unknown = eq('sys.id', 'a');
    for (let i = 1; i < MAX_CONSTRAINT_DEPTH; i++) deep = { not: deep };
    expect(problemsOf({ policies: [policy(deep)] })).toEqual([]);
    const [problem] = problemsOf({ policies: [policy({ not: deep })] });
    expect(problem.name).toBe('depth');
    expect(problem.path).toHaveLength(2 + MAX_CONSTRAINT_DEPTH + 1);
  });
});
