import type { UserRecord } from '../../storage/port/index.ts';

/** A user acting through one of their personal access tokens. */
export interface UserActor {
  readonly kind: 'user';
  readonly user: UserRecord;
  readonly tokenId: string;
  /** False for a token with the content_management_read scope only. */
  readonly canWrite: boolean;
}

/** Who is making a request. An app installation joins this union later; code that needs a user narrows on `kind`. */
export type Actor = UserActor;
