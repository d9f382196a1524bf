/**
 * @module
 * `node dist/stamp-build.js`, run after every build (the `stamp` task, which turbo never takes from its cache): stamps
 * the built code with the checkout's commit, or `RAPPORT_BUILD_COMMIT`, or none without git.
 */
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildCommit } from "./build-commit.js";
import { BUILD_STAMP_FILE, writeBuildStamp } from "./build-stamp.js";

const stamp = new URL(BUILD_STAMP_FILE, import.meta.url);
try {
  const commit = buildCommit({ folder: fileURLToPath(new URL("..", import.meta.url)), given: process.env.RAPPORT_BUILD_COMMIT });
  writeBuildStamp(stamp, commit);
} catch (error) {
  // An earlier build's stamp must not outlive a refused one.
  rmSync(stamp, { force: true });
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
