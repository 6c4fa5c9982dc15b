import type { ErrorItem } from '../../errors/index.ts';

/** The body of a space membership write, as the request validator let it through (shapes checked, meaning not). */
export interface SpaceMembershipInput {
  admin: boolean;
  roles: Array<{ sys: { id: string } }>;
  email?: string;
}

/** The role ids of the body, first occurrence kept, in order. */
export const roleIdsOf = (input: SpaceMembershipInput): string[] => [
  ...new Set(input.roles.map((link) => link.sys.id)),
];

/** `admin: false` needs at least one role: a member without either could do nothing. */
export function roleCountProblems(input: SpaceMembershipInput): ErrorItem[] {
  if (input.admin || input.roles.length > 0) return [];
  return [
    {
      name: 'size',
      path: ['roles'],
      value: [],
      min: 1,
      details: 'A space membership that is not admin needs at least one role.',
    },
  ];
}

/** Each role link of the body whose id is not among the roles of the space (unknown, or a role of another space). */
export function unknownRoleProblems(input: SpaceMembershipInput, found: readonly string[]): ErrorItem[] {
  const known = new Set(found);
  return input.roles.flatMap((link, index) =>
    known.has(link.sys.id)
      ? []
      : [
          {
            name: 'notResolvable',
            path: ['roles', index],
            value: link.sys.id,
            details: `There is no role "${link.sys.id}" in this space.`,
          },
        ],
  );
}

export const notAnOrganizationMember = (email: string): ErrorItem => ({
  name: 'notResolvable',
  path: ['email'],
  value: email,
  details: `No member of the space's organization has the email "${email}". Invite them to the organization first.`,
});

export const alreadyAMember = (email: string): ErrorItem => ({
  name: 'taken',
  path: ['email'],
  value: email,
  details: `The user with the email "${email}" already has a membership in this space.`,
});
