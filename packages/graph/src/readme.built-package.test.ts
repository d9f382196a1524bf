/**
 * Checks the README's code as a customer's service meets it: the built package (dist/, which `test` builds first),
 * imported by name from an ESM project. The example runs and prints what the README says; every `ts` block
 * type-checks against the published types (NodeNext and Bundler resolution), with the inputs a block only names
 * declared below.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const packageFolder = fileURLToPath(new URL("../", import.meta.url));
const readme = readFileSync(join(packageFolder, "README.md"), "utf8");

/** The code of every ```ts block, in README order. */
const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);

function markedBlock(marker: string): string {
  const start = readme.indexOf(`<!-- ${marker}:start -->`);
  const end = readme.indexOf(`<!-- ${marker}:end -->`);
  return readme.slice(start, end).replace(/^.*\n```[a-z]*\n/, "").replace(/```\n$/, "");
}

/** What the snippets take as given (a caller's rows, a database stream), typed as a service would have them. */
const GIVEN_INPUTS = `
type GivenInteraction = import("@rapport/graph").Interaction;
interface GivenInteractionRow { uuid: string; kind: string; occurred_at: number }
declare const rows: Iterable<GivenInteraction>;
declare const deploymentParameters: import("@rapport/graph").ScoringParameterOverrides;
declare const users: { uuid: string; person_uuid: string }[];
declare const currentAffiliations: { person_uuid: string; company_uuid: string }[];
declare const tenantUuid: string;
declare function interactionRows(tenantUuid: string): AsyncIterable<GivenInteractionRow>;
declare function mapRows<Row, Mapped>(rows: AsyncIterable<Row>, map: (row: Row) => Mapped): AsyncIterable<Mapped>;
declare function toGraphInteraction(row: GivenInteractionRow): GivenInteraction;
`;

/** The README's `Interaction` is the one the package exports: each is assignable to the other. */
const SAME_INTERACTION = `
import type { Interaction as ExportedInteraction, MeetingInteractionStatus } from "@rapport/graph";
export const documentedIsExported = (interaction: Interaction): ExportedInteraction => interaction;
export const exportedIsDocumented = (interaction: ExportedInteraction): Interaction => interaction;
`;

let project = "";

/** TypeScript's own declarations, parsed once for both checks (they are most of what a program parses). */
const parsedLibs = new Map<string, ts.SourceFile | undefined>();
const host = ts.createCompilerHost({});
const readSourceFile = host.getSourceFile.bind(host);
const defaultLibFolder = dirname(ts.getDefaultLibFilePath({}));
host.getSourceFile = (fileName, languageVersion, ...rest) => {
  if (!fileName.startsWith(defaultLibFolder)) return readSourceFile(fileName, languageVersion, ...rest);
  if (!parsedLibs.has(fileName)) parsedLibs.set(fileName, readSourceFile(fileName, languageVersion, ...rest));
  return parsedLibs.get(fileName);
};

beforeAll(() => {
  // A customer's project: ESM, with the package installed (linked) under its published name.
  project = mkdtempSync(join(tmpdir(), "rapport-graph-readme-"));
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "customer", private: true, type: "module" }));
  mkdirSync(join(project, "node_modules", "@rapport"), { recursive: true });
  symlinkSync(packageFolder, join(project, "node_modules", "@rapport", "graph"), "dir");
});

afterAll(() => {
  if (project !== "") rmSync(project, { recursive: true, force: true });
});

describe("the README, against the built package", () => {
  it("has the blocks this test knows: the import, the example, errors, the async hydration and Interaction", () => {
    expect(blocks).toHaveLength(5);
    expect(blocks[1]).toBe(markedBlock("example"));
  });

  it("runs the example as an ES module importing @rapport/graph and prints the README's output", () => {
    const compiled = ts.transpileModule(markedBlock("example"), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    writeFileSync(join(project, "example.js"), compiled);
    const printed = execFileSync(process.execPath, ["example.js"], { cwd: project, encoding: "utf8" });
    expect(printed.trimEnd()).toBe(markedBlock("output").trimEnd());
  });

  it.each([
    ["NodeNext", ts.ModuleKind.NodeNext, ts.ModuleResolutionKind.NodeNext],
    ["Bundler", ts.ModuleKind.ESNext, ts.ModuleResolutionKind.Bundler],
  ])("type-checks every ts block with the published types, as a strict %s project does", (_, module, moduleResolution) => {
    const files = blocks.map((code, position) => {
      const file = join(project, `block-${position}.ts`);
      writeFileSync(file, /^type Interaction =/m.test(code) ? `${code}${SAME_INTERACTION}` : `${code}\nexport {};\n`);
      return file;
    });
    const inputs = join(project, "given-inputs.d.ts");
    writeFileSync(inputs, GIVEN_INPUTS);
    const program = ts.createProgram([...files, inputs], {
      module,
      moduleResolution,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      noEmit: true,
      types: [],
      // TypeScript's own lib files (lib.dom.d.ts among them) are not this package's types: checking them was most of
      // the check's time. The built dist/index.d.ts is checked still (skipLibCheck would skip it).
      skipDefaultLibCheck: true,
    }, host);
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file === undefined ? "" : `${diagnostic.file.fileName.slice(project.length + 1)}: `;
      return `${where}${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
    });
    expect(problems).toEqual([]);
    // The types came from the built package, as a customer's would.
    const declarations = program.getSourceFiles().map((file) => file.fileName);
    expect(declarations).toContain(join(packageFolder, "dist", "index.d.ts"));
  });
});
