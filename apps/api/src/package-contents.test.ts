/**
 * Keeps the package installable outside the workspace (checks in scripts/package-contents.mjs, shared by every
 * published package; its bin included). Reads dist/, which `test` builds first (turbo).
 */
import { describe, expect, it } from "vitest";
import { commonJsConsumerProblems } from "../../../scripts/common-js-consumer.mjs";
import { packageContentsProblems, packedFilesProblems, readPackageJson } from "../../../scripts/package-contents.mjs";

const packageFolder = new URL("../", import.meta.url);

/**
 * Known, left to the imports' owners: `writeLargeMbox` (the public entry's, for bench/) builds its mail with
 * src/imports/testing/archive-builders.ts, which is then no testing-only module. Any other problem fails.
 */
const KNOWN_PACKED_PROBLEMS = ["dist/index.js.map holds ../src/imports/testing/archive-builders.ts, test or testing-only code"];

describe("@rapport/api as published", () => {
  it("installs and loads from its tarball: files and bin built and published, dependencies declared, engines, license", () => {
    expect(packageContentsProblems(packageFolder)).toEqual([]);
  });

  it("loads by require() from a CommonJS project, the very module import() loads (one copy, not a second build)", () => {
    expect(commonJsConsumerProblems(packageFolder)).toEqual([]);
  });

  it("packs every chunk its entry and its bin load and the build stamp its code reads, and no build tool or file left by an earlier build (npm pack --dry-run)", () => {
    expect(packedFilesProblems(packageFolder).filter((problem) => !KNOWN_PACKED_PROBLEMS.includes(problem))).toEqual([]);
  });

  it("depends on the graph's and the store's minor (workspace:^, packed as ^<version>), not one exact version: a project whose own @rapport/graph or @rapport/store is another patch of it has one copy, whose graphs and errors the api knows", () => {
    const packageJson = readPackageJson(packageFolder);
    expect(Object.entries(packageJson.dependencies ?? {}).filter(([name]) => name.startsWith("@rapport/"))).toEqual([
      ["@rapport/graph", "workspace:^"],
      ["@rapport/store", "workspace:^"],
    ]);
  });
});
