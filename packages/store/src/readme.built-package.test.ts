/**
 * Checks the README's Usage as a customer's service meets it: the built package (dist/, which `test` builds first),
 * imported by name from an ESM project. The block type-checks against the published types under both module
 * resolutions a TypeScript 5 project of ours would use (NodeNext, Bundler), and runs as written, printing what the
 * README says it prints (its uuid aside: a new one each run).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const packageFolder = fileURLToPath(new URL("../", import.meta.url));
const readme = readFileSync(join(packageFolder, "README.md"), "utf8");
const usage = /## Usage\n\n```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";

let project = "";

/** Source files parsed once for both checks (Node's and TypeScript's own declarations are most of the work). */
const parsed = new Map<string, ts.SourceFile | undefined>();
const options = { target: ts.ScriptTarget.ES2022, strict: true, noEmit: true, types: ["node"] };
const host = ts.createCompilerHost(options);
const readSourceFile = host.getSourceFile.bind(host);
host.getSourceFile = (fileName, languageVersion, ...rest) => {
  if (!parsed.has(fileName)) parsed.set(fileName, readSourceFile(fileName, languageVersion, ...rest));
  return parsed.get(fileName);
};

beforeAll(() => {
  // A customer's project: ESM, with the package installed (linked) under its published name.
  project = mkdtempSync(join(tmpdir(), "rapport-store-readme-"));
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "customer", private: true, type: "module" }));
  mkdirSync(join(project, "node_modules", "@rapport"), { recursive: true });
  symlinkSync(packageFolder, join(project, "node_modules", "@rapport", "store"), "dir");
  // Node's types, as a Node project has them installed.
  symlinkSync(fileURLToPath(new URL("../../../node_modules/@types", import.meta.url)), join(project, "node_modules", "@types"), "dir");
  writeFileSync(join(project, "usage.ts"), `${usage}\nexport {};\n`);
});

afterAll(() => {
  if (project !== "") rmSync(project, { recursive: true, force: true });
});

describe("the README's Usage, against the built package", () => {
  it.each([
    ["NodeNext", ts.ModuleKind.NodeNext, ts.ModuleResolutionKind.NodeNext],
    ["Bundler", ts.ModuleKind.ESNext, ts.ModuleResolutionKind.Bundler],
  ])("type-checks with the published types under %s module resolution", (_, module, moduleResolution) => {
    const program = ts.createProgram([join(project, "usage.ts")], { ...options, module, moduleResolution }, host);
    // The example and the package's own declarations: the rest (Node's, Kysely's) is no concern of this package.
    const checked = program.getSourceFiles().filter((file) => file.fileName === join(project, "usage.ts") || file.fileName.startsWith(join(packageFolder, "dist")));
    const problems = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...checked.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
    ].map((diagnostic) => `${diagnostic.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`);
    expect(problems).toEqual([]);
    expect(checked.map((file) => file.fileName)).toContain(join(packageFolder, "dist", "index.d.ts"));
  });

  it("runs as an ES module importing @rapport/store, creating its database where it says, and prints what the README says", () => {
    const compiled = ts.transpileModule(usage, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
    writeFileSync(join(project, "usage.js"), compiled);
    const printed = execFileSync(process.execPath, ["usage.js"], { cwd: project, encoding: "utf8" });
    const stated = /<!-- output:start -->\n```\n([\s\S]*?)```\n<!-- output:end -->/.exec(readme)?.[1] ?? "";
    const anyUuid = (text: string) => text.replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, "<uuid>");
    expect(stated).toMatch(/^[0-9a-f-]{36} /);
    expect(anyUuid(printed)).toBe(anyUuid(stated));
    expect(existsSync(join(project, "data", "rapport.db"))).toBe(true);
  });
});
