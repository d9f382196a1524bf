// The names a package entry's source exports, read from its text (no build, no type checker): what each package's
// README test holds its reference to. Plain JavaScript beside exported-doc-comments.mjs. Types: exported-names.d.mts.
import { readFileSync } from "node:fs";

/**
 * The values and types the entry module at `entryUrl` exports, sorted: each name of its `export { ... } from` and
 * `export type { ... } from` lists (`type` marks and `as` renames read), and every name a module it re-exports whole
 * (`export type * from`, `export * from`) declares with `export` or lists in such a list.
 */
export function exportedNames(entryUrl) {
  const source = readFileSync(entryUrl, "utf8");
  const names = new Set(listedNames(source));
  for (const [, module] of source.matchAll(/export\s+(?:type\s+)?\*\s+from\s+"([^"]+)"/g)) {
    const declared = readFileSync(new URL(module.replace(/\.js$/, ".ts"), entryUrl), "utf8");
    for (const name of listedNames(declared)) names.add(name);
    for (const [, name] of declared.matchAll(/^export\s+(?:declare\s+)?(?:abstract\s+)?(?:interface|type|class|function\*?|async\s+function|const|let|enum)\s+([A-Za-z_$][\w$]*)/gm)) {
      names.add(name);
    }
  }
  return [...names].sort();
}

/** The names of a module's `export { ... }` and `export type { ... }` lists, each as exported (after `as`). */
function listedNames(source) {
  return [...source.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap(([, list]) =>
    list.split(",").map((part) => part.trim().replace(/^type\s+/, "").split(/\s+as\s+/).pop().trim()).filter((name) => name !== ""),
  );
}
