// What a published package of this workspace needs to install and load outside it, checked over its package.json
// and built dist/ (no packing, no registry). Plain JavaScript so that each package's tests can import it: a
// TypeScript file here would sit outside their rootDir. Types: package-contents.d.mts.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";

const LICENSE_OPENING = "Apache License\n                           Version 2.0, January 2004";

/**
 * The module specifiers a built file loads or resolves: static imports and re-exports (at line start, as tsup
 * and TypeScript write them), and literal dynamic imports, requires and `createRequire(...).resolve`s.
 */
export function importedSpecifiers(code) {
  const patterns = [
    // `from` after a space, `}` or `*`: not the string "from" of a declaration (`readonly ["from", "to"]`).
    /^(?:import|export)\b[^;]*?[\s}*]from\s*["']([^"']+)["']/gm,
    /^import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire(?:\.resolve)?\(\s*["']([^"']+)["']\s*\)/g,
    /\bcreateRequire\([^)]*\)\.resolve\(\s*["']([^"']+)["']/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]));
}

/** The package a bare specifier names (`graphology`, `@scope/name/sub` → `@scope/name`); null for a relative path. */
export function packageOf(specifier) {
  if (specifier.startsWith(".") || specifier.startsWith("/")) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** The prepack step every package with a `workspace:` dependency runs (scripts/pack-with-pnpm.mjs). */
export const PACK_WITH_PNPM = "node ../../scripts/pack-with-pnpm.mjs";

const isNodeBuiltin = (name) => name.startsWith("node:") || builtinModules.includes(name);

/** The DefinitelyTyped package holding the types of `name` (`better-sqlite3` → `@types/better-sqlite3`, `@scope/name` → `@types/scope__name`). */
function definitelyTypedName(name) {
  return `@types/${name.startsWith("@") ? name.slice(1).replace("/", "__") : name}`;
}

/**
 * Whether the dependency `name` of the package in `packageFolder` carries its own declarations, as TypeScript finds
 * them: a `types` or `typings` field, a `types` export condition, or a `.d.ts` beside its main or root export (or an
 * index.d.ts). A dependency that does not needs its `@types/` package among the dependencies too when a published
 * declaration imports it: a devDependency is not installed with the package, and a consumer's type check fails
 * (TS7016 in every declaration importing it, unless `skipLibCheck`, which makes its types `any`).
 */
function shipsTypes(packageFolder, name) {
  const manifest = new URL(`node_modules/${name}/package.json`, packageFolder);
  if (!existsSync(manifest)) return false;
  const dependency = JSON.parse(readFileSync(manifest, "utf8"));
  if (typeof dependency.types === "string" || typeof dependency.typings === "string") return true;
  if (JSON.stringify(dependency.exports ?? {}).includes('"types"')) return true;
  const root = dependency.exports?.["."] ?? dependency.exports;
  const entries = [dependency.main, "index.js", ...(typeof root === "string" ? [root] : Object.values(root ?? {}).filter((path) => typeof path === "string"))];
  return entries.some(
    (entry) => typeof entry === "string" && existsSync(new URL(entry.replace(/^\.\//, "").replace(/\.[cm]?js$|$/, ".d.ts"), new URL(`node_modules/${name}/`, packageFolder))),
  );
}

/** The package.json of the package in `packageFolder` (a file URL ending in `/`). */
export function readPackageJson(packageFolder) {
  return JSON.parse(readFileSync(new URL("package.json", packageFolder), "utf8"));
}

/**
 * Every reason the package in `packageFolder` would not install or load from its tarball, one sentence each; empty
 * when there is none. Checks: each path package.json hands to Node, npm or TypeScript (`main`, `types`, every
 * export condition, every bin) is built and listed in `files`; each export names its types first; the built code
 * loads only Node's modules and declared dependencies; the Node versions match the workspace's; the package
 * carries the repository's LICENSE (npm packs it whatever `files` says) under the license package.json names; a
 * package with a `workspace:` dependency refuses, before packing, every packer but pnpm (which alone replaces it).
 */
export function packageContentsProblems(packageFolder) {
  const packageJson = readPackageJson(packageFolder);
  const workspaceRoot = readPackageJson(new URL("../../", packageFolder));
  const problems = [];
  const exportConditions = Object.entries(packageJson.exports ?? {});
  const pointedAt = [
    packageJson.main,
    packageJson.types,
    ...exportConditions.flatMap(([, conditions]) => Object.values(conditions)),
    ...Object.values(packageJson.bin ?? {}),
  ].filter((path) => typeof path === "string");
  if (pointedAt.length < 3) problems.push(`package.json points at ${pointedAt.length} files; expected main, types and exports`);
  const files = packageJson.files ?? [];
  for (const path of pointedAt) {
    if (!existsSync(new URL(path, packageFolder))) problems.push(`${path} is not built`);
    const relative = path.replace(/^\.\//, "");
    if (!files.some((entry) => relative === entry || relative.startsWith(`${entry}/`))) problems.push(`${path} is not in files`);
  }
  for (const [entry, conditions] of exportConditions) {
    if (Object.keys(conditions)[0] !== "types") problems.push(`export ${entry} does not name its types first`);
  }
  const distFolder = new URL("dist/", packageFolder);
  // Declarations sit in the source's folders (the type check writes one per module), the JavaScript at the top.
  const builtFiles = existsSync(distFolder) ? readdirSync(distFolder, { recursive: true }).filter((name) => /\.(js|d\.ts)$/.test(name)) : [];
  if (builtFiles.length === 0) problems.push("dist/ holds no built .js or .d.ts file");
  const declared = new Set([...Object.keys(packageJson.dependencies ?? {}), ...Object.keys(packageJson.peerDependencies ?? {})]);
  for (const file of builtFiles) {
    for (const name of importedSpecifiers(readFileSync(new URL(file, distFolder), "utf8")).map(packageOf)) {
      if (name === null || isNodeBuiltin(name)) continue;
      if (!declared.has(name)) problems.push(`dist/${file} loads ${name}, which is not a dependency`);
      else if (file.endsWith(".d.ts") && !shipsTypes(packageFolder, name)) {
        const typesPackage = definitelyTypedName(name);
        if (!declared.has(typesPackage)) problems.push(`dist/${file} imports types from ${name}, which ships none, and ${typesPackage} is not a dependency`);
      }
    }
  }
  if (packageJson.engines?.node !== workspaceRoot.engines?.node) {
    problems.push(`engines.node is ${packageJson.engines?.node}, the workspace's ${workspaceRoot.engines?.node}`);
  }
  const workspaceDependencies = Object.entries({ ...packageJson.dependencies, ...packageJson.peerDependencies, ...packageJson.optionalDependencies })
    .filter(([, spec]) => String(spec).startsWith("workspace:"))
    .map(([name]) => name);
  if (workspaceDependencies.length > 0 && packageJson.scripts?.prepack !== PACK_WITH_PNPM) {
    problems.push(`depends on ${workspaceDependencies.join(", ")} by workspace: but scripts.prepack is not "${PACK_WITH_PNPM}"`);
  }
  if (packageJson.license !== "Apache-2.0") problems.push(`license is ${packageJson.license}, not Apache-2.0`);
  const license = new URL("LICENSE", packageFolder);
  if (!existsSync(license)) problems.push("no LICENSE file");
  else {
    const text = readFileSync(license, "utf8");
    if (!text.trimStart().startsWith(LICENSE_OPENING)) problems.push("LICENSE is not the Apache License 2.0");
    if (text !== readFileSync(new URL("../../LICENSE", packageFolder), "utf8")) problems.push("LICENSE differs from the repository's");
  }
  return [...new Set(problems)];
}

/** The files `npm pack` would put in the package's tarball (paths inside it), read from `npm pack --dry-run --json`. */
export function packedFiles(packageFolder) {
  const output = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: fileURLToPath(packageFolder),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return JSON.parse(output)[0].files.map((file) => file.path).sort();
}

/**
 * The files a built file names with `new URL(name, import.meta.url)`, to read them (a data file, its package.json)
 * or to import them (a bin's launcher loading the built code): `name` a string, or a constant set to one in `code` or
 * in `constants` (a bundler moves a shared constant into another chunk). A name neither gives is in `unread`.
 */
export function urlReferences(code, constants = new Map()) {
  const paths = [];
  const unread = [];
  for (const [, literal, name] of code.matchAll(/\bnew URL\(\s*(?:["'`]([^"'`$]+)["'`]|([A-Za-z_$][\w$]*))\s*,\s*import\.meta\.url\s*\)/g)) {
    const value = literal ?? stringConstants(code).get(name) ?? constants.get(name);
    if (value === undefined) unread.push(name);
    else paths.push(value);
  }
  return { paths, unread };
}

/** The string constants `code` declares at its top level (`var BUILD_STAMP_FILE = "build-commit.json";`), by name. */
function stringConstants(code) {
  return new Map([...code.matchAll(/^(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=\s*["']([^"'\\]*)["'];?$/gm)].map((match) => [match[1], match[2]]));
}

/** The package's files its `main`, export conditions and bins name, resolved against the package folder. */
function entryPointUrls(packageFolder, packageJson) {
  const entryPoints = [packageJson.main, ...Object.values(packageJson.exports ?? {}).flatMap((conditions) => Object.values(conditions)), ...Object.values(packageJson.bin ?? {})];
  return entryPoints.filter((path) => typeof path === "string" && /\.[cm]?js$/.test(path)).map((path) => new URL(path, packageFolder));
}

/**
 * What the package's entry points run and read once packed (the paths in `packed`), as paths inside the package:
 * `loaded`, the packed JavaScript files they load, directly or through the relative imports and URL references of what
 * they load (its `main`, every export condition and every bin); `read`, the other files that code names by URL;
 * `references`, each relative import or URL reference of a loaded file (`{ from, specifier, path }`); `unread`, the URL
 * references whose name is not a string.
 */
function entryPointReach(packageFolder, packed) {
  const root = packageFolder.href;
  const inPackage = (url) => (url.href.startsWith(root) ? decodeURIComponent(url.href.slice(root.length)) : null);
  const codeOf = new Map();
  const readCode = (url) => {
    if (!codeOf.has(url.href)) codeOf.set(url.href, existsSync(url) && statSync(url).isFile() ? readFileSync(url, "utf8") : null);
    return codeOf.get(url.href);
  };
  // Constants a bundler hoisted into a shared chunk, as every built file of the package declares them.
  const constants = new Map();
  const distFolder = new URL("dist/", packageFolder);
  const builtCode = existsSync(distFolder) ? readdirSync(distFolder, { recursive: true }).filter((name) => /\.[cm]?js$/.test(name)) : [];
  for (const name of builtCode) for (const [key, value] of stringConstants(readCode(new URL(name, distFolder)))) constants.set(key, constants.has(key) && constants.get(key) !== value ? undefined : value);
  const pending = entryPointUrls(packageFolder, readPackageJson(packageFolder));
  const loaded = new Set();
  const read = new Set();
  const references = [];
  const unread = [];
  while (pending.length > 0) {
    const file = pending.pop();
    const path = inPackage(file);
    if (path === null || loaded.has(path) || !packed.has(path)) continue;
    loaded.add(path);
    const code = readCode(file);
    if (code === null) continue;
    const urls = urlReferences(code, constants);
    for (const name of urls.unread) unread.push({ from: path, name });
    const relative = [...importedSpecifiers(code).filter((specifier) => specifier.startsWith(".")), ...urls.paths];
    for (const specifier of relative) {
      const target = new URL(specifier, file);
      const targetPath = inPackage(target);
      references.push({ from: path, specifier, path: targetPath });
      if (targetPath === null) continue;
      if (/\.[cm]?js$/.test(targetPath)) pending.push(target);
      else read.add(targetPath);
    }
  }
  return { loaded, read, references, unread };
}

/**
 * Every file the package's tarball would hold that it should not, or lacks that its code needs, one sentence each;
 * empty when none. A tarball holds package.json, README.md, LICENSE, its bins, built files under dist/ (JavaScript and
 * source maps at its top, declarations in the source's folders, as the type check writes them) and the files the
 * code reads by URL: no source, no test, and no test or testing-only module built into dist/ (as the source maps name
 * their sources) nor declared there, no declarations of a module src/ no longer holds, and no JavaScript that no
 * entry point of package.json loads. And every file the packed code loads (a relative import, static or dynamic: a
 * chunk) or names by `new URL(name, import.meta.url)` (a data file, the code a bin runs) is packed, the name of each
 * such URL a string this check can read.
 */
export function packedFilesProblems(packageFolder) {
  const problems = [];
  const files = packedFiles(packageFolder);
  const packed = new Set(files);
  const { loaded, read, references, unread } = entryPointReach(packageFolder, packed);
  const bins = new Set(Object.values(readPackageJson(packageFolder).bin ?? {}).map((path) => String(path).replace(/^\.\//, "")));
  for (const { from, specifier, path } of references) {
    if (path === null) problems.push(`${from} names ${specifier}, outside the package`);
    // A folder (`new URL("..", import.meta.url)`) is packed when a file under it is.
    else if (!packed.has(path) && !files.some((file) => file.startsWith(path.endsWith("/") || path === "" ? path : `${path}/`))) {
      problems.push(`${from} ${/\.[cm]?js$/.test(path) ? "loads" : "reads"} ${specifier} (${path}), which is not packed`);
    }
  }
  for (const { from, name } of unread) problems.push(`${from} names a file by new URL(${name}, import.meta.url), whose name this check cannot read: write it as a string`);
  for (const file of files) {
    // A cache hit of turbo's build adds the cached files and deletes none (remove-built-code runs first).
    const code = /^(dist\/.+\.js)(\.map)?$/.exec(file)?.[1];
    if (code !== undefined && !loaded.has(code)) problems.push(`${file} is packed, the code of no entry point nor of what one loads (left by an earlier build)`);
    const expected = ["package.json", "README.md", "LICENSE"].includes(file) || bins.has(file) || read.has(file);
    if (!expected && !/^dist\/([^/]+\.(js|js\.map)|([^/]+\/)*[^/]+\.d\.ts)$/.test(file)) problems.push(`${file} is packed`);
    if (/\.test\.d\.ts$|^dist\/(.+\/)?testing\//.test(file)) problems.push(`${file} is packed, the declarations of test or testing-only code`);
    // A cache hit of turbo's typecheck adds the cached declarations and deletes none (remove-declarations runs first).
    const source = /^dist\/(.+)\.d\.ts$/.exec(file)?.[1];
    if (source !== undefined && !existsSync(new URL(`src/${source}.ts`, packageFolder))) problems.push(`${file} is packed, the declarations of no module of src/ (left by an earlier build)`);
  }
  for (const file of files.filter((path) => path.endsWith(".js.map"))) {
    const { sources } = JSON.parse(readFileSync(new URL(file, packageFolder), "utf8"));
    for (const source of sources) {
      if (/\.test\.[cm]?[jt]sx?$|(^|\/)testing\//.test(source)) problems.push(`${file} holds ${source}, test or testing-only code`);
    }
  }
  if (!files.includes("package.json") || !files.some((file) => file.startsWith("dist/"))) problems.push("the tarball holds no package.json or no dist/");
  return problems;
}
