/** The module specifiers a built file loads or resolves (static, dynamic, `require`, `createRequire(...).resolve`). */
export function importedSpecifiers(code: string): string[];
/** The files a built file names by `new URL(name, import.meta.url)` (`name` a string or a constant set to one); the names it cannot read in `unread`. */
export function urlReferences(code: string, constants?: ReadonlyMap<string, string | undefined>): { paths: string[]; unread: string[] };
/** The package a bare specifier names; null for a relative path. */
export function packageOf(specifier: string): string | null;
/** The package.json of the package in `packageFolder` (a file URL ending in `/`). */
export function readPackageJson(packageFolder: URL): {
  name: string;
  exports: Record<string, Record<string, string>>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  [field: string]: unknown;
};
/** Every reason the package would not install or load from its tarball, one sentence each; empty when none. */
export function packageContentsProblems(packageFolder: URL): string[];
/** The prepack step every package with a `workspace:` dependency runs. */
export const PACK_WITH_PNPM: string;
/** The files `npm pack` would put in the package's tarball (paths inside it), sorted. */
export function packedFiles(packageFolder: URL): string[];
/** Every file the package's tarball would hold that it should not (source, tests, testing-only code, stale build output), or lacks that its code loads or reads; empty when none. */
export function packedFilesProblems(packageFolder: URL): string[];
