/** @module How the import runner reads an archive's entries when reading fails part-way. */
import { sourceReadError, type SourceReadError } from "./import-read-error.js";
import type { SourceEntry } from "./imported-items.js";

/**
 * The entries until the archive fails to read (a disk error part-way): that failure is handed to `onFailure` and the
 * entries end there, so the whole entries read before it are written as an interrupted import's are. Any other
 * error (a format error, a bug) is thrown on.
 */
export async function* untilReadFailure(entries: AsyncIterable<SourceEntry>, onFailure: (failure: SourceReadError) => void): AsyncGenerator<SourceEntry> {
  try {
    yield* entries;
  } catch (error) {
    const failure = sourceReadError(error, null);
    if (failure === undefined) throw error;
    onFailure(failure);
  }
}

/** The entries; when reading one fails, `beforeFailing` is awaited before the failure is thrown on. */
export async function* awaitingBeforeFailure(entries: AsyncIterable<SourceEntry>, beforeFailing: () => Promise<void>): AsyncGenerator<SourceEntry> {
  try {
    yield* entries;
  } catch (error) {
    await beforeFailing();
    throw error;
  }
}
