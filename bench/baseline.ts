import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, ROOT } from './processes.ts';

export interface Baseline {
  /** The commit as given and its short hash. */
  readonly label: string;
  /** The checkout's root, for `withServerTree`. */
  readonly root: string;
  remove(): void;
}

const git = (args: string[], cwd = ROOT) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/**
 * `BENCH_BASELINE=REV`: the commit checked out beside this tree (a detached git worktree in the temporary folder,
 * sharing this tree's node_modules) and built as `npm start` builds it, so each part can run its servers from both
 * trees in one run, on one machine state.
 */
export function prepareBaseline(rev: string): Baseline {
  const commit = git(['rev-parse', '--verify', `${rev}^{commit}`]);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-baseline-'));
  git(['worktree', 'add', '--detach', '--force', root, commit]);
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  buildServer(root);
  return {
    label: `${rev} (${commit.slice(0, 9)})`,
    root,
    remove: () => git(['worktree', 'remove', '--force', root]),
  };
}
