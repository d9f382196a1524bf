/**
 * Runs once before the API tests: gives the run a temporary folder of its own, makes Chromium available to the browser
 * test (see src/testing/chromium.ts), and migrates one database file that each test context copies instead of
 * migrating its own (test-harness.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore } from "@rapport/store";
import type { TestProject } from "vitest/node";
import { ensureChromium } from "./src/testing/chromium.js";

declare module "vitest" {
  export interface ProvidedContext {
    chromium: { path: string | null; reason: string | null };
    /** A closed database file with every migration applied and no rows of its own. */
    migratedDatabasePath: string;
    /** The run's temporary folder (TMPDIR of every worker and every process they start), removed at its end. */
    temporaryFolder: string;
  }
}

export default async function setup(project: TestProject) {
  // What the service writes to the OS temp folder by design (the uploads folder every server shares, a killed server's
  // files) and what a test failing part-way leaves there goes with the run's folder: the workers and the servers and
  // commands they start take the folder from TMPDIR, read at each os.tmpdir().
  const temporaryFolder = mkdtempSync(join(tmpdir(), "rapport-api-tests-"));
  const systemTemporary = process.env.TMPDIR;
  process.env.TMPDIR = temporaryFolder;
  project.provide("temporaryFolder", temporaryFolder);
  const found = ensureChromium((line) => console.log(line));
  project.provide("chromium", "reason" in found ? { path: null, reason: found.reason } : { path: found.path, reason: null });
  const folder = mkdtempSync(join(tmpdir(), "rapport-api-migrated-"));
  const migratedDatabasePath = join(folder, "migrated.db");
  // Closing the only connection checkpoints the WAL into the file and deletes it: the file alone is the database.
  await (await createSqliteStore({ path: migratedDatabasePath })).close();
  project.provide("migratedDatabasePath", migratedDatabasePath);
  return () => {
    rmSync(temporaryFolder, { recursive: true, force: true });
    if (systemTemporary === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemTemporary;
  };
}
