/**
 * Keeps the package installable outside the workspace (checks in scripts/package-contents.mjs, shared by every
 * published package), and its vocabulary entry free of SQLite. Reads dist/, which `test` builds first (turbo).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { commonJsConsumerProblems } from "../../../scripts/common-js-consumer.mjs";
import { importedSpecifiers, packageContentsProblems, packedFilesProblems, packageOf, readPackageJson } from "../../../scripts/package-contents.mjs";
import { packerProblem } from "../../../scripts/pack-with-pnpm.mjs";

const packageFolder = new URL("../", import.meta.url);
const packageJson = readPackageJson(packageFolder);

describe("@rapport/store as published", () => {
  it("installs and loads from its tarball: files built and published, dependencies declared (and the types its declarations import), engines, license", () => {
    expect(packageContentsProblems(packageFolder)).toEqual([]);
  });

  it("loads by require() from a CommonJS project, each entry the very module import() loads (one copy, not a second build)", () => {
    expect(commonJsConsumerProblems(packageFolder)).toEqual([]);
  });

  it("packs only package.json, README.md, LICENSE and dist/, with no test or testing-only code nor a removed module's declarations (npm pack --dry-run)", () => {
    expect(packedFilesProblems(packageFolder)).toEqual([]);
  });

  it("refuses npm pack, whose tarball would keep @rapport/graph's workspace:^ and install nowhere; pnpm pack writes the range", () => {
    // Without the user agent of a pnpm that runs this test, which npm would take as its own.
    const { npm_config_user_agent: _, ...environment } = process.env;
    const packed = spawnSync("npm", ["pack", "--dry-run", "--json"], { cwd: fileURLToPath(packageFolder), encoding: "utf8", env: environment });
    expect(packed.status).not.toBe(0);
    expect(packed.stderr).toContain("@rapport/store: pack and publish it with pnpm (npx pnpm@10.34.9 pack), not npm/");
    expect(packed.stderr).toContain("@rapport/graph@workspace:^");
    expect(packerProblem(packageJson, "pnpm/10.34.9 npm/? node/v20.20.2 linux x64")).toBeNull();
    expect(packerProblem({ name: "alone", dependencies: { graphology: "0.26.0" } }, "npm/11.19.1 node/v20.20.2 linux x64")).toBeNull();
  });

  it("depends on @rapport/graph's minor (workspace:^, packed as ^<version>), not one exact version: a consumer whose own @rapport/graph is of that minor has one copy, and a graph minor releases the store as a patch, not a major", () => {
    expect(packageJson.dependencies?.["@rapport/graph"]).toBe("workspace:^");
    expect(packageJson.peerDependencies?.["@rapport/graph"]).toBeUndefined();
    expect(packageJson.devDependencies?.["@rapport/graph"]).toBeUndefined();
  });

  it("loads no package at all from the vocabulary entry (Node's own modules aside), which promises not to load SQLite, Kysely or the graph", () => {
    const visited = new Set<string>();
    const packagesLoaded: string[] = [];
    const visit = (file: string) => {
      if (visited.has(file)) return;
      visited.add(file);
      for (const specifier of importedSpecifiers(readFileSync(new URL(`dist/${file}`, packageFolder), "utf8"))) {
        // Node's own modules are no package (createParentFolders needs fs and path).
        if (isBuiltin(specifier)) continue;
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
    for (const name of ["ConflictError", "IncompatibleDatabaseError", "InvalidInputError", "NotFoundError", "StoreClosedError"]) {
      expect(vocabulary[name], name).toBeTypeOf("function");
      expect(vocabulary[name], name).toBe(main[name]);
    }
  });
});
