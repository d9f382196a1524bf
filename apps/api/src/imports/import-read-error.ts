/**
 * @module
 * An archive that fails to read part-way (a disk error, a file of a folder removed or unreadable): the system's
 * error caught where the reader fails, and said in words with what the import wrote before it.
 */
import type { ImportSummary } from "./import-summary.js";
import { ImportFormatError } from "./imported-items.js";

/** Node's codes for a file that fails to read, and what each means to the user. */
const READ_FAILURES: Record<string, string> = {
  EIO: "the disk or device failed to read it",
  ENOENT: "it is no longer there",
  EACCES: "it is not readable by this user",
  EPERM: "it is not readable by this user",
  EISDIR: "it is a folder",
  ELOOP: "its symbolic links loop",
  ENXIO: "the device is not there",
};

/** A system error met reading one file of an archive (`file`), or the archive's only stream (`file` null). */
export class SourceReadError extends Error {
  override readonly name = "SourceReadError";

  constructor(
    readonly file: string | null,
    readonly code: string,
  ) {
    super(`${file ?? "the archive"}: ${code}`);
  }
}

/**
 * `error` as a SourceReadError when it is the system's failure to read a file (a Node error with a code and a system
 * call); undefined for any other error (a format error, a bug), which goes on as it is.
 */
export function sourceReadError(error: unknown, file: string | null): SourceReadError | undefined {
  if (error instanceof SourceReadError) return error;
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  if (typeof code !== "string" || typeof syscall !== "string") return undefined;
  return new SourceReadError(file, code);
}

/**
 * The import stopped because the archive failed to read: the entries read before it are written (whole batches, as
 * an interrupted import's), and a run of the same import adds the rest once the archive reads. Its message names the
 * file when one of a folder's failed, else "the archive"; `describe` names the archive as the caller shows it.
 */
export class ImportReadError extends ImportFormatError {
  constructor(
    readonly failure: SourceReadError,
    readonly summary: ImportSummary,
  ) {
    super("");
    this.message = this.describe("the archive");
  }

  /**
   * The message with `archive` (a path, "standard input") in place of "the archive".
   *
   * @example
   * error.describe("inbox.mbox"); // "cannot read inbox.mbox to its end: the disk or device failed to read it (EIO); ..."
   */
  describe(archive: string): string {
    const { file, code } = this.failure;
    const cause = READ_FAILURES[code] ?? "the system failed to read it";
    const { read, written } = this.summary.items;
    const items = `${written} ${written === 1 ? "item" : "items"}`;
    const done = this.summary.dry_run ? `${items} to write (dry run)` : `${items} written, in whole batches`;
    const entries = `${read} ${read === 1 ? "entry" : "entries"}`;
    return `cannot read ${file ?? archive} to its end: ${cause} (${code}); ${entries} read before it, ${done}; run the same import again once it reads (what is there is not written twice)`;
  }
}
