/** The values and types an entry module (its source file's URL) exports, read from its text and the modules it re-exports whole, sorted. */
export function exportedNames(entryUrl: URL): string[];
