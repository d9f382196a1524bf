/**
 * @module
 * The build's stamp: the commit a build is made from, written beside the built code after every build (never read
 * from git at run time: an installed package has no checkout beside it), so that turbo can keep the compiled code in
 * its cache while the stamp always says the checkout built last.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The stamp's file name, in the folder of the built code (`dist/`). */
export const BUILD_STAMP_FILE = "build-commit.json";

/**
 * Writes `commit` (null: none known) as the stamp at `file`, whole or not at all: written beside it and renamed into
 * place, so that a command starting meanwhile reads the old stamp or the new one, never half of one.
 */
export function writeBuildStamp(file: URL | string, commit: string | null): void {
  const path = file instanceof URL ? fileURLToPath(file) : file;
  const written = `${path}.${process.pid}.tmp`;
  writeFileSync(written, `${JSON.stringify({ commit })}\n`);
  renameSync(written, path);
}

/**
 * The commit of the stamp at `file`, or null when there is none (a run from source, a build not stamped) or it does
 * not hold a commit: a stamp can only add to what a build says of itself, never stop it from starting.
 */
export function readBuildStamp(file: URL | string): string | null {
  try {
    const { commit } = JSON.parse(readFileSync(file, "utf8")) as { commit?: unknown };
    return typeof commit === "string" && commit !== "" ? commit : null;
  } catch {
    return null;
  }
}
