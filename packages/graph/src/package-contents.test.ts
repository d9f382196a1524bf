/**
 * Keeps the package installable outside the workspace: what package.json points at is built and published, and
 * the built code needs nothing its installer would not get. Reads dist/, which `test` builds first (turbo).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { describe, expect, it } from "vitest";

interface PackageJson {
  name: string;
  license?: string;
  main: string;
  types: string;
  exports: Record<string, Record<string, string>>;
  files: string[];
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const packageFolder = new URL("../", import.meta.url);
const packageJson = JSON.parse(readFileSync(new URL("package.json", packageFolder), "utf8")) as PackageJson;
const workspaceRoot = JSON.parse(readFileSync(new URL("../../package.json", packageFolder), "utf8")) as PackageJson;

/** Every path package.json hands to Node or TypeScript: `main`, `types` and each condition of each export. */
const pointedAt = [packageJson.main, packageJson.types, ...Object.values(packageJson.exports).flatMap((conditions) => Object.values(conditions))];

/** The built JavaScript and declaration files, as published. */
const builtFiles = readdirSync(new URL("dist/", packageFolder)).filter((name) => /\.(js|d\.ts)$/.test(name));

/**
 * The module specifiers a built file loads or resolves: static imports and re-exports (at line start, as tsup
 * writes them), and literal dynamic imports, requires and `createRequire(...).resolve`s.
 */
function importedSpecifiers(code: string): string[] {
  const patterns = [
    /^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gm,
    /^import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire(?:\.resolve)?\(\s*["']([^"']+)["']\s*\)/g,
    /\bcreateRequire\([^)]*\)\.resolve\(\s*["']([^"']+)["']/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]!));
}

/** The package a bare specifier names (`graphology`, `@scope/name/sub` → `@scope/name`); null for a relative path. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith(".") || specifier.startsWith("/")) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

const isNodeBuiltin = (name: string) => name.startsWith("node:") || builtinModules.includes(name);

describe(`${packageJson.name} as published`, () => {
  it("builds every file package.json points at", () => {
    expect(pointedAt.length).toBeGreaterThan(2);
    expect(pointedAt.filter((path) => !existsSync(new URL(path, packageFolder)))).toEqual([]);
  });

  it("publishes every file package.json points at", () => {
    const published = (path: string) => {
      const relative = path.replace(/^\.\//, "");
      return packageJson.files.some((entry) => relative === entry || relative.startsWith(`${entry}/`));
    };
    expect(pointedAt.filter((path) => !published(path))).toEqual([]);
  });

  it("lists each export's types first, where TypeScript looks for them", () => {
    for (const conditions of Object.values(packageJson.exports)) expect(Object.keys(conditions)[0]).toBe("types");
  });

  it("loads only Node's modules and declared dependencies, never a devDependency", () => {
    const declared = new Set([...Object.keys(packageJson.dependencies ?? {}), ...Object.keys(packageJson.peerDependencies ?? {})]);
    const undeclared = builtFiles.flatMap((file) =>
      importedSpecifiers(readFileSync(new URL(`dist/${file}`, packageFolder), "utf8"))
        .map(packageOf)
        .filter((name): name is string => name !== null && !isNodeBuiltin(name) && !declared.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(builtFiles.length).toBeGreaterThan(0);
    expect(undeclared).toEqual([]);
  });

  it("depends on nothing else of Rapport's, so that it can be used alone", () => {
    expect(Object.keys(packageJson.dependencies ?? {}).filter((name) => name.startsWith("@rapport/"))).toEqual([]);
  });

  it("declares the Node versions the workspace runs on", () => {
    expect(packageJson.engines?.node).toBe(workspaceRoot.engines?.node);
  });

  it("publishes the repository's license, the one package.json names", () => {
    // npm packs a LICENSE file in the package folder whatever `files` says; the repository's own is not in the tarball.
    const license = readFileSync(new URL("LICENSE", packageFolder), "utf8");
    expect(packageJson.license).toBe("Apache-2.0");
    expect(license.trimStart().startsWith("Apache License\n                           Version 2.0, January 2004")).toBe(true);
    expect(license).toBe(readFileSync(new URL("../../LICENSE", packageFolder), "utf8"));
  });
});
