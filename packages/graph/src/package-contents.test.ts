/**
 * Keeps the package installable outside the workspace (checks in scripts/package-contents.mjs, shared by every
 * published package). Reads dist/, which `test` builds first (turbo).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { commonJsConsumerProblems } from "../../../scripts/common-js-consumer.mjs";
import { packageContentsProblems, packedFilesProblems, readPackageJson } from "../../../scripts/package-contents.mjs";

const packageFolder = new URL("../", import.meta.url);
const fixtures = mkdtempSync(join(tmpdir(), "rapport-packed-files-"));
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

/** A package as a bundler leaves it: an entry importing a chunk and a lazy chunk, reading a data file, and a bin's launcher running dist/cli.js. */
function bundledPackage(name: string, files: string[]): URL {
  const folder = join(fixtures, name);
  mkdirSync(join(folder, "dist"), { recursive: true });
  mkdirSync(join(folder, "bin"));
  const manifest = { name, version: "1.0.0", type: "module", main: "./dist/index.js", exports: { ".": { import: "./dist/index.js" } }, bin: { tool: "./bin/tool.js" }, files };
  writeFileSync(join(folder, "package.json"), JSON.stringify(manifest));
  writeFileSync(
    join(folder, "dist", "index.js"),
    [
      'import { shared } from "./chunk-SHARED.js";',
      'import { readFileSync } from "node:fs";',
      'var TABLE_FILE = "table.json";',
      "export const table = JSON.parse(readFileSync(new URL(TABLE_FILE, import.meta.url), \"utf8\"));",
      'export const lazy = () => import("./lazy-PART.js");',
      "export { shared };",
    ].join("\n"),
  );
  writeFileSync(join(folder, "dist", "chunk-SHARED.js"), "export const shared = 1;\n");
  writeFileSync(join(folder, "dist", "lazy-PART.js"), "export const part = 2;\n");
  writeFileSync(join(folder, "dist", "table.json"), "{}\n");
  writeFileSync(join(folder, "dist", "cli.js"), 'import { shared } from "./chunk-SHARED.js";\nconsole.log(shared);\n');
  writeFileSync(join(folder, "bin", "tool.js"), '#!/usr/bin/env node\nawait import(new URL("../dist/cli.js", import.meta.url).href);\n');
  return pathToFileURL(`${folder}/`);
}

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

describe("packedFilesProblems, of what the packed code loads and reads (scripts/package-contents.mjs)", () => {
  it("names each chunk, lazy chunk, data file and bin's code the tarball lacks (files naming the entry alone)", () => {
    expect(packedFilesProblems(bundledPackage("entry-alone", ["dist/index.js", "bin"])).sort()).toEqual([
      "bin/tool.js loads ../dist/cli.js (dist/cli.js), which is not packed",
      "dist/index.js loads ./chunk-SHARED.js (dist/chunk-SHARED.js), which is not packed",
      "dist/index.js loads ./lazy-PART.js (dist/lazy-PART.js), which is not packed",
      "dist/index.js reads table.json (dist/table.json), which is not packed",
    ]);
  });

  it("finds nothing missing once dist/ is packed whole, the data file the code reads included", () => {
    expect(packedFilesProblems(bundledPackage("whole", ["dist", "bin"]))).toEqual([]);
  });

  it("refuses a URL whose name it cannot read, which could name a file left out", () => {
    const folder = bundledPackage("unread-name", ["dist", "bin"]);
    writeFileSync(new URL("dist/lazy-PART.js", folder), 'export const read = (name) => new URL(name, import.meta.url);\n');
    expect(packedFilesProblems(folder)).toEqual([
      "dist/lazy-PART.js names a file by new URL(name, import.meta.url), whose name this check cannot read: write it as a string",
    ]);
  });
});

