// Which values a package entry exports without a doc comment, found with TypeScript's checker over the entry's
// source. Plain JavaScript beside package-contents.mjs, so that each package's tests can import it. Types:
// exported-doc-comments.d.mts.
import { fileURLToPath } from "node:url";
import ts from "typescript";

const OPTIONS = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  strict: true,
  noEmit: true,
  types: [],
  // The packages' own library (tsconfig.base.json): the default of this target adds the DOM's declarations, whose
  // parsing was a sixth of a check and which no exported declaration needs for its doc comment.
  lib: ["lib.es2023.d.ts"],
};

/**
 * Source files parsed once for every entry checked in the process (a package's second entry reads most of the first's
 * files, and parsing them again was most of its check's time).
 */
const parsed = new Map();
const host = ts.createCompilerHost(OPTIONS);
const readSourceFile = host.getSourceFile.bind(host);
host.getSourceFile = (fileName, languageVersion, ...rest) => {
  const key = `${typeof languageVersion === "object" ? `${languageVersion.languageVersion}:${languageVersion.impliedNodeFormat}` : languageVersion} ${fileName}`;
  if (!parsed.has(key)) parsed.set(key, readSourceFile(fileName, languageVersion, ...rest));
  return parsed.get(key);
};

/** Whether the declaration has a doc comment with words in it (a bare tag such as `@internal` is not one). */
function hasDocComment(symbol, checker) {
  return symbol.getDocumentationComment(checker).some((part) => part.text.trim() !== "");
}

/**
 * The values (functions, classes, constants) the entry module at `entryUrl` exports, followed to where they are
 * declared, that have no doc comment, and the public methods and accessors of its exported classes that have none,
 * as `name` or `Class.member`, sorted. With `types: true`, the types (aliases, interfaces) it exports too; otherwise
 * they are left to the declarations that use them.
 */
export function undocumentedExports(entryUrl, { types = false } = {}) {
  const entry = fileURLToPath(entryUrl);
  const program = ts.createProgram([entry], OPTIONS, host);
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry));
  const undocumented = [];
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = symbol.valueDeclaration;
    if (declaration === undefined) {
      if (types && !hasDocComment(symbol, checker)) undocumented.push(exported.name);
      continue;
    }
    if (!hasDocComment(symbol, checker)) undocumented.push(exported.name);
    if (!ts.isClassDeclaration(declaration)) continue;
    for (const member of declaration.members) {
      const isMethod = ts.isMethodDeclaration(member) || ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member);
      if (!isMethod || member.name === undefined || ts.isPrivateIdentifier(member.name)) continue;
      if (ts.getCombinedModifierFlags(member) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
      const memberSymbol = checker.getSymbolAtLocation(member.name);
      if (memberSymbol !== undefined && !hasDocComment(memberSymbol, checker)) undocumented.push(`${exported.name}.${member.name.getText()}`);
    }
  }
  return [...new Set(undocumented)].sort();
}
