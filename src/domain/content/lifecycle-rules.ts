import { badRequest, versionMismatch, type AppError } from '../../errors/index.ts';
import type { ContentRecord } from '../../storage/port/index.ts';

export type Transition = 'update' | 'publish' | 'unpublish' | 'archive' | 'unarchive' | 'delete';

const published = (r: ContentRecord) => r.publishedVersion !== null;
const archived = (r: ContentRecord) => r.archivedVersion !== null;

/**
 * Why a transition cannot apply to the entity as it is now, or undefined when it can. A version is required
 * for updates and publishing; archive and unarchive check it only when sent; unpublish and delete ignore it.
 * A version problem is reported before a state problem.
 */
export function refusal(
  current: ContentRecord,
  transition: Transition,
  version: number | undefined,
): AppError | undefined {
  const versionRequired = transition === 'update' || transition === 'publish';
  const versionChecked = versionRequired || transition === 'archive' || transition === 'unarchive';
  if (
    (versionRequired && version === undefined) ||
    (versionChecked && version !== undefined && version !== current.version)
  ) {
    return versionMismatch(current.version, version);
  }
  switch (transition) {
    case 'publish':
      return archived(current) ? badRequest('Cannot publish archived') : undefined;
    case 'unpublish':
      return published(current) ? undefined : badRequest('Not published');
    case 'archive':
      if (published(current)) return badRequest('Cannot archive published');
      return archived(current) ? badRequest('Already archived') : undefined;
    case 'unarchive':
      return archived(current) ? undefined : badRequest('Not archived');
    case 'delete':
      return published(current) ? badRequest('Cannot delete published') : undefined;
    default:
      return undefined;
  }
}
