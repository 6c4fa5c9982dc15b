import type {
  ScheduledActionPosition,
  ScheduledActionRecord,
  ScheduledActionsRepository,
} from '../../storage/port/index.ts';
import { pageUrl, type ScheduledActionListRequest } from './scheduled-action-list.ts';

/** A cursor page: the items, the limit asked for and the relative URLs of the pages around it. */
export interface ScheduledActionPage {
  items: ScheduledActionRecord[];
  limit: number;
  pages: { next?: string; prev?: string };
}

const positionOf = (a: ScheduledActionRecord): ScheduledActionPosition => ({ scheduledFor: a.scheduledFor, id: a.id });

/**
 * Up to `wanted` items readable by the caller, read from `after` in `descending` order by chunks (a member's
 * unreadable actions are skipped; for everyone else the first chunk is the answer).
 */
async function readableRun(
  repo: Pick<ScheduledActionsRepository, 'list'>,
  base: Omit<Parameters<ScheduledActionsRepository['list']>[0], 'after' | 'limit'>,
  after: ScheduledActionPosition | undefined,
  wanted: number,
  readable: (action: ScheduledActionRecord) => Promise<boolean>,
): Promise<ScheduledActionRecord[]> {
  const found: ScheduledActionRecord[] = [];
  let from = after;
  for (;;) {
    const chunk = await repo.list({ ...base, after: from, limit: wanted });
    for (const action of chunk) {
      if (await readable(action)) found.push(action);
      if (found.length === wanted) return found;
    }
    if (chunk.length < wanted) return found;
    from = positionOf(chunk[chunk.length - 1]!);
  }
}

/**
 * The page a list request asks for. Toward `next` (or the first page): items past the cursor in the list's order,
 * `pages.next` when more follow, `pages.prev` unless it is the first page. Toward `prev`: the items before the cursor,
 * read backwards, `pages.prev` when more precede them.
 */
export async function readPage(
  repo: Pick<ScheduledActionsRepository, 'list'>,
  spaceId: string,
  environmentId: string,
  request: ScheduledActionListRequest,
  readable: (action: ScheduledActionRecord) => Promise<boolean>,
): Promise<ScheduledActionPage> {
  const { limit, cursor, filters } = request;
  const backward = cursor?.toward === 'prev';
  const base = {
    spaceId,
    environmentId,
    ...filters,
    descending: backward ? !filters.descending : filters.descending,
  };
  const run = await readableRun(repo, base, cursor?.position, limit + 1, readable);
  const more = run.length > limit;
  const items = run.slice(0, limit);
  if (backward) items.reverse();
  const first = items[0];
  const last = items[items.length - 1];
  const pages: ScheduledActionPage['pages'] = {};
  const url = (toward: 'next' | 'prev', at: ScheduledActionRecord) => pageUrl(spaceId, request, toward, positionOf(at));
  if (backward) {
    if (more && first) pages.prev = url('prev', first);
    if (last) pages.next = url('next', last);
  } else {
    if (more && last) pages.next = url('next', last);
    if (cursor && first) pages.prev = url('prev', first);
  }
  return { items, limit, pages };
}
