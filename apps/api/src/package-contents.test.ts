/**
 * Keeps the package installable outside the workspace (checks in scripts/package-contents.mjs, shared by every
 * published package; its bin included). Reads dist/, which `test` builds first (turbo).
 */
import { describe, expect, it } from "vitest";
import { packageContentsProblems } from "../../../scripts/package-contents.mjs";

describe("@rapport/api as published", () => {
  it("installs and loads from its tarball: files and bin built and published, dependencies declared, engines, license", () => {
    expect(packageContentsProblems(new URL("../", import.meta.url))).toEqual([]);
  });
});
