/** The package version, read once from package.json (one level above both src/ and dist/), and the build's commit. */
import { readFileSync } from "node:fs";
import { BUILD_STAMP_FILE, readBuildStamp } from "./build/build-stamp.js";

/**
 * The version of `@rapport/api`, as its package.json says: the release, which the MCP server's `serverInfo` and
 * `rapport status` give. The OpenAPI document gives `API_CONTRACT_VERSION`.
 */
export const RAPPORT_VERSION: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;

/**
 * The commit this build was made from (`3f2a9c1b4e5d`, `.dirty` added when the checkout had changes), or null: the
 * stamp written beside the built code after its build (`dist/build-commit.json`); a run from source has none.
 */
export const RAPPORT_COMMIT: string | null = readBuildStamp(new URL(BUILD_STAMP_FILE, import.meta.url));

/**
 * `version` with `commit` as SemVer build metadata (`0.1.0+3f2a9c1b4e5d`), or `version` alone without a commit.
 *
 * @example
 * buildIdentity("0.1.0", "3f2a9c1b4e5d.dirty"); // "0.1.0+3f2a9c1b4e5d.dirty"
 */
export function buildIdentity(version: string, commit: string | null): string {
  return commit === null ? version : `${version}+${commit}`;
}

/**
 * This build: the release and the commit it was built from, which `rapport --version` and the server's `listening`
 * log line give, so that two builds of one release are told apart (the release moves only when versions are cut).
 */
export const RAPPORT_BUILD: string = buildIdentity(RAPPORT_VERSION, RAPPORT_COMMIT);
