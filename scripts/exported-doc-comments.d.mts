/**
 * The values an entry module (its source file's URL) exports without a doc comment, and its classes' public methods
 * without one; with `types: true`, the types it exports without one too.
 */
export function undocumentedExports(entryUrl: URL, options?: { types?: boolean }): string[];
