/**
 * @module
 * The commit a build is made from, stamped into the build by tsup.config.ts: read at build time from git, never at run
 * time (an installed package has no checkout beside it).
 */
import { execFileSync } from "node:child_process";

/** What SemVer allows in build metadata: dot-separated identifiers of ASCII letters, digits and hyphens. */
const BUILD_METADATA = /^[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*$/;

export interface BuildCommitOptions {
  /** The folder built: its checkout is asked. */
  folder: string;
  /** `RAPPORT_BUILD_COMMIT` of the build's environment: given by a build without a checkout (a container's). */
  given?: string | undefined;
  /** The git program (default `git`); a test names one that is not there. */
  git?: string;
}

/**
 * The build's commit as SemVer build metadata: the checkout's commit, its first 12 hex digits, with `.dirty` when
 * tracked or new files differ from it (two builds of one commit with other changes are not the same build);
 * `given` instead when set (refused unless it is build metadata); null without git or outside a checkout, so that
 * such a build falls back to its release alone.
 *
 * @example
 * buildCommit({ folder: process.cwd() }); // "3f2a9c1b4e5d" or "3f2a9c1b4e5d.dirty", or null without git
 */
export function buildCommit({ folder, given, git = "git" }: BuildCommitOptions): string | null {
  if (given !== undefined && given.trim() !== "") {
    if (!BUILD_METADATA.test(given.trim())) {
      throw new Error(`buildCommit: RAPPORT_BUILD_COMMIT ${JSON.stringify(given)} is not SemVer build metadata (letters, digits, hyphens and dots)`);
    }
    return given.trim();
  }
  const run = (args: string[]) => execFileSync(git, args, { cwd: folder, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  try {
    const commit = run(["rev-parse", "--short=12", "HEAD"]);
    const changed = run(["status", "--porcelain"]) !== "";
    return `${commit}${changed ? ".dirty" : ""}`;
  } catch {
    // No git program, not a checkout, or one without a commit yet.
    return null;
  }
}
