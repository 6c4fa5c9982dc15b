import { AppError } from '../../errors/index.ts';

/** The last active owner of an organization can neither go nor be demoted: 422 ActionPreconditionsFailed. */
export const lastOwner = (membershipId: string) =>
  new AppError(
    'ActionPreconditionsFailed',
    'The last owner of an organization cannot be removed or demoted. Make another member an owner first.',
    {
      errors: [{ name: 'lastOwner', path: ['role'], details: 'The organization must keep at least one owner.' }],
      type: 'OrganizationMembership',
      id: membershipId,
    },
  );
