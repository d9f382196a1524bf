// A package's `typecheck`: one TypeScript run that checks every file of its tsconfig.json (sources, tests, configs),
// as `tsc -p tsconfig.json` did, and writes into dist/ the declarations its package.json points at (the `types` of
// each export) with every module they name, one .d.ts per module and no test's. tsup's dts bundling ran TypeScript
// over the same sources a second time. Plain JavaScript, run from the package's folder: node ../../scripts/check-types.mjs
// The api and the store run it with --max-semi-space-size=64: their programs allocate a gigabyte, and V8's default young
// generation (16 MB) collected it often enough to take 10-20% of the run's processor time (2026-12-08, 2 cores: api
// 28.5-32.6 s user at the default, 25.4-25.6 s at 64; store 24.9 s, 21.8 s; graph and bench no difference, left alone).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { removeDeclarations } from "./remove-declarations.mjs";

const packageFolder = process.cwd();
const sourceFolder = join(packageFolder, "src");
const distFolder = join(packageFolder, "dist");
const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => packageFolder, getNewLine: () => "\n" };

/** The source module whose declarations `dist/<path>.d.ts` holds: `src/<path>.ts`. */
const sourceOfDeclaration = (declaration) => resolve(packageFolder, declaration.replace(/^\.\/dist\//, "src/").replace(/\.d\.ts$/, ".ts"));

/** The relative module specifiers a declaration file names: imports, re-exports, `import("…")` types. */
function relativeSpecifiers(declarationText) {
  const specifiers = [];
  const visit = (node) => {
    const specifier =
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined ? node.moduleSpecifier
      : ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) ? node.argument.literal
      : undefined;
    if (specifier !== undefined && ts.isStringLiteral(specifier) && specifier.text.startsWith(".")) specifiers.push(specifier.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile("declarations.d.ts", declarationText, ts.ScriptTarget.Latest));
  return specifiers;
}

const configPath = join(packageFolder, "tsconfig.json");
const configText = ts.readConfigFile(configPath, ts.sys.readFile);
const config = ts.parseJsonConfigFileContent(configText.config ?? {}, ts.sys, packageFolder, undefined, configPath);
const options = { ...config.options, noEmit: false, declaration: true, emitDeclarationOnly: true, declarationMap: false };
const program = ts.createProgram({ rootNames: config.fileNames, options, configFileParsingDiagnostics: [...(configText.error ? [configText.error] : []), ...config.errors] });

// As tsc reports: the configuration's and the syntax's problems first, the types' only when there are none.
const diagnostics = [...program.getConfigFileParsingDiagnostics(), ...program.getSyntacticDiagnostics()];
if (diagnostics.length === 0) diagnostics.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics(), ...program.getSemanticDiagnostics());

const packageJson = JSON.parse(readFileSync(join(packageFolder, "package.json"), "utf8"));
const declared = [packageJson.types, ...Object.values(packageJson.exports ?? {}).map((conditions) => conditions?.types)].filter((path) => typeof path === "string");
const pending = [...new Set(declared.map(sourceOfDeclaration))];
const written = new Map();
const problems = [];
while (pending.length > 0) {
  const sourcePath = pending.shift();
  if (written.has(sourcePath)) continue;
  const sourceFile = program.getSourceFile(sourcePath);
  if (sourceFile === undefined || !sourcePath.startsWith(sourceFolder + sep)) {
    problems.push(`${relative(packageFolder, sourcePath)}: declared for dist/ but not a source of the package's tsconfig.json under src/`);
    continue;
  }
  let text = "";
  const result = program.emit(sourceFile, (_, emitted) => (text = emitted), undefined, true);
  diagnostics.push(...result.diagnostics);
  written.set(sourcePath, text);
  for (const specifier of relativeSpecifiers(text)) {
    const resolved = ts.resolveModuleName(specifier, sourcePath, options, ts.sys).resolvedModule?.resolvedFileName;
    if (resolved === undefined) problems.push(`${relative(packageFolder, sourcePath)}: its declarations name ${specifier}, which resolves to no module`);
    else if (!/\.d\.[cm]?ts$/.test(resolved)) pending.push(resolved);
  }
}
// The last run's declarations go (a module renamed or no longer named leaves none behind), then this run's are written.
removeDeclarations(distFolder);
for (const [sourcePath, text] of written) {
  const target = join(distFolder, relative(sourceFolder, sourcePath).replace(/\.[cm]?ts$/, ".d.ts"));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
}

const pretty = options.pretty ?? process.stdout.isTTY;
const sorted = ts.sortAndDeduplicateDiagnostics(diagnostics);
if (sorted.length > 0) process.stdout.write(pretty ? ts.formatDiagnosticsWithColorAndContext(sorted, host) : ts.formatDiagnostics(sorted, host));
for (const problem of problems) process.stdout.write(`${problem}\n`);
const errors = sorted.filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error).length + problems.length;
if (errors > 0) {
  process.stdout.write(`\nFound ${errors} error${errors === 1 ? "" : "s"}.\n`);
  process.exitCode = 1;
}
