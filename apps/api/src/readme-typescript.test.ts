/**
 * Type-checks the TypeScript a reader of the READMEs copies: the root README's MCP client (the official SDK, as a
 * customer's project installs it) and this package's Usage, against the built `@rapport/api` (dist/, which `test`
 * builds first). Both run elsewhere (mcp e2e tests call the same SDK, readme.test.ts runs the Usage); this holds their
 * names and types, which the SDK's releases move.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

const packageFolder = fileURLToPath(new URL("../", import.meta.url));
const block = (readme: string, after: string) => /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf(after)))?.[1] ?? "";
const rootReadme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
const samples = {
  "mcp-client.ts": block(rootReadme, "From code, with the official TypeScript SDK"),
  "api-usage.ts": block(readFileSync(new URL("../README.md", import.meta.url), "utf8"), "## Usage"),
};

const project = mkdtempSync(join(tmpdir(), "rapport-readme-typescript-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe("the READMEs' TypeScript", () => {
  it("type-checks in a strict ESM project with the packages it imports installed", () => {
    expect(samples["mcp-client.ts"]).toContain('from "@modelcontextprotocol/client"');
    expect(samples["api-usage.ts"]).toContain('from "@rapport/api"');
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "customer", private: true, type: "module" }));
    mkdirSync(join(project, "node_modules", "@rapport"), { recursive: true });
    mkdirSync(join(project, "node_modules", "@modelcontextprotocol"), { recursive: true });
    symlinkSync(packageFolder, join(project, "node_modules", "@rapport", "api"), "dir");
    symlinkSync(join(packageFolder, "node_modules", "@modelcontextprotocol", "client"), join(project, "node_modules", "@modelcontextprotocol", "client"), "dir");
    symlinkSync(fileURLToPath(new URL("../../../node_modules/@types", import.meta.url)), join(project, "node_modules", "@types"), "dir");
    const files = Object.entries(samples).map(([name, code]) => {
      writeFileSync(join(project, name), `${code}\nexport {};\n`);
      return join(project, name);
    });
    const program = ts.createProgram(files, {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      // Node's globals come from @types/node, as in a Node project; the DOM's declarations would only cost time.
      lib: ["lib.es2022.d.ts"],
      strict: true,
      noEmit: true,
      types: ["node"],
      // The packages' own declarations are theirs to check; these are the samples' names and types.
      skipLibCheck: true,
    });
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => `${diagnostic.file?.fileName.slice(project.length + 1) ?? ""}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`);
    expect(problems).toEqual([]);
    expect(program.getSourceFiles().map((file) => file.fileName)).toContain(join(packageFolder, "dist", "index.d.ts"));
  });
});
