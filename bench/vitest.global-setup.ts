/**
 * Runs once before the bench tests: generates the S tenant that the smoke runs (run-benchmark.test.ts,
 * run-benchmark-only.test.ts) each copy and generate-tenant.test.ts reads, rather than each generating its own (three
 * generations of the same seeded tenant took 10 s of processor time).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { generateTenant, type SyntheticTenant } from "./src/generate-tenant.js";
import { SCALES } from "./src/scales.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The S tenant of the default seed, generated into a closed database file that a test copies before writing. */
    generatedS: { databasePath: string; tenant: SyntheticTenant };
  }
}

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), "rapport-bench-generated-"));
  const databasePath = join(folder, "S.db");
  project.provide("generatedS", { databasePath, tenant: await generateTenant(databasePath, SCALES.S) });
  return () => rmSync(folder, { recursive: true, force: true });
}
