/**
 * Keeps the package installable outside the workspace (checks in scripts/package-contents.mjs, shared by every
 * published package). Reads dist/, which `test` builds first (turbo).
 */
import { describe, expect, it } from "vitest";
import { commonJsConsumerProblems } from "../../../scripts/common-js-consumer.mjs";
import { packageContentsProblems, packedFilesProblems, readPackageJson } from "../../../scripts/package-contents.mjs";

const packageFolder = new URL("../", import.meta.url);

describe("@rapport/graph as published", () => {
  it("installs and loads from its tarball: files built and published, dependencies declared, engines, license", () => {
    expect(packageContentsProblems(packageFolder)).toEqual([]);
  });

  it("loads by require() from a CommonJS project, each entry the very module import() loads (one copy, not a second build)", () => {
    expect(commonJsConsumerProblems(packageFolder)).toEqual([]);
  });

  it("packs only package.json, README.md, LICENSE and dist/, with no test or testing-only code nor a removed module's declarations (npm pack --dry-run)", () => {
    expect(packedFilesProblems(packageFolder)).toEqual([]);
  });

  it("depends on nothing else of Rapport's, so that it can be used alone", () => {
    expect(Object.keys(readPackageJson(packageFolder).dependencies ?? {}).filter((name) => name.startsWith("@rapport/"))).toEqual([]);
  });
});
