import type { UserRecord } from '../../storage/port/index.ts';

/** Who is making a request: the user behind a personal access token. */
export interface Actor {
  readonly user: UserRecord;
  readonly tokenId: string;
  readonly canWrite: boolean;
}
