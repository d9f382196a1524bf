/** The values an entry module (its source file's URL) exports without a doc comment, and its classes' public methods without one. */
export function undocumentedExports(entryUrl: URL): string[];
