import type { TestServer } from '../support/harness.ts';
import type { FuzzOperation } from './operations.ts';
import type { World } from './world.ts';

/** The template's path with the world's ids. */
export const pathOf = (template: string, world: World) =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(world.idFor(name, template)));

/** The resource an operation's version header refers to: its path without the action after it. */
const resourceOf = (template: string) =>
  template.replace(/\/(published|archived|revoked|files\/\{locale\}\/process)$/, '');

/**
 * The current versions of the world's resources, so a well-formed request carries the right `X-<Vendor>-Version`
 * and the broken part is judged past the version check. Read on first use; forget them after any successful write.
 */
export function versionCache(api: () => TestServer) {
  const known = new Map<string, string>();
  return {
    async of(op: FuzzOperation, world: World): Promise<string> {
      const path = pathOf(resourceOf(op.template), world);
      if (!known.has(path)) {
        const res = await api().get(path);
        api().takeViolations();
        known.set(path, String(res.status === 200 ? (res.body?.sys?.version ?? 1) : 1));
      }
      return known.get(path)!;
    },
    forget: () => known.clear(),
  };
}
