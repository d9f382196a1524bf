/**
 * Keeps the package installable outside the workspace (checks in scripts/package-contents.mjs, shared by every
 * published package), and its vocabulary entry free of SQLite. Reads dist/, which `test` builds first (turbo).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importedSpecifiers, packageContentsProblems, packageOf, readPackageJson } from "../../../scripts/package-contents.mjs";

const packageFolder = new URL("../", import.meta.url);
const packageJson = readPackageJson(packageFolder);

describe("@rapport/store as published", () => {
  it("installs and loads from its tarball: files built and published, dependencies declared, engines, license", () => {
    expect(packageContentsProblems(packageFolder)).toEqual([]);
  });

  it("loads no package at all from the vocabulary entry, which promises not to load SQLite, Kysely or the graph", () => {
    const visited = new Set<string>();
    const packagesLoaded: string[] = [];
    const visit = (file: string) => {
      if (visited.has(file)) return;
      visited.add(file);
      for (const specifier of importedSpecifiers(readFileSync(new URL(`dist/${file}`, packageFolder), "utf8"))) {
        if (packageOf(specifier) === null) visit(specifier.replace(/^\.\//, ""));
        else packagesLoaded.push(`${file}: ${specifier}`);
      }
    };
    visit(packageJson.exports["./vocabulary"]!["import"]!.replace(/^\.\/dist\//, ""));
    expect(packagesLoaded).toEqual([]);
  });

  it("builds the vocabulary entry's error classes once, shared with the main entry, so that instanceof holds across both", async () => {
    const entryUrl = (entry: string) => new URL(packageJson.exports[entry]!["import"]!, packageFolder).href;
    const main = (await import(/* @vite-ignore */ entryUrl("."))) as Record<string, unknown>;
    const vocabulary = (await import(/* @vite-ignore */ entryUrl("./vocabulary"))) as Record<string, unknown>;
    for (const name of ["ConflictError", "IncompatibleDatabaseError", "InvalidInputError", "NotFoundError"]) {
      expect(vocabulary[name], name).toBeTypeOf("function");
      expect(vocabulary[name], name).toBe(main[name]);
    }
  });
});
