import type { ImportSource, SourceEntry } from "../imported-items.js";

/** An import source over `entries`, each counted as one byte read, for tests of the run itself. */
export function sourceOf(entries: SourceEntry[]): ImportSource {
  let read = 0;
  async function* generate() {
    for (const entry of entries) {
      read += 1;
      yield entry;
    }
  }
  return { entries: generate(), bytesRead: () => read, totalBytes: entries.length };
}
